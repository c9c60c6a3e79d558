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
  }),
});

export const { useGetNotificationSettingsQuery, useSaveNotificationSettingsMutation } = settingsApi;
