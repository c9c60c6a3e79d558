import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { sessionEnded } from '../features/auth/auth-slice';
import { readStoredToken } from '../features/auth/session-storage';

// The login steps answer 401/400 for wrong input: those are messages to show, not an expired session.
export const SIGN_IN_ENDPOINTS = new Set(['login', 'verifyCode', 'resendCode']);

export type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

export function authorizationHeader(): Record<string, string> {
  const token = readStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * One base query for every call (SPEC §6, §7): credentials included, JSON, the stored admin token as a
 * Bearer header, and any 401 outside the sign-in steps ends the session (storage cleared by the store's
 * listener, the route guard then sends the browser to /admin/login).
 */
export function createBaseQuery(baseUrl: string): AppBaseQuery {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl,
    credentials: 'include',
    prepareHeaders: (headers) => {
      for (const [name, value] of Object.entries(authorizationHeader())) headers.set(name, value);
      headers.set('Accept', 'application/json');
      return headers;
    },
  });
  return async (args, api, extraOptions) => {
    const result = await rawBaseQuery(args, api, extraOptions);
    if (result.error?.status === 401 && !SIGN_IN_ENDPOINTS.has(api.endpoint)) {
      api.dispatch(sessionEnded());
    }
    return result;
  };
}
