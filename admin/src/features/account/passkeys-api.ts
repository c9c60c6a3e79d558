import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api } from '../../app/api';

const ROUTE = '/api/admin/me/passkeys';

/** The signed-in admin's passkeys: the list, the options of a new one (for the password), the new one, a removal (with the password). */
export const passkeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPasskeys: build.query<AnswerOf<'GET /api/admin/me/passkeys'>, void>({
      query: () => ROUTE,
      providesTags: ['Account'],
    }),
    // Options change nothing the screen shows: no tag is invalidated.
    passkeyOptions: build.mutation<AnswerOf<'POST /api/admin/me/passkeys/options'>, BodyOf<'POST /api/admin/me/passkeys/options'>>({
      query: (body) => ({ url: `${ROUTE}/options`, method: 'POST', body }),
    }),
    addPasskey: build.mutation<AnswerOf<'POST /api/admin/me/passkeys'>, BodyOf<'POST /api/admin/me/passkeys'>>({
      query: (body) => ({ url: ROUTE, method: 'POST', body }),
      invalidatesTags: (answer) => (answer ? ['Account'] : []),
    }),
    removePasskey: build.mutation<AnswerOf<'DELETE /api/admin/me/passkeys/:id'>, { id: string } & BodyOf<'DELETE /api/admin/me/passkeys/:id'>>({
      query: ({ id, ...body }) => ({ url: `${ROUTE}/${encodeURIComponent(id)}`, method: 'DELETE', body }),
      invalidatesTags: (answer) => (answer ? ['Account'] : []),
    }),
  }),
});

export const { useGetPasskeysQuery, usePasskeyOptionsMutation, useAddPasskeyMutation, useRemovePasskeyMutation } = passkeysApi;
