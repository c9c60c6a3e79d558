import type { Interview, InterviewState, InterviewSummary } from '@brightwave/common';
import type { InterviewRow, MeetingRow } from '../database/schema';
import type { ListedInterview } from './interviews.repository';

/** An invitation's state at `now`: withdrawn, booked (a call is on), expired unbooked, or waiting for the candidate. */
export function interviewState(interview: InterviewRow, booked: boolean, now: Date): InterviewState {
  if (interview.cancelledAt !== null) return 'cancelled';
  if (booked) return 'booked';
  return interview.expiresAt.getTime() <= now.getTime() ? 'expired' : 'invited';
}

/** An invitation as the admin shows it, with its interviewers' names (an account that is gone is left out). */
export function toInterview(listed: ListedInterview, names: Map<string, string>, now: Date): Interview {
  const { interview, meetings } = listed;
  const first: MeetingRow | undefined = meetings[0];
  return {
    _id: interview.id,
    applicationId: interview.applicationId,
    interviewers: interview.interviewerIds.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ _id: id, name }];
    }),
    minutes: interview.minutes,
    statusOnBooking: interview.statusOnBooking,
    message: interview.message,
    invitedBy: interview.invitedById && listed.invitedByName !== null ? { _id: interview.invitedById, name: listed.invitedByName } : null,
    state: interviewState(interview, first !== undefined, now),
    start: first?.startAt.toISOString() ?? null,
    end: first?.endAt.toISOString() ?? null,
    createdAt: interview.createdAt.toISOString(),
    expiresAt: interview.expiresAt.toISOString(),
  };
}

/** What a board card says of its application's latest invitation. */
export function toInterviewSummary(latest: { interview: InterviewRow; start: Date | null }, now: Date): InterviewSummary {
  return {
    _id: latest.interview.id,
    state: interviewState(latest.interview, latest.start !== null, now),
    start: latest.start?.toISOString() ?? null,
  };
}
