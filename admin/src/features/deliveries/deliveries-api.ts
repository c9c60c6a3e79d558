import type { AnswerOf, ListQuery } from '@brightwave/common';
import { api, LIST_ID, withoutEmpty } from '../../app/api';

export const deliveriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDeliveries: build.query<AnswerOf<'GET /api/admin/deliveries'>, ListQuery>({
      query: (params) => ({ url: '/api/admin/deliveries', params: withoutEmpty(params) }),
      providesTags: [{ type: 'Delivery', id: LIST_ID }],
    }),
    retryDelivery: build.mutation<AnswerOf<'POST /api/admin/deliveries/:id/retry'>, string>({
      query: (id) => ({ url: `/api/admin/deliveries/${id}/retry`, method: 'POST' }),
      invalidatesTags: [{ type: 'Delivery', id: LIST_ID }, 'Stats'],
    }),
  }),
});

export const { useGetDeliveriesQuery, useRetryDeliveryMutation } = deliveriesApi;
