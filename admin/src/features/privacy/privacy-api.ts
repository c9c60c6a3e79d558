import type { AnswerOf } from '@brightwave/common';
import { api } from '../../app/api';

export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrivacyData: build.query<AnswerOf<'GET /api/admin/privacy'>, string>({
      query: (email) => ({ url: '/api/admin/privacy', params: { email } }),
      providesTags: ['Privacy'],
    }),
    erasePrivacyData: build.mutation<AnswerOf<'DELETE /api/admin/privacy'>, string>({
      query: (email) => ({ url: '/api/admin/privacy', method: 'DELETE', params: { email } }),
      // The person's rows leave every list and count.
      invalidatesTags: ['Privacy', 'Stats', 'Lead', 'Contact', 'Application', 'Delivery'],
    }),
  }),
});

export const { useGetPrivacyDataQuery, useErasePrivacyDataMutation } = privacyApi;
