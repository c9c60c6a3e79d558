import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api } from '../../app/api';

// The address travels in a POST body, never in the URL: access logs, proxies and browser history keep URLs.
export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrivacyData: build.query<AnswerOf<'POST /api/admin/privacy/lookup'>, string>({
      query: (email) => ({ url: '/api/admin/privacy/lookup', method: 'POST', body: { email } satisfies BodyOf<'POST /api/admin/privacy/lookup'> }),
      providesTags: ['Privacy'],
    }),
    erasePrivacyData: build.mutation<AnswerOf<'POST /api/admin/privacy/erase'>, string>({
      query: (email) => ({ url: '/api/admin/privacy/erase', method: 'POST', body: { email } satisfies BodyOf<'POST /api/admin/privacy/erase'> }),
      // The person's rows leave every list and count.
      invalidatesTags: ['Privacy', 'Stats', 'Lead', 'Contact', 'Application', 'Delivery'],
    }),
  }),
});

export const { useGetPrivacyDataQuery, useErasePrivacyDataMutation } = privacyApi;
