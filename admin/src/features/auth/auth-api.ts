import { api } from '../../app/api';

// Signing in goes through sign-in-api.ts (plain fetch, loaded before the store); signing out is a signed-in call.
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<{ success: boolean }, void>({
      query: () => ({ url: '/admin/logout', method: 'POST' }),
    }),
  }),
});

export const { useLogoutMutation } = authApi;
