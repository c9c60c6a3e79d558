import type { AdminDetails } from '@brightwave/common';
import { api } from '../../app/api';

export interface LoginAnswer {
  success: boolean;
  adminId?: string;
  message?: string;
}
export interface VerifyAnswer {
  success: boolean;
  token?: string;
  admin?: AdminDetails;
  message?: string;
}

// The sign-in endpoints are named in SIGN_IN_ENDPOINTS (base-query.ts): their 401s are shown, not a logout.
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, { email: string; password: string }>({
      query: (body) => ({ url: '/admin/login', method: 'POST', body }),
    }),
    verifyCode: build.mutation<VerifyAnswer, { adminId: string; otp: string }>({
      query: (body) => ({ url: '/admin/verify-2fa', method: 'POST', body }),
    }),
    resendCode: build.mutation<{ success: boolean; message?: string }, { adminId: string }>({
      query: (body) => ({ url: '/admin/resend-otp', method: 'POST', body }),
    }),
    logout: build.mutation<{ success: boolean }, void>({
      query: () => ({ url: '/admin/logout', method: 'POST' }),
    }),
  }),
});

export const { useLoginMutation, useVerifyCodeMutation, useResendCodeMutation, useLogoutMutation } = authApi;
