import type { AnswerOf } from '@brightwave/common';
import { api } from '../../app/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStats: build.query<AnswerOf<'GET /api/admin/dashboard/stats'>, void>({
      query: () => '/api/admin/dashboard/stats',
      providesTags: ['Stats'],
    }),
  }),
});

export const { useGetStatsQuery } = dashboardApi;
