import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api } from '../../app/api';

/** The signed-in admin: their role (what the layout shows), password and sessions. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<AnswerOf<'GET /api/admin/account'>, void>({
      query: () => '/api/admin/account',
      providesTags: ['Account'],
    }),
    changePassword: build.mutation<AnswerOf<'PUT /api/admin/account/password'>, BodyOf<'PUT /api/admin/account/password'>>({
      query: (body) => ({ url: '/api/admin/account/password', method: 'PUT', body }),
      invalidatesTags: (answer) => (answer ? ['Account'] : []),
    }),
    getSessions: build.query<AnswerOf<'GET /api/admin/account/sessions'>, void>({
      query: () => '/api/admin/account/sessions',
      providesTags: ['Account'],
    }),
    revokeSession: build.mutation<AnswerOf<'DELETE /api/admin/account/sessions/:id'>, string>({
      query: (id) => ({ url: `/api/admin/account/sessions/${id}`, method: 'DELETE' }),
      invalidatesTags: (answer) => (answer ? ['Account'] : []),
    }),
  }),
});

export const { useGetAccountQuery, useChangePasswordMutation, useGetSessionsQuery, useRevokeSessionMutation } = accountApi;
