import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api } from '../../app/api';

/** Admins and roles (owners). Invitations share the Admin tag: inviting, revoking and demoting change both lists. */
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
    // An owner's help with another admin's sign-in (decision 094): the list shows their factors and grace period.
    resetAdminSignIn: build.mutation<AnswerOf<'POST /api/admin/admins/:id/sign-in-reset'>, { id: string } & BodyOf<'POST /api/admin/admins/:id/sign-in-reset'>>(
      {
        query: ({ id, ...body }) => ({ url: `/api/admin/admins/${id}/sign-in-reset`, method: 'POST', body }),
        invalidatesTags: (answer) => (answer ? ['Admin'] : []),
      },
    ),
    restartSignInGrace: build.mutation<AnswerOf<'POST /api/admin/admins/:id/sign-in-grace'>, string>({
      query: (id) => ({ url: `/api/admin/admins/${id}/sign-in-grace`, method: 'POST' }),
      invalidatesTags: ['Admin'],
    }),
    getInvites: build.query<AnswerOf<'GET /api/admin/invites'>, void>({
      query: () => '/api/admin/invites',
      providesTags: ['Admin'],
    }),
    // Refetched after a failure too: a 404 means the invitation was accepted or revoked meanwhile.
    revokeInvite: build.mutation<AnswerOf<'DELETE /api/admin/invites/:id'>, string>({
      query: (id) => ({ url: `/api/admin/invites/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const {
  useGetAdminsQuery,
  useGetInvitesQuery,
  useInviteAdminMutation,
  useResetAdminSignInMutation,
  useRestartSignInGraceMutation,
  useRevokeInviteMutation,
  useUpdateAdminMutation,
} = adminsApi;
