import { firstNameOf, templatePieces, type CandidatePlaceholder } from '@brightwave/common';
import { plainName } from '../deliveries/plain-name';
import { html, paragraph, renderMail } from '../mail/mail-layout';
import type { MailMessage } from '../mail/mail.service';

/** What a candidate mail's outbox row carries (its payload): the text as the recruiter sent it, and who sent it. */
export interface CandidateMailPayload {
  subject: string;
  body: string;
  /** The values that are not the candidate's, taken when the mail was queued. */
  companyName: string;
  bookingLink: string | null;
  /** An interview invitation's link to pick a time (`{{schedulingLink}}`); absent from every other mail. */
  schedulingLink?: string | null;
  /** The recruiter: the candidate's reply goes to them; null for the product's own mail (a knockout's rejection). */
  replyTo: { name: string; address: string } | null;
  sentById: string | null;
  templateId: string | null;
}

/** The candidate and the job, read when the mail is sent (so an erased application is never mailed). */
export interface CandidateMailSubject {
  fullName: string;
  jobTitle: string;
}

// A web address in the template's own text becomes a link in the HTML part. One pass: a match starts only at `http`,
// and a start that fails has read only punctuation after the address's first character, where no later start begins.
const WEB_ADDRESS = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;
// A blank line (white space allowed on it) ends a paragraph.
const BLANK_LINE = /\n\s*\n/;

type MailInline = Parameters<typeof paragraph>[number];

const link = (address: string): MailInline => ({ text: address, html: html`<a href="${address}">${address}</a>` });

/** Text of the template itself: its web addresses as links, the rest as it is. */
function templateTextPieces(text: string): MailInline[] {
  const pieces: MailInline[] = [];
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    pieces.push(text.slice(from, match.index), link(match[0]));
    from = match.index + match[0].length;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/**
 * The values of one candidate's mail. The names are the candidate's own typing and the mail goes to whatever address
 * they gave, so a name is used only when it is a plain name (`plainName`, as confirmations greet), else it is empty.
 */
function placeholderValues(subject: CandidateMailSubject, payload: Pick<CandidateMailPayload, 'companyName' | 'bookingLink' | 'schedulingLink'>) {
  const name = plainName(subject.fullName);
  return {
    firstName: name === undefined ? '' : firstNameOf(name),
    fullName: name ?? '',
    jobTitle: subject.jobTitle,
    companyName: payload.companyName,
    bookingLink: payload.bookingLink ?? '',
    schedulingLink: payload.schedulingLink ?? '',
  } satisfies Record<CandidatePlaceholder, string>;
}

/**
 * A template's text with its placeholders filled, as pieces of a paragraph. Links are found in the template's own
 * text before any value is put in, so a value is never read as a link (nor as a placeholder); the links values give
 * are `{{bookingLink}}` (the https address set in Settings) and an interview invitation's `{{schedulingLink}}`. An
 * empty value takes the one space before it with it: `Hello {{firstName}},` reads `Hello,` when the name is not used.
 */
function filled(text: string, values: Record<CandidatePlaceholder, string>, { links }: { links: boolean }): MailInline[] {
  const pieces: MailInline[] = [];
  const add = (piece: MailInline) => {
    const last = pieces.at(-1);
    if (typeof piece === 'string' && typeof last === 'string') pieces[pieces.length - 1] = last + piece;
    else pieces.push(piece);
  };
  for (const piece of templatePieces(text)) {
    if ('text' in piece) {
      for (const part of links ? templateTextPieces(piece.text) : [piece.text]) add(part);
      continue;
    }
    const value = values[piece.placeholder];
    const last = pieces.at(-1);
    const isLink = piece.placeholder === 'bookingLink' || piece.placeholder === 'schedulingLink';
    if (value !== '') add(isLink && links ? link(value) : value);
    else if (typeof last === 'string' && last.endsWith(' ')) pieces[pieces.length - 1] = last.slice(0, -1);
  }
  return pieces;
}

/** The pieces cut into paragraphs at blank lines (links hold no white space), each trimmed; empty ones left out. */
function paragraphsOf(pieces: MailInline[]): MailInline[][] {
  let current: MailInline[] = [];
  const paragraphs = [current];
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      current.push(piece);
      continue;
    }
    piece.split(BLANK_LINE).forEach((part, index) => {
      if (index > 0) paragraphs.push((current = []));
      current.push(part);
    });
  }
  return paragraphs.map(trimmed).filter((paragraphPieces) => paragraphPieces.length > 0);
}

function trimmed(pieces: MailInline[]): MailInline[] {
  const ends = [...pieces];
  const [first] = ends;
  if (typeof first === 'string') ends[0] = first.trimStart();
  const last = ends.at(-1);
  if (typeof last === 'string') ends[ends.length - 1] = last.trimEnd();
  return ends.filter((piece) => piece !== '');
}

/**
 * A candidate mail in the one mail layout: the placeholders filled in one pass (a value is never read as a
 * placeholder or a link), the body's paragraphs (blank lines) as paragraphs, every value escaped in the HTML part by
 * the layout, and the recruiter as Reply-To. The preview shows what this returns, so it is what the candidate reads.
 */
export function candidateMail(subject: CandidateMailSubject, payload: CandidateMailPayload): Omit<MailMessage, 'to' | 'messageId' | 'topic'> {
  const values = placeholderValues(subject, payload);
  const body = filled(payload.body.replace(/\r\n?/g, '\n'), values, { links: true });
  const subjectLine = filled(payload.subject, values, { links: false })
    .map((piece) => (typeof piece === 'string' ? piece : piece.text))
    .join('');
  const mail = renderMail(
    subjectLine,
    paragraphsOf(body).map((pieces) => paragraph(...pieces)),
  );
  return payload.replyTo ? { ...mail, replyTo: payload.replyTo } : mail;
}

/** Whether a payload read back from the outbox is a candidate mail's (it is composed only by CandidateMails). */
export function isCandidateMailPayload(payload: Record<string, unknown> | null): payload is Record<string, unknown> & CandidateMailPayload {
  // A null Reply-To is the product's own mail (a knockout's rejection).
  return typeof payload?.subject === 'string' && typeof payload.body === 'string' && typeof payload.replyTo === 'object';
}
