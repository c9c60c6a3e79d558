import type { AnswerOf, Interview, InterviewInvitationPayload, Interviewer } from '@brightwave/common';
import { api, LIST_ID } from '../../app/api';
import { changedItemTags } from '../workspace/work-items';

const applicationPath = (id: string) => `/api/jobs/applications/${encodeURIComponent(id)}`;

/**
 * What changes with an application's interview: its invitations, the board's card line, the item's page and timeline,
 * and the outbox (the invitation and the cancellation are mails) with the candidate's mails.
 */
const interviewChangeTags = (id: string) => [
  { type: 'Interview' as const, id },
  'Pipeline' as const,
  { type: 'CandidateEmail' as const, id },
  { type: 'Delivery' as const, id: LIST_ID },
  ...changedItemTags('application', id),
];

/** Interview scheduling (docs/features/booking.md, "Interviews"): an application's invitations, sending one, cancelling one. */
export const interviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The application's invitations, newest first. */
    getInterviews: build.query<Interview[], string>({
      query: (id) => `${applicationPath(id)}/interviews`,
      transformResponse: (answer: AnswerOf<'GET /api/jobs/applications/:applicationId/interviews'>) => answer.interviews,
      providesTags: (_interviews, _error, id) => [{ type: 'Interview', id }],
    }),
    /** The admins who could interview, each with why they cannot be booked now (null when they can). */
    getInterviewers: build.query<Interviewer[], string>({
      query: (id) => `${applicationPath(id)}/interviewers`,
      transformResponse: (answer: AnswerOf<'GET /api/jobs/applications/:applicationId/interviewers'>) => answer.interviewers,
    }),
    inviteToInterview: build.mutation<AnswerOf<'POST /api/jobs/applications/:applicationId/interview'>, InterviewInvitationPayload & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${applicationPath(id)}/interview`, method: 'POST', body }),
      invalidatesTags: (answer, _error, { id }) => (answer ? interviewChangeTags(id) : []),
    }),
    cancelInterview: build.mutation<AnswerOf<'DELETE /api/jobs/applications/:applicationId/interviews/:interviewId'>, { id: string; interviewId: string }>({
      query: ({ id, interviewId }) => ({ url: `${applicationPath(id)}/interviews/${encodeURIComponent(interviewId)}`, method: 'DELETE' }),
      // A refusal (already cancelled or over) means the list is stale: it is fetched again either way.
      invalidatesTags: (_answer, _error, { id }) => interviewChangeTags(id),
    }),
  }),
});

export const { useGetInterviewsQuery, useGetInterviewersQuery, useInviteToInterviewMutation, useCancelInterviewMutation } = interviewsApi;
