import type { AnswerOf, ReportPeriod } from '@brightwave/common';
import { api } from '../../app/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStats: build.query<AnswerOf<'GET /api/admin/dashboard/stats'>, void>({
      query: () => '/api/admin/dashboard/stats',
      providesTags: ['Stats'],
    }),
    /** "Submissions by channel" of the last `days`; a status change (qualified, hired) makes it stale with the stats. */
    getChannels: build.query<AnswerOf<'GET /api/admin/dashboard/channels'>, ReportPeriod>({
      query: (days) => ({ url: '/api/admin/dashboard/channels', params: { days } }),
      providesTags: ['Stats'],
    }),
  }),
});

export const { useGetStatsQuery, useGetChannelsQuery } = dashboardApi;
