import type { AnswerOf, ApplicationListQuery } from '@brightwave/common';
import { api, LIST_ID } from '../../app/api';

const applicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of every job's applications (`GET /api/jobs/applications`), each with its job's title. */
    getAllApplications: build.query<AnswerOf<'GET /api/jobs/applications'>, ApplicationListQuery>({
      query: (params) => ({ url: '/api/jobs/applications', params }),
      providesTags: (answer) => [
        ...(answer?.applications ?? []).map((application) => ({ type: 'Application' as const, id: application._id })),
        { type: 'Application', id: LIST_ID },
      ],
    }),
  }),
});

export const { useGetAllApplicationsQuery } = applicationsApi;
