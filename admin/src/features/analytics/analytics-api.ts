import type { AnalyticsQuery, AnswerOf } from '@brightwave/common';
import { api } from '../../app/api';

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // An empty `medium` is sent as it is: the channel with no medium, not any medium.
    getAnalytics: build.query<AnswerOf<'GET /api/admin/analytics'>, AnalyticsQuery>({
      query: (query) => ({ url: '/api/admin/analytics', params: query }),
    }),
  }),
});

export const { useGetAnalyticsQuery } = analyticsApi;
