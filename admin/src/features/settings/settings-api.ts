import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api } from '../../app/api';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationSettings: build.query<AnswerOf<'GET /api/admin/settings/notifications'>, void>({
      query: () => '/api/admin/settings/notifications',
      providesTags: ['Settings'],
    }),
    saveNotificationSettings: build.mutation<AnswerOf<'PUT /api/admin/settings/notifications'>, BodyOf<'PUT /api/admin/settings/notifications'>>({
      query: (body) => ({ url: '/api/admin/settings/notifications', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
    getSignInPolicy: build.query<AnswerOf<'GET /api/admin/settings/sign-in'>, void>({
      query: () => '/api/admin/settings/sign-in',
      providesTags: ['Settings'],
    }),
    // A new policy changes what it asks of every admin (the Admins screen) and may ask the owner who saved it to set
    // up a strong factor first (their account).
    saveSignInPolicy: build.mutation<AnswerOf<'PUT /api/admin/settings/sign-in'>, BodyOf<'PUT /api/admin/settings/sign-in'>>({
      query: (body) => ({ url: '/api/admin/settings/sign-in', method: 'PUT', body }),
      invalidatesTags: (answer) => (answer ? ['Settings', 'Admin', 'Account'] : []),
    }),
  }),
});

export const { useGetNotificationSettingsQuery, useSaveNotificationSettingsMutation, useGetSignInPolicyQuery, useSaveSignInPolicyMutation } = settingsApi;
