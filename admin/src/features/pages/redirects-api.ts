import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api } from '../../app/api';

// Under the Page tag (the app's tag list is in the first load, which has no room left): a page's publish may add or
// remove a redirect, so the pages' publish invalidates this one too (REDIRECTS_TAG).
export const REDIRECTS_TAG = { type: 'Page' as const, id: 'REDIRECTS' };

export const redirectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRedirects: build.query<AnswerOf<'GET /api/admin/redirects'>, void>({
      query: () => '/api/admin/redirects',
      providesTags: [REDIRECTS_TAG],
    }),
    createRedirect: build.mutation<AnswerOf<'POST /api/admin/redirects'>, BodyOf<'POST /api/admin/redirects'>>({
      query: (body) => ({ url: '/api/admin/redirects', method: 'POST', body }),
      invalidatesTags: (answer) => (answer ? [REDIRECTS_TAG] : []),
    }),
    deleteRedirect: build.mutation<AnswerOf<'DELETE /api/admin/redirects/:id'>, string>({
      query: (id) => ({ url: `/api/admin/redirects/${id}`, method: 'DELETE' }),
      invalidatesTags: (answer) => (answer ? [REDIRECTS_TAG] : []),
    }),
  }),
});

export const { useGetRedirectsQuery, useCreateRedirectMutation, useDeleteRedirectMutation } = redirectsApi;
