import type { DashboardStats } from '@brightwave/common';
import { api } from '../../app/api';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStats: build.query<{ success: boolean; stats: DashboardStats }, void>({
      query: () => '/api/admin/dashboard/stats',
      providesTags: ['Stats'],
    }),
  }),
});

export const { useGetStatsQuery } = dashboardApi;
