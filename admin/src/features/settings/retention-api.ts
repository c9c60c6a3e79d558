import type { AnswerOf } from '@brightwave/common';
import { api } from '../../app/api';

export const retentionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRetention: build.query<AnswerOf<'GET /api/admin/settings/retention'>, void>({
      query: () => '/api/admin/settings/retention',
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetRetentionQuery } = retentionApi;
