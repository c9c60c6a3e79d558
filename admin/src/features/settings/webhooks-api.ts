import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api, LIST_ID } from '../../app/api';

export const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWebhooks: build.query<AnswerOf<'GET /api/admin/settings/webhooks'>, void>({
      query: () => '/api/admin/settings/webhooks',
      providesTags: (answer) => [
        { type: 'Webhook', id: LIST_ID },
        ...(answer?.webhooks ?? []).map((webhook) => ({ type: 'Webhook' as const, id: webhook._id })),
      ],
    }),
    addWebhook: build.mutation<AnswerOf<'POST /api/admin/settings/webhooks'>, BodyOf<'POST /api/admin/settings/webhooks'>>({
      query: (body) => ({ url: '/api/admin/settings/webhooks', method: 'POST', body }),
      invalidatesTags: [{ type: 'Webhook', id: LIST_ID }],
    }),
    setWebhookEnabled: build.mutation<AnswerOf<'PATCH /api/admin/settings/webhooks/:id'>, { id: string } & BodyOf<'PATCH /api/admin/settings/webhooks/:id'>>({
      query: ({ id, enabled }) => ({ url: `/api/admin/settings/webhooks/${id}`, method: 'PATCH', body: { enabled } }),
      invalidatesTags: (_answer, _error, { id }) => [
        { type: 'Webhook', id },
        { type: 'Delivery', id: LIST_ID },
      ],
    }),
    deleteWebhook: build.mutation<AnswerOf<'DELETE /api/admin/settings/webhooks/:id'>, string>({
      query: (id) => ({ url: `/api/admin/settings/webhooks/${id}`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [
        { type: 'Webhook', id },
        { type: 'Delivery', id: LIST_ID },
      ],
    }),
  }),
});

export const { useGetWebhooksQuery, useAddWebhookMutation, useSetWebhookEnabledMutation, useDeleteWebhookMutation } = webhooksApi;
