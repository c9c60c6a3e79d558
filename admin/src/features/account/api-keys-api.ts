import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api } from '../../app/api';

const ROUTE = '/api/admin/api-keys';

/** API keys: the list (an owner's has everyone's), a new key (answered once), a revocation. The section refetches its list after a change. */
export const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<AnswerOf<'GET /api/admin/api-keys'>, void>({
      query: () => ROUTE,
    }),
    createApiKey: build.mutation<AnswerOf<'POST /api/admin/api-keys'>, BodyOf<'POST /api/admin/api-keys'>>({
      query: (body) => ({ url: ROUTE, method: 'POST', body }),
    }),
    revokeApiKey: build.mutation<AnswerOf<'DELETE /api/admin/api-keys/:id'>, { id: string }>({
      query: ({ id }) => ({ url: `${ROUTE}/${encodeURIComponent(id)}`, method: 'DELETE' }),
    }),
  }),
});

export const { useGetApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
