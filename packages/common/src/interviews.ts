// Interview scheduling (docs/features/booking.md, "Interviews"): a recruiter invites an application's candidate to
// pick a time when every chosen interviewer is free; the candidate books it on the booking page of the mailed link.
import { AVAILABILITY_LIMITS } from './booking';
import { APPLICATION_STATUSES, type ApplicationStatus } from './enums';
import type { ItemOwner } from './workspace';

/** The invitation's numbers (inclusive): how many interviewers, how long the interview, how long the message. */
export const INTERVIEW_LIMITS = {
  interviewers: { min: 1, max: 5 },
  minutes: AVAILABILITY_LIMITS.meetingMinutes,
  messageMaxLength: 2000,
} as const;

/** An invitation's link works this many days; the status set when the candidate books, unless the recruiter picks another. */
export const INTERVIEW_LINK_DAYS = 14;
export const DEFAULT_INTERVIEW_MINUTES = 45;
export const DEFAULT_STATUS_ON_BOOKING: ApplicationStatus = 'shortlisted';

/** `POST /api/jobs/applications/:id/interview`. */
export interface InterviewInvitationPayload {
  /** The admins who take part (1 to 5, each one who can be booked); the first is the candidate's contact. */
  interviewerIds: string[];
  minutes: number;
  /** The application's status once the candidate has booked a time. */
  statusOnBooking: ApplicationStatus;
  /** A note from the recruiter, put in the built-in invitation above the link. */
  message?: string;
  /** A template of Settings → Candidate e-mails to send instead of the built-in invitation (it must use {{schedulingLink}}). */
  templateId?: string;
}

/**
 * An invitation's state: `invited` (sent, no time booked yet), `booked` (a time is booked), `cancelled` (the candidate
 * or a recruiter cancelled it), `expired` (its link expired with nothing booked).
 */
export const INTERVIEW_STATES = ['invited', 'booked', 'cancelled', 'expired'] as const;
export type InterviewState = (typeof INTERVIEW_STATES)[number];
export const INTERVIEW_STATE_LABELS: Record<InterviewState, string> = {
  invited: 'Invited, no time booked yet',
  booked: 'Booked',
  cancelled: 'Cancelled',
  expired: 'Expired, no time booked',
};

/** An interview invitation as the admin shows it (UTC ISO times). */
export interface Interview {
  _id: string;
  applicationId: string;
  interviewers: ItemOwner[];
  minutes: number;
  statusOnBooking: ApplicationStatus;
  message: string | null;
  /** Null once the recruiter's account is gone. */
  invitedBy: ItemOwner | null;
  state: InterviewState;
  /** The booked time, while it is booked. */
  start: string | null;
  end: string | null;
  createdAt: string;
  expiresAt: string;
}

/** An admin who could interview: `notBookable` says why they cannot be booked now (notBookableReason), null when they can. */
export interface Interviewer extends ItemOwner {
  notBookable: string | null;
}

/** What the application's page and the board's card say of its interview: the latest invitation not cancelled. */
export interface InterviewSummary {
  _id: string;
  state: InterviewState;
  start: string | null;
}

/** What the interview routes answer and refuse with. */
export const INTERVIEW_MESSAGES = {
  sent: 'Interview invitation sent to the candidate',
  cancelled: 'Interview cancelled: the candidate and the interviewers have been told',
  loadFailure: 'Failed to load the interviews',
  sendFailure: 'Failed to send the interview invitation',
  cancelFailure: 'Failed to cancel the interview',
  interviewerCount: `Choose ${INTERVIEW_LIMITS.interviewers.min} to ${INTERVIEW_LIMITS.interviewers.max} interviewers`,
  interviewerIds: 'interviewerIds must be the ids of admins, each once',
  interviewerUnknown: 'An interviewer does not exist or has been disabled: choose again',
  interviewerUnavailable: (name: string) => `${name} cannot be booked: they need working hours on My availability (and a role that takes calls)`,
  minutes: `minutes must be a whole number from ${INTERVIEW_LIMITS.minutes.min} to ${INTERVIEW_LIMITS.minutes.max}`,
  statusOnBooking: `statusOnBooking must be one of ${APPLICATION_STATUSES.join(', ')}`,
  message: `message must be at most ${INTERVIEW_LIMITS.messageMaxLength} characters`,
  applicationClosed: 'This application is rejected or hired: set another status before inviting the candidate',
  alreadyOpen: 'This candidate already has an interview invitation open: cancel it before sending another',
  notOpen: 'This interview is already cancelled or over',
  templateWithoutLink: 'This template has no {{schedulingLink}}, so the candidate could not pick a time: add it, or send the built-in invitation',
  schedulingLinkOnlyInInvitations: '{{schedulingLink}} works only in interview invitations: use Invite to interview on the application',
} as const;

/** The built-in invitation: the recruiter's message, when there is one, goes above the link. */
export function interviewInvitationText(message?: string): { subject: string; body: string } {
  const note = message?.trim() ? [message.trim(), ''] : [];
  return {
    subject: 'Interview for {{jobTitle}} at {{companyName}}: pick a time',
    body: [
      'Hello {{firstName}},',
      '',
      'Thank you for applying for {{jobTitle}}. We would like to talk with you.',
      '',
      ...note,
      'Please pick a time that suits you here:',
      '{{schedulingLink}}',
      '',
      '{{companyName}}',
    ].join('\n'),
  };
}
