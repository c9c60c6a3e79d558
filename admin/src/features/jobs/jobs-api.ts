import type { AnswerOf, BodyOf, JobPayload, ListQuery } from '@brightwave/common';
import { api, LIST_ID, withoutEmpty } from '../../app/api';
import { workItemTag } from '../workspace/work-items';

const applicationsOfJob = (jobId: string) => ({ type: 'Application' as const, id: `JOB-${jobId}` });

/** An empty "Applications close on" is no closing date: the field is left out (a PUT then clears it). */
function withoutEmptyClosingDate(body: JobPayload): JobPayload {
  const { closesAt, ...rest } = body;
  return closesAt ? { ...rest, closesAt } : rest;
}

export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminJobs: build.query<AnswerOf<'GET /api/jobs/admin'>, ListQuery>({
      query: (params) => ({ url: '/api/jobs/admin', params: withoutEmpty(params) }),
      providesTags: (answer) => [...(answer?.jobs ?? []).map((job) => ({ type: 'Job' as const, id: job._id })), { type: 'Job' as const, id: LIST_ID }],
    }),
    createJob: build.mutation<AnswerOf<'POST /api/jobs/admin'>, BodyOf<'POST /api/jobs/admin'>>({
      query: (body) => ({ url: '/api/jobs/admin', method: 'POST', body: withoutEmptyClosingDate(body) }),
      invalidatesTags: (answer) => (answer ? [{ type: 'Job', id: LIST_ID }, 'Stats'] : []),
    }),
    updateJob: build.mutation<AnswerOf<'PUT /api/jobs/admin/:id'>, { id: string; body: BodyOf<'PUT /api/jobs/admin/:id'> }>({
      query: ({ id, body }) => ({ url: `/api/jobs/admin/${id}`, method: 'PUT', body: withoutEmptyClosingDate(body) }),
      invalidatesTags: (answer, _error, { id }) => (answer ? [{ type: 'Job', id }] : []),
    }),
    updateJobStatus: build.mutation<AnswerOf<'PUT /api/jobs/admin/:id/status'>, { id: string } & BodyOf<'PUT /api/jobs/admin/:id/status'>>({
      query: ({ id, status }) => ({ url: `/api/jobs/admin/${id}/status`, method: 'PUT', body: { status } }),
      invalidatesTags: (answer, _error, { id }) => (answer ? [{ type: 'Job', id }, 'Stats'] : []),
    }),
    deleteJob: build.mutation<AnswerOf<'DELETE /api/jobs/admin/:id'>, string>({
      query: (id) => ({ url: `/api/jobs/admin/${id}`, method: 'DELETE' }),
      invalidatesTags: (answer, _error, id) => (answer ? [{ type: 'Job', id }, applicationsOfJob(id), 'Stats'] : []),
    }),
    getApplications: build.query<AnswerOf<'GET /api/jobs/applications/:jobId'>, string>({
      query: (jobId) => `/api/jobs/applications/${jobId}`,
      providesTags: (answer, _error, jobId) => [
        ...(answer?.applications ?? []).map((application) => ({ type: 'Application' as const, id: application._id })),
        applicationsOfJob(jobId),
      ],
    }),
    updateApplicationStatus: build.mutation<
      AnswerOf<'PUT /api/jobs/applications/:applicationId/status'>,
      { id: string; jobId: string } & BodyOf<'PUT /api/jobs/applications/:applicationId/status'>
    >({
      query: ({ id, status }) => ({ url: `/api/jobs/applications/${id}/status`, method: 'PUT', body: { status } }),
      // SPEC §4: the list is updated locally, then re-fetched for the selected job (on failure too).
      async onQueryStarted({ id, jobId, status }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          jobsApi.util.updateQueryData('getApplications', jobId, (draft) => {
            const application = draft.applications.find((row) => row._id === id);
            if (application) application.status = status;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_answer, _error, { id, jobId }) => [
        applicationsOfJob(jobId),
        workItemTag('application', id),
        'MyWork',
        'Stats',
        { type: 'Pipeline', id: jobId },
      ],
    }),
  }),
});

export const {
  useGetAdminJobsQuery,
  useCreateJobMutation,
  useUpdateJobMutation,
  useUpdateJobStatusMutation,
  useDeleteJobMutation,
  useGetApplicationsQuery,
  useUpdateApplicationStatusMutation,
} = jobsApi;
