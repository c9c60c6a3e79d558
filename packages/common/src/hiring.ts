// Hiring (docs/features/hiring.md): each job's pipeline board, ratings of applications by the admins who see them,
// and mails to candidates written from templates, sent now or at a time (a rejection 48 hours later by default).
import type { ApplicationStatus } from './enums';
import type { InterviewSummary } from './interviews';
import type { ItemOwner } from './workspace';

/** A rating's score, from 1 (strong no) to 4 (strong yes): no middle, so every rating takes a side. */
export const RATING_SCORES = [1, 2, 3, 4] as const;
export type RatingScore = (typeof RATING_SCORES)[number];
export const RATING_LABELS: Record<RatingScore, string> = { 1: 'Strong no', 2: 'No', 3: 'Yes', 4: 'Strong yes' };
export const RATING_COMMENT_MAX_LENGTH = 2000;

/** One admin's rating of an application (one per admin, editable by its author). */
export interface ApplicationRating {
  /** Null once the author's account is gone. */
  author: ItemOwner | null;
  score: RatingScore;
  comment: string;
  updatedAt: string;
}

/** An application's ratings, newest first, and their average (null while there are none). */
export interface ApplicationRatings {
  ratings: ApplicationRating[];
  average: number | null;
}

export interface RatingPayload {
  score: RatingScore;
  comment?: string;
}

/** The values a candidate mail may use, written `{{name}}` in a template's subject or body. */
export const CANDIDATE_PLACEHOLDERS = ['firstName', 'fullName', 'jobTitle', 'companyName', 'bookingLink', 'schedulingLink'] as const;
export type CandidatePlaceholder = (typeof CANDIDATE_PLACEHOLDERS)[number];
/** What a mail written to one candidate may use: all but an interview invitation's own link. */
export const WRITTEN_MAIL_PLACEHOLDERS = /* @__PURE__ */ CANDIDATE_PLACEHOLDERS.filter((name) => name !== 'schedulingLink');
export const CANDIDATE_PLACEHOLDER_LABELS: Record<CandidatePlaceholder, string> = {
  // The mail goes to whatever address was typed: a name that is not a plain name (a link, say) is left out.
  firstName: "The candidate's first name, if their name is a plain name (else left out)",
  fullName: "The candidate's full name, if it is a plain name (else left out)",
  jobTitle: "The job's title",
  companyName: "The company's name",
  bookingLink: 'The booking link set on this screen',
  schedulingLink: "An interview invitation's own link to pick a time (interview invitations only)",
};

export const TEMPLATE_NAME_MAX_LENGTH = 100;
export const CANDIDATE_SUBJECT_MAX_LENGTH = 200;
export const CANDIDATE_BODY_MAX_LENGTH = 10_000;
export const BOOKING_LINK_MAX_LENGTH = 500;

/** The rejection offered when an application is set to rejected goes out this long after, unless sent now. */
export const REJECTION_DELAY_HOURS = 48;
/** How far ahead a candidate mail may be scheduled. */
export const CANDIDATE_EMAIL_MAX_DAYS_AHEAD = 365;
/** Applications changed by one bulk call at most (one transaction). */
export const BULK_APPLICATIONS_MAX = 500;
/** Cards shown per column of a pipeline board (the newest); the column's count says how many there are. */
export const PIPELINE_COLUMN_MAX_CARDS = 200;

// `{{`, anything but a brace, `}}`; the name is trimmed after the match. Nothing between the braces can be read two
// ways, so a text that never closes a placeholder (`{{` and ten thousand spaces) costs one pass, not a backtracking search.
const PLACEHOLDER_PATTERN = /\{\{([^{}]*)\}\}/g;

const isCandidatePlaceholder = (name: string): name is CandidatePlaceholder => (CANDIDATE_PLACEHOLDERS as readonly string[]).includes(name);

/** One piece of a template's text: text as written (an unknown placeholder included), or a known placeholder. */
export type TemplatePiece = { text: string } | { placeholder: CandidatePlaceholder };

/** The text cut at its known placeholders, in order (`{{ firstName }}` is `{{firstName}}`). */
export function templatePieces(text: string): TemplatePiece[] {
  const pieces: TemplatePiece[] = [];
  let from = 0;
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const name = (match[1] ?? '').trim();
    if (!isCandidatePlaceholder(name)) continue;
    if (match.index > from) pieces.push({ text: text.slice(from, match.index) });
    pieces.push({ placeholder: name });
    from = match.index + match[0].length;
  }
  if (from < text.length) pieces.push({ text: text.slice(from) });
  return pieces;
}

/** The placeholders in `text` that are not CANDIDATE_PLACEHOLDERS, each once, as written. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const name = (match[1] ?? '').trim();
    if (!isCandidatePlaceholder(name)) unknown.add(name);
  }
  return [...unknown];
}

/** What a person reads when a template uses placeholders that do not exist. */
export function unknownPlaceholdersMessage(unknown: string[]): string {
  const names = unknown.map((name) => `{{${name}}}`).join(', ');
  const known = CANDIDATE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ');
  return `Unknown placeholder${unknown.length === 1 ? '' : 's'} ${names}: use only ${known}`;
}

/** A candidate mail's first name: the first word of the name the candidate gave. */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

export interface CandidateEmailTemplate {
  _id: string;
  name: string;
  subject: string;
  body: string;
  updatedAt: string;
}

export interface CandidateEmailTemplatePayload {
  name: string;
  subject: string;
  body: string;
}

/** Settings → Candidate e-mails, beside the templates. */
export interface CandidateEmailSettings {
  /** A scheduling page (e.g. Cal.com), the value of `{{bookingLink}}`; null when none is set. */
  bookingLink: string | null;
  /** The template offered when an application is set to rejected; null when none is. */
  rejectionTemplateId: string | null;
}

/**
 * A candidate mail's state: `scheduled` (waiting for its time, can be cancelled), `queued` (going out now),
 * `sending`, `sent`, `failed` (given up after a day of retries), `cancelled`.
 */
export const CANDIDATE_EMAIL_STATUSES = ['scheduled', 'queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type CandidateEmailStatus = (typeof CANDIDATE_EMAIL_STATUSES)[number];
export const CANDIDATE_EMAIL_STATUS_LABELS: Record<CandidateEmailStatus, string> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A mail to a candidate, as the application's page lists it. */
export interface CandidateEmail {
  _id: string;
  subject: string;
  body: string;
  status: CandidateEmailStatus;
  /** When it goes (or went) out: the time it was scheduled for, else when it was queued. */
  sendAt: string;
  sentAt: string | null;
  /** Who sent or scheduled it; null once the account is gone. */
  sentBy: ItemOwner | null;
  createdAt: string;
}

/**
 * A mail to one candidate: a template (its subject and body unless given here) or a subject and body written for
 * it; `sendAt` an ISO time (within CANDIDATE_EMAIL_MAX_DAYS_AHEAD), or null or absent for now.
 */
export interface CandidateEmailPayload {
  templateId?: string | null;
  subject?: string;
  body?: string;
  sendAt?: string | null;
}

/** The mail as the candidate will read it, for the preview. */
export interface CandidateEmailPreview {
  subject: string;
  text: string;
  html: string;
}

/** Several applications of any jobs set to one status, each with the template's mail when one is chosen. */
export interface BulkApplicationsPayload {
  ids: string[];
  status: ApplicationStatus;
  templateId?: string | null;
  sendAt?: string | null;
}

/** One card of a job's pipeline board. */
export interface PipelineCard {
  _id: string;
  fullName: string;
  status: ApplicationStatus;
  createdAt: string;
  /** When the application got its present status (its submission, if it never changed). */
  statusChangedAt: string;
  owner: ItemOwner | null;
  average: number | null;
  ratingCount: number;
  /** The soonest candidate mail scheduled and not yet sent (a rejected card's rejection mail), if any: Cancel is its DELETE. */
  scheduledEmail: { _id: string; subject: string; sendAt: string } | null;
  /** The label of the question whose answer knocked the application out (docs/features/form-questions.md), else null. */
  knockout: string | null;
  /** The application's latest interview invitation not cancelled (docs/features/booking.md, "Interviews"), else null. */
  interview: InterviewSummary | null;
}

/** One column of the board: its status, how many applications have it, and the newest PIPELINE_COLUMN_MAX_CARDS. */
/**
 * A job's pipeline board (GET /api/jobs/admin/:id/pipeline): `knockedOut` true shows only the applications a knockout
 * answer rejected, false only the others (docs/features/form-questions.md).
 */
export interface PipelineQuery {
  knockedOut?: boolean;
}

export interface PipelineColumn {
  status: ApplicationStatus;
  total: number;
  cards: PipelineCard[];
}
