// The calendar invitation of a booked call (RFC 5545, sent by mail as iTIP, RFC 5546), built and escaped by Mozilla's
// ical.js. Pure: the caller says what it says (booking/meeting-mails.ts) and when it was written.
import ICAL from 'ical.js';
import type { CalendarPart } from '../mail/mail.service';

/** Who the invitation names: a mailbox, with a display name (`CN`) when one is to be shown. */
export interface CalendarPerson {
  email: string;
  name?: string;
}

export interface MeetingInvitation {
  /** REQUEST: a new or moved call (the calendar adds or updates it); CANCEL: the call is off (the calendar removes it). */
  method: CalendarPart['method'];
  /** The meeting's id: with `siteHost`, the invitation's UID, the same in every mail about the meeting. */
  meetingId: string;
  /** The site's host name (`www.example.com`), so the UID is unique beyond this site. */
  siteHost: string;
  start: Date;
  end: Date;
  /** Raised by the caller on every change of the meeting (moved, cancelled): calendars keep the highest. */
  sequence: number;
  /** When this version was written (DTSTAMP). */
  stampedAt: Date;
  /** The staff member the call is with: the organizer, and an attendee who has accepted. */
  organizer: CalendarPerson & { name: string };
  /** The visitor, asked to answer (RSVP). */
  attendee: CalendarPerson;
  summary: string;
  description: string;
}

const PRODUCT_ID = '-//Brightwave//Booking//EN';
const CRLF = '\r\n';
/** RFC 5545 §3.1: a content line is at most 75 octets, a continuation line's leading space included. */
const MAX_LINE_OCTETS = 75;

/** The UID of a meeting's invitations: one per meeting, so every later REQUEST or CANCEL replaces the first. */
export function meetingUid(meetingId: string, siteHost: string): string {
  return `${meetingId}@${siteHost}`;
}

/**
 * The invitation's text with its METHOD: the VEVENT in UTC times (no VTIMEZONE needed), STATUS CONFIRMED or
 * CANCELLED, the organizer as a chair who has accepted and the visitor as a required participant whose answer is
 * awaited. Text values and display names are escaped by ical.js (`\,` `\;` `\n` in text, quoted and RFC 6868 in
 * parameters); lines are folded at 75 octets without splitting a character.
 */
export function meetingInvitation(invitation: MeetingInvitation): CalendarPart {
  const { method, start, end, sequence } = invitation;
  if (!(start.getTime() < end.getTime())) throw new Error('a meeting ends after it starts');
  if (!Number.isInteger(sequence) || sequence < 0) throw new Error('a meeting’s sequence is a whole number from 0');

  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', PRODUCT_ID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', method);

  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', meetingUid(invitation.meetingId, invitation.siteHost));
  event.addPropertyWithValue('dtstamp', utc(invitation.stampedAt));
  event.addPropertyWithValue('dtstart', utc(start));
  event.addPropertyWithValue('dtend', utc(end));
  event.addPropertyWithValue('sequence', sequence);
  event.addPropertyWithValue('status', method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');
  event.addPropertyWithValue('summary', oneLineText(invitation.summary));
  event.addPropertyWithValue('description', calendarText(invitation.description));
  event.addProperty(person('organizer', invitation.organizer, {}));
  event.addProperty(person('attendee', invitation.organizer, { role: 'CHAIR', partstat: 'ACCEPTED', rsvp: 'FALSE' }));
  event.addProperty(person('attendee', invitation.attendee, { role: 'REQ-PARTICIPANT', partstat: 'NEEDS-ACTION', rsvp: 'TRUE' }));
  event.addPropertyWithValue('transp', 'OPAQUE');
  calendar.addSubcomponent(event);

  return { method, content: folded(calendar.toString()) };
}

/** An organizer or attendee: `mailto:` address, its display name when given, and the parameters given. */
function person(name: 'organizer' | 'attendee', who: CalendarPerson, parameters: Record<string, string>): ICAL.Property {
  const property = new ICAL.Property(name);
  property.setValue(`mailto:${who.email}`);
  const displayName = who.name === undefined ? '' : oneLineText(who.name);
  if (displayName !== '') property.setParameter('cn', displayName);
  for (const [key, value] of Object.entries(parameters)) property.setParameter(key, value);
  return property;
}

const utc = (date: Date) => ICAL.Time.fromJSDate(date, true);

/**
 * Text as a calendar may carry it: line breaks as LF (ical.js writes them `\n`), and no other control character (RFC
 * 5545 allows none in a value; a bare CR would end the line).
 */
export function calendarText(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

/** A summary or a display name: one line, runs of white space (line breaks included) as one space. */
function oneLineText(text: string): string {
  return calendarText(text).replace(/\s+/g, ' ').trim();
}

/**
 * The lines of ical.js's text folded again: ical.js folds at 75 octets but lets a continuation line reach 76 with its
 * leading space. Its folds are undone first (a value never holds a line break: text writes it as `\n`).
 */
function folded(text: string): string {
  return `${text
    .replace(/\r\n[ \t]/g, '')
    .split(CRLF)
    .map(foldLine)
    .join(CRLF)}${CRLF}`;
}

/** One content line cut into lines of at most 75 octets (UTF-8), between characters, each after the first led by a space. */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}
