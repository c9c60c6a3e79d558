import { fillPlaceholders, firstNameOf, type CandidatePlaceholder } from '@brightwave/common';
import { html, paragraph, renderMail } from '../mail/mail-layout';
import type { MailMessage } from '../mail/mail.service';

/** What a candidate mail's outbox row carries (its payload): the text as the recruiter sent it, and who sent it. */
export interface CandidateMailPayload {
  subject: string;
  body: string;
  /** The values that are not the candidate's, taken when the mail was queued. */
  companyName: string;
  bookingLink: string | null;
  /** The recruiter: the candidate's reply goes to them. */
  replyTo: { name: string; address: string };
  sentById: string;
  templateId: string | null;
}

/** The candidate and the job, read when the mail is sent (so an erased application is never mailed). */
export interface CandidateMailSubject {
  fullName: string;
  jobTitle: string;
}

// An address in a candidate mail's body becomes a link in the HTML part (the booking link, most often).
const WEB_ADDRESS = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;

/** A paragraph whose web addresses are links in the HTML part; the text part says the same words. */
function paragraphWithLinks(text: string) {
  const pieces: Parameters<typeof paragraph> = [];
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    pieces.push(text.slice(from, match.index));
    pieces.push({ text: match[0], html: html`<a href="${match[0]}">${match[0]}</a>` });
    from = match.index + match[0].length;
  }
  pieces.push(text.slice(from));
  return paragraph(...pieces);
}

/** The placeholders' values for this candidate (an unset booking link is refused before a mail is queued). */
export function placeholderValues(subject: CandidateMailSubject, payload: Pick<CandidateMailPayload, 'companyName' | 'bookingLink'>) {
  return {
    firstName: firstNameOf(subject.fullName),
    fullName: subject.fullName,
    jobTitle: subject.jobTitle,
    companyName: payload.companyName,
    bookingLink: payload.bookingLink ?? '',
  } satisfies Record<CandidatePlaceholder, string>;
}

/**
 * A candidate mail in the one mail layout: the placeholders filled in one pass (a value is never read as a
 * placeholder), the body's paragraphs (blank lines) as paragraphs, every value escaped in the HTML part by the
 * layout, and the recruiter as Reply-To.
 */
export function candidateMail(subject: CandidateMailSubject, payload: CandidateMailPayload): Omit<MailMessage, 'to' | 'messageId' | 'topic'> {
  const values = placeholderValues(subject, payload);
  const body = fillPlaceholders(payload.body, values).replace(/\r\n?/g, '\n');
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter((text) => text !== '');
  const mail = renderMail(fillPlaceholders(payload.subject, values), paragraphs.map(paragraphWithLinks));
  return { ...mail, replyTo: payload.replyTo };
}

/** Whether a payload read back from the outbox is a candidate mail's (it is written only by HiringService). */
export function isCandidateMailPayload(payload: Record<string, unknown> | null): payload is Record<string, unknown> & CandidateMailPayload {
  return typeof payload?.subject === 'string' && typeof payload.body === 'string' && typeof payload.replyTo === 'object' && payload.replyTo !== null;
}
