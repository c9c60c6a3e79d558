import type { AnswerOf, WorkListQuery } from '@brightwave/common';
import { api, LIST_ID } from '../../app/api';
import type { Found } from './palette-options';

const paletteApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every job's applications whose name or e-mail holds the search (`GET /api/jobs/applications`), one page. */
    searchApplications: build.query<Found[], WorkListQuery>({
      query: (params) => ({ url: '/api/jobs/applications', params }),
      transformResponse: (answer: AnswerOf<'GET /api/jobs/applications'>) =>
        answer.applications.map((row) => ({ _id: row._id, label: row.fullName, detail: row.jobTitle ? `${row.email} · ${row.jobTitle}` : row.email })),
      providesTags: [{ type: 'Application', id: LIST_ID }],
    }),
  }),
});

export const { useSearchApplicationsQuery } = paletteApi;
