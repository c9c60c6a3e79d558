import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { sessionEnded } from '../features/auth/auth-actions';
import { authorizationHeader } from '../features/auth/session';

export type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/**
 * One base query for every call (SPEC §6, §7): credentials included, JSON, the stored admin token as a
 * Bearer header, and any 401 ends the session (storage cleared by the store's listener, the route guard
 * then sends the browser to /admin/login). The sign-in steps, whose 401s are messages for the form, do not
 * come through here (features/auth/sign-in-api.ts).
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
    if (result.error?.status === 401) {
      api.dispatch(sessionEnded());
    }
    return result;
  };
}
