import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api } from '../../app/api';

const ROUTE = '/api/admin/me/totp';

/**
 * The signed-in admin's authenticator app: its state, a setup, its confirmation (the recovery codes), its removal and new
 * recovery codes. Every change but the confirmation takes the password again.
 */
export const authenticatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuthenticator: build.query<AnswerOf<'GET /api/admin/me/totp'>, void>({
      query: () => ROUTE,
      providesTags: ['Account'],
    }),
    // A setup changes nothing the screen shows until it is confirmed: no tag is invalidated.
    setUpAuthenticator: build.mutation<AnswerOf<'POST /api/admin/me/totp'>, BodyOf<'POST /api/admin/me/totp'>>({
      query: (body) => ({ url: ROUTE, method: 'POST', body }),
    }),
    confirmAuthenticator: build.mutation<AnswerOf<'POST /api/admin/me/totp/confirm'>, BodyOf<'POST /api/admin/me/totp/confirm'>>({
      query: (body) => ({ url: `${ROUTE}/confirm`, method: 'POST', body }),
      invalidatesTags: (answer) => (answer ? ['Account'] : []),
    }),
    removeAuthenticator: build.mutation<AnswerOf<'DELETE /api/admin/me/totp'>, BodyOf<'DELETE /api/admin/me/totp'>>({
      query: (body) => ({ url: ROUTE, method: 'DELETE', body }),
      invalidatesTags: (answer) => (answer ? ['Account'] : []),
    }),
    replaceRecoveryCodes: build.mutation<AnswerOf<'POST /api/admin/me/totp/recovery-codes'>, BodyOf<'POST /api/admin/me/totp/recovery-codes'>>({
      query: (body) => ({ url: `${ROUTE}/recovery-codes`, method: 'POST', body }),
      invalidatesTags: (answer) => (answer ? ['Account'] : []),
    }),
  }),
});

export const {
  useGetAuthenticatorQuery,
  useSetUpAuthenticatorMutation,
  useConfirmAuthenticatorMutation,
  useRemoveAuthenticatorMutation,
  useReplaceRecoveryCodesMutation,
} = authenticatorApi;
