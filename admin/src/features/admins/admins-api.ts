import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api } from '../../app/api';

/** Admins and roles (owners). */
export const adminsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdmins: build.query<AnswerOf<'GET /api/admin/admins'>, void>({
      query: () => '/api/admin/admins',
      providesTags: ['Admin'],
    }),
    inviteAdmin: build.mutation<AnswerOf<'POST /api/admin/admins'>, BodyOf<'POST /api/admin/admins'>>({
      query: (body) => ({ url: '/api/admin/admins', method: 'POST', body }),
      invalidatesTags: (answer) => (answer ? ['Admin'] : []),
    }),
    updateAdmin: build.mutation<AnswerOf<'PATCH /api/admin/admins/:id'>, { id: string } & BodyOf<'PATCH /api/admin/admins/:id'>>({
      query: ({ id, ...body }) => ({ url: `/api/admin/admins/${id}`, method: 'PATCH', body }),
      invalidatesTags: (answer) => (answer ? ['Admin'] : []),
    }),
  }),
});

export const { useGetAdminsQuery, useInviteAdminMutation, useUpdateAdminMutation } = adminsApi;
