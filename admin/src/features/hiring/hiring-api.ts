import {
  type AnswerOf,
  type ApplicationRatings,
  type BulkApplicationsPayload,
  type CandidateEmail,
  type CandidateEmailPayload,
  type CandidateEmailPreview,
  type CandidateEmailSettings,
  type CandidateEmailTemplatePayload,
  type RatingPayload,
} from '@brightwave/common';
import { api, LIST_ID } from '../../app/api';
import { changedItemTags } from '../workspace/work-items';

const applicationPath = (id: string) => `/api/jobs/applications/${encodeURIComponent(id)}`;
const templatesPath = '/api/admin/settings/candidate-emails/templates';

/**
 * Hiring (docs/features/hiring.md): a job's pipeline board, ratings, mails to candidates from templates, bulk
 * changes, and Settings → Candidate e-mails.
 */
export const hiringApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A job's board; `knockedOut`: only the applications a knockout answer rejected on arrival (docs/features/form-questions.md). */
    getPipeline: build.query<AnswerOf<'GET /api/jobs/admin/:id/pipeline'>, { jobId: string; knockedOut: boolean }>({
      query: ({ jobId, knockedOut }) => ({
        url: `/api/jobs/admin/${encodeURIComponent(jobId)}/pipeline`,
        params: knockedOut ? { knockedOut: true } : undefined,
      }),
      providesTags: (_answer, _error, { jobId }) => [{ type: 'Pipeline', id: jobId }],
    }),
    getRatings: build.query<ApplicationRatings, string>({
      query: (id) => `${applicationPath(id)}/ratings`,
      transformResponse: (answer: AnswerOf<'GET /api/jobs/applications/:applicationId/ratings'>) => answer.data,
      providesTags: (_ratings, _error, id) => [{ type: 'Rating', id }],
    }),
    rate: build.mutation<AnswerOf<'PUT /api/jobs/applications/:applicationId/rating'>, RatingPayload & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${applicationPath(id)}/rating`, method: 'PUT', body }),
      // The board shows each card's average; the timeline records the rating.
      invalidatesTags: (answer, _error, { id }) => (answer ? [{ type: 'Rating', id }, 'Pipeline', ...changedItemTags('application', id)] : []),
    }),
    getCandidateEmails: build.query<CandidateEmail[], string>({
      query: (id) => `${applicationPath(id)}/emails`,
      transformResponse: (answer: AnswerOf<'GET /api/jobs/applications/:applicationId/emails'>) => answer.emails,
      providesTags: (_emails, _error, id) => [{ type: 'CandidateEmail', id }],
    }),
    previewCandidateEmail: build.mutation<CandidateEmailPreview, CandidateEmailPayload & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${applicationPath(id)}/emails/preview`, method: 'POST', body }),
      transformResponse: (answer: AnswerOf<'POST /api/jobs/applications/:applicationId/emails/preview'>) => answer.preview,
    }),
    sendCandidateEmail: build.mutation<AnswerOf<'POST /api/jobs/applications/:applicationId/emails'>, CandidateEmailPayload & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${applicationPath(id)}/emails`, method: 'POST', body }),
      // The board shows each card's scheduled mail.
      invalidatesTags: (answer, _error, { id }) =>
        answer ? [{ type: 'CandidateEmail', id }, 'Pipeline', { type: 'Delivery', id: LIST_ID }, ...changedItemTags('application', id)] : [],
    }),
    cancelCandidateEmail: build.mutation<AnswerOf<'DELETE /api/jobs/applications/:applicationId/emails/:emailId'>, { id: string; emailId: string }>({
      query: ({ id, emailId }) => ({ url: `${applicationPath(id)}/emails/${encodeURIComponent(emailId)}`, method: 'DELETE' }),
      // A 409 means it went out meanwhile: the list (and the board's card) is stale either way.
      invalidatesTags: (_answer, _error, { id }) => [
        { type: 'CandidateEmail', id },
        'Pipeline',
        { type: 'Delivery', id: LIST_ID },
        ...changedItemTags('application', id),
      ],
    }),
    bulkUpdateApplications: build.mutation<AnswerOf<'POST /api/jobs/applications/bulk'>, BulkApplicationsPayload>({
      query: (body) => ({ url: '/api/jobs/applications/bulk', method: 'POST', body }),
      invalidatesTags: (answer, _error, { ids }) =>
        answer
          ? [
              'Pipeline',
              'Stats',
              'Application',
              { type: 'Delivery', id: LIST_ID },
              ...ids.flatMap((id) => [{ type: 'CandidateEmail' as const, id }, ...changedItemTags('application', id)]),
            ]
          : [],
    }),
    getCandidateEmailSettings: build.query<AnswerOf<'GET /api/admin/settings/candidate-emails'>, void>({
      query: () => '/api/admin/settings/candidate-emails',
      providesTags: [{ type: 'CandidateTemplate', id: LIST_ID }],
    }),
    saveCandidateEmailSettings: build.mutation<AnswerOf<'PUT /api/admin/settings/candidate-emails'>, CandidateEmailSettings>({
      query: (body) => ({ url: '/api/admin/settings/candidate-emails', method: 'PUT', body }),
      invalidatesTags: (answer) => (answer ? [{ type: 'CandidateTemplate', id: LIST_ID }] : []),
    }),
    createCandidateTemplate: build.mutation<AnswerOf<'POST /api/admin/settings/candidate-emails/templates'>, CandidateEmailTemplatePayload>({
      query: (body) => ({ url: templatesPath, method: 'POST', body }),
      invalidatesTags: (answer) => (answer ? [{ type: 'CandidateTemplate', id: LIST_ID }] : []),
    }),
    updateCandidateTemplate: build.mutation<AnswerOf<'PUT /api/admin/settings/candidate-emails/templates/:id'>, CandidateEmailTemplatePayload & { id: string }>(
      {
        query: ({ id, ...body }) => ({ url: `${templatesPath}/${encodeURIComponent(id)}`, method: 'PUT', body }),
        invalidatesTags: (answer) => (answer ? [{ type: 'CandidateTemplate', id: LIST_ID }] : []),
      },
    ),
    deleteCandidateTemplate: build.mutation<AnswerOf<'DELETE /api/admin/settings/candidate-emails/templates/:id'>, string>({
      query: (id) => ({ url: `${templatesPath}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (answer) => (answer ? [{ type: 'CandidateTemplate', id: LIST_ID }] : []),
    }),
  }),
});

export const {
  useGetPipelineQuery,
  useGetRatingsQuery,
  useRateMutation,
  useGetCandidateEmailsQuery,
  usePreviewCandidateEmailMutation,
  useSendCandidateEmailMutation,
  useCancelCandidateEmailMutation,
  useBulkUpdateApplicationsMutation,
  useGetCandidateEmailSettingsQuery,
  useSaveCandidateEmailSettingsMutation,
  useCreateCandidateTemplateMutation,
  useUpdateCandidateTemplateMutation,
  useDeleteCandidateTemplateMutation,
} = hiringApi;
