// The mails of a booked call (docs/features/booking.md, Invitations): to the visitor and to the staff member, when it
// is booked, moved or cancelled, and the day and the hour before. They go through the outbox: `meetingInvitationMails`
// makes the rows (the invitation's `.ics` written then, in the row's `calendar`), `meetingMail` the mail of a row when
// it is sent (deliveries/delivery-mails.ts).
import { HOUR_MS, ITEM_KINDS, type DeliveryTopic } from '@brightwave/common';
import { DateTime, IANAZone } from 'luxon';
import type { NewDelivery } from '../database/schema';
import { plainName } from '../deliveries/plain-name';
import { fieldRows, linkLine, oneLine, paragraph, renderMail, type MailBlock } from '../mail/mail-layout';
import type { CalendarPart, MailMessage } from '../mail/mail.service';
import { meetingInvitation } from './meeting-invitation';

/** Which mail of a meeting: it was booked, moved (a new REQUEST) or cancelled (CANCEL), or a reminder before it. */
export const MEETING_MAIL_KINDS = ['booked', 'rescheduled', 'cancelled', 'reminder-24h', 'reminder-1h'] as const;
export type MeetingMailKind = (typeof MEETING_MAIL_KINDS)[number];

/** Whom a meeting mail goes to: the visitor who booked, or the staff member they booked. */
type Audience = 'visitor' | 'staff';

/** The items a call is booked from, and the outbox topic of their meetings' mails (the row's subject is the item). */
export const MEETING_TOPICS = { lead: 'lead.meeting', contact: 'contact.meeting', application: 'application.meeting' } as const satisfies Record<
  string,
  DeliveryTopic
>;
export type MeetingItemKind = keyof typeof MEETING_TOPICS;

/** The reminders, and how long before the call each goes out. */
export const MEETING_REMINDERS = [
  { kind: 'reminder-24h', beforeMs: 24 * HOUR_MS },
  { kind: 'reminder-1h', beforeMs: HOUR_MS },
] as const satisfies ReadonlyArray<{ kind: MeetingMailKind; beforeMs: number }>;

/** A booked meeting as its mails need it: what the booking stored, and whom it is with. */
export interface MeetingForMails {
  id: string;
  /** The quote request or contact message the call was booked from. */
  item: { kind: MeetingItemKind; id: string };
  start: Date;
  end: Date;
  /** The start before this change: the mails of a move say it. */
  previousStart?: Date;
  /** The invitation's SEQUENCE: 0 when booked, raised by the caller before each change (moved, cancelled). */
  sequence: number;
  /** The staff member: their times are shown on their availability's clock. */
  staff: { name: string; email: string; timeZone: string };
  /** The visitor: their times are shown in the time zone they booked in. */
  visitor: { name: string; email: string; timeZone: string };
  /** The visitor's signed links to move and to cancel the call. */
  links: { reschedule: string; cancel: string };
}

/** What is the same for every meeting: PUBLIC_URL (the UID's host, the admin's links), the company, the time now. */
export interface MeetingMailContext {
  publicUrl: string;
  companyName: string;
  now: Date;
}

/**
 * What a meeting mail's outbox row carries (its payload): the meeting as it was when the mail was queued, for one
 * recipient. Links the recipient is not to get are null (the visitor's signed links in the staff's row; the admin's
 * page in the visitor's).
 */
export type MeetingMailPayload = {
  meetingId: string;
  kind: MeetingMailKind;
  audience: Audience;
  itemKind: MeetingItemKind;
  start: string;
  end: string;
  previousStart: string | null;
  /** The recipient's time zone. */
  timeZone: string;
  staff: { name: string; email: string };
  visitor: { name: string; email: string };
  companyName: string;
  rescheduleLink: string | null;
  cancelLink: string | null;
  itemLink: string | null;
};

/** A meeting mail's outbox row, for OutboxRepository.enqueue with the item's id as its subject. */
export type MeetingMessage = NewDelivery & { topic: DeliveryTopic; recipient: string; payload: MeetingMailPayload; calendar: CalendarPart | null };

/** What each mail says, per recipient: its subject and its first sentence. */
interface MeetingWords {
  company: string;
  /** The staff member's name. */
  staff: string;
  /** The visitor's name (staff mails only: the visitor's mails repeat none of their own text). */
  visitor: string;
  /** What the call was booked from: `quote request`, `contact message`. */
  item: string;
  /** What it is: `call`, or `interview` (an application's); `Call`, `Interview` to begin a sentence; `a call`, `an interview`. */
  call: string;
  Call: string;
  a: string;
}

/** The words of every meeting mail and invitation, in one place. */
export const MEETING_MAIL_TEXTS = {
  visitor: {
    booked: {
      subject: (w: MeetingWords) => `Your ${w.call} with ${w.company} is booked`,
      opening: (w: MeetingWords) => `Your ${w.call} with ${w.staff} of ${w.company} is booked.`,
    },
    rescheduled: {
      subject: (w: MeetingWords) => `Your ${w.call} with ${w.company} has moved`,
      opening: (w: MeetingWords) => `Your ${w.call} with ${w.staff} of ${w.company} has moved to a new time.`,
    },
    cancelled: {
      subject: (w: MeetingWords) => `Your ${w.call} with ${w.company} is cancelled`,
      opening: (w: MeetingWords) => `Your ${w.call} with ${w.staff} of ${w.company} is cancelled.`,
    },
    'reminder-24h': {
      subject: (w: MeetingWords) => `Reminder: your ${w.call} with ${w.company} is tomorrow`,
      opening: (w: MeetingWords) => `A reminder: your ${w.call} with ${w.staff} of ${w.company} is tomorrow.`,
    },
    'reminder-1h': {
      subject: (w: MeetingWords) => `Reminder: your ${w.call} with ${w.company} starts in an hour`,
      opening: (w: MeetingWords) => `A reminder: your ${w.call} with ${w.staff} of ${w.company} starts in an hour.`,
    },
  },
  staff: {
    booked: {
      subject: (w: MeetingWords) => `${w.Call} booked: ${w.visitor}`,
      opening: (w: MeetingWords) => `${w.visitor} booked ${w.a} with you about their ${w.item}.`,
    },
    rescheduled: {
      subject: (w: MeetingWords) => `${w.Call} moved: ${w.visitor}`,
      opening: (w: MeetingWords) => `Your ${w.call} with ${w.visitor} has moved to a new time.`,
    },
    cancelled: {
      subject: (w: MeetingWords) => `${w.Call} cancelled: ${w.visitor}`,
      opening: (w: MeetingWords) => `Your ${w.call} with ${w.visitor} is cancelled.`,
    },
    'reminder-24h': {
      subject: (w: MeetingWords) => `Reminder: ${w.call} with ${w.visitor} tomorrow`,
      opening: (w: MeetingWords) => `A reminder: your ${w.call} with ${w.visitor} is tomorrow.`,
    },
    'reminder-1h': {
      subject: (w: MeetingWords) => `Reminder: ${w.call} with ${w.visitor} in an hour`,
      opening: (w: MeetingWords) => `A reminder: your ${w.call} with ${w.visitor} starts in an hour.`,
    },
  },
  /** The invitation's SUMMARY, as the recipient's calendar names the call. */
  invitation: {
    visitorSummary: (w: MeetingWords) => `${w.Call} with ${w.company}`,
    staffSummary: (w: MeetingWords) => `${w.Call} with ${w.visitor}`,
  },
  attached: {
    REQUEST: 'The invitation is attached: open it to add the call to your calendar.',
    CANCEL: 'The cancellation is attached: open it to take the call off your calendar.',
  },
  fields: { when: 'When', before: 'Before', with: 'With', email: 'Email' },
  links: { reschedule: 'Reschedule', cancel: 'Cancel the call', item: (w: MeetingWords) => `Open the ${w.item}` },
  anotherTime: 'To find another time, reply to this mail.',
} as const;

const METHODS: Partial<Record<MeetingMailKind, CalendarPart['method']>> = { booked: 'REQUEST', rescheduled: 'REQUEST', cancelled: 'CANCEL' };

/**
 * The outbox rows of one mail of a meeting, to the visitor and to the staff member: booked and rescheduled carry the
 * invitation (METHOD:REQUEST), cancelled the cancellation (METHOD:CANCEL), both with the meeting's one UID and its
 * `sequence`; reminders carry none (the calendar already holds the call). Enqueue them with the item's id as the
 * subject, in the transaction that changes the meeting.
 */
export function meetingInvitationMails(meeting: MeetingForMails, kind: MeetingMailKind, context: MeetingMailContext): MeetingMessage[] {
  const itemLink = `${context.publicUrl}/admin/${ITEM_KINDS[meeting.item.kind].adminPath}/${meeting.item.id}`;
  const shared = {
    meetingId: meeting.id,
    kind,
    itemKind: meeting.item.kind,
    start: meeting.start.toISOString(),
    end: meeting.end.toISOString(),
    previousStart: meeting.previousStart?.toISOString() ?? null,
    staff: { name: meeting.staff.name, email: meeting.staff.email },
    visitor: { name: meeting.visitor.name, email: meeting.visitor.email },
    companyName: context.companyName,
  };
  const payloads: MeetingMailPayload[] = [
    {
      ...shared,
      audience: 'visitor',
      timeZone: meeting.visitor.timeZone,
      rescheduleLink: meeting.links.reschedule,
      cancelLink: meeting.links.cancel,
      itemLink: null,
    },
    { ...shared, audience: 'staff', timeZone: meeting.staff.timeZone, rescheduleLink: null, cancelLink: null, itemLink },
  ];
  const method = METHODS[kind];
  return payloads.map((payload) => ({
    topic: MEETING_TOPICS[meeting.item.kind],
    recipient: payload.audience === 'visitor' ? meeting.visitor.email : meeting.staff.email,
    payload,
    calendar: method ? invitationOf(payload, method, meeting.sequence, context) : null,
  }));
}

/** The reminders to queue for a call starting at `start`, booked or moved at `now`: each with its time, none already past. */
export function meetingReminders(start: Date, now: Date): Array<{ kind: MeetingMailKind; sendAt: Date }> {
  return MEETING_REMINDERS.map(({ kind, beforeMs }) => ({ kind, sendAt: new Date(start.getTime() - beforeMs) })).filter(
    (reminder) => reminder.sendAt.getTime() > now.getTime(),
  );
}

/**
 * The invitation of one row: the visitor's is named after the company, the staff member's after the visitor. Its
 * description opens as the mail does, then gives the row's links (the visitor's to reschedule and cancel, while the
 * call is on; the staff member's to the item).
 */
function invitationOf(payload: MeetingMailPayload, method: CalendarPart['method'], sequence: number, context: MeetingMailContext): CalendarPart {
  const words = wordsOf(payload);
  const { invitation, links } = MEETING_MAIL_TEXTS;
  const visitorCopy = payload.audience === 'visitor';
  const stillOn = method === 'REQUEST';
  const linkLines = [
    ...(stillOn && payload.rescheduleLink ? [`${links.reschedule}: ${payload.rescheduleLink}`] : []),
    ...(stillOn && payload.cancelLink ? [`${links.cancel}: ${payload.cancelLink}`] : []),
    ...(payload.itemLink ? [`${links.item(words)}: ${payload.itemLink}`] : []),
  ];
  const opening = MEETING_MAIL_TEXTS[payload.audience][payload.kind].opening(words);
  return meetingInvitation({
    method,
    meetingId: payload.meetingId,
    siteHost: new URL(context.publicUrl).hostname,
    start: new Date(payload.start),
    end: new Date(payload.end),
    sequence,
    stampedAt: context.now,
    organizer: payload.staff,
    // The visitor's copy goes to whatever address was typed into a form: their name only when it is a plain name.
    attendee: { email: payload.visitor.email, name: visitorCopy ? plainName(payload.visitor.name) : payload.visitor.name },
    summary: visitorCopy ? invitation.visitorSummary(words) : invitation.staffSummary(words),
    description: linkLines.length > 0 ? `${opening}\n\n${linkLines.join('\n')}` : opening,
  });
}

function wordsOf(payload: MeetingMailPayload): MeetingWords {
  return {
    company: payload.companyName,
    staff: oneLine(payload.staff.name),
    visitor: oneLine(payload.visitor.name),
    item: ITEM_KINDS[payload.itemKind].label.toLowerCase(),
    ...(payload.itemKind === 'application' ? { call: 'interview', Call: 'Interview', a: 'an interview' } : { call: 'call', Call: 'Call', a: 'a call' }),
  };
}

/**
 * A meeting mail as its row says it, in the one mail layout: the visitor's greets them by name only when it is a
 * plain name and repeats none of their text, answers go to the staff member; the staff's shows whom the call is with,
 * links the item's page, and answers go to the visitor. Times are on the recipient's clock.
 */
export function meetingMail(payload: MeetingMailPayload): Omit<MailMessage, 'to' | 'messageId' | 'topic'> {
  const words = wordsOf(payload);
  const texts = MEETING_MAIL_TEXTS[payload.audience][payload.kind];
  const visitorMail = payload.audience === 'visitor';
  const { fields, links } = MEETING_MAIL_TEXTS;
  const when = meetingTimeText(new Date(payload.start), new Date(payload.end), payload.timeZone);
  const rows: Array<[string, string]> = [[fields.when, when]];
  if (payload.kind === 'rescheduled' && payload.previousStart) {
    rows.push([fields.before, meetingTimeText(new Date(payload.previousStart), null, payload.timeZone)]);
  }
  if (visitorMail) rows.push([fields.with, `${words.staff}, ${words.company}`]);
  else rows.push([fields.with, words.visitor], [fields.email, payload.visitor.email]);

  const method = METHODS[payload.kind];
  const blocks: MailBlock[] = [
    ...(visitorMail ? [paragraph(greeting(payload.visitor.name))] : []),
    paragraph(texts.opening(words)),
    fieldRows(rows),
    ...(method ? [paragraph(MEETING_MAIL_TEXTS.attached[method])] : []),
  ];
  if (visitorMail && payload.kind === 'cancelled') blocks.push(paragraph(MEETING_MAIL_TEXTS.anotherTime));
  else if (visitorMail && payload.rescheduleLink && payload.cancelLink) {
    blocks.push(linkLine(links.reschedule, payload.rescheduleLink), linkLine(links.cancel, payload.cancelLink));
  } else if (!visitorMail && payload.itemLink) blocks.push(linkLine(links.item(words), payload.itemLink));
  blocks.push(paragraph(payload.companyName));

  const mail = renderMail(texts.subject(words), blocks);
  const replyTo = visitorMail ? { name: words.staff, address: payload.staff.email } : { name: words.visitor, address: payload.visitor.email };
  return { ...mail, replyTo };
}

const greeting = (name: string) => {
  const plain = plainName(name);
  return plain ? `Hello ${plain},` : 'Hello,';
};

const DAY_AND_TIME = 'cccc d LLLL yyyy, HH:mm';

/**
 * A call's time on the clock of `timeZone` (UTC when it cannot be read): `Tuesday 3 March 2026, 10:00–10:30
 * (Europe/Berlin)`, the end's day said only when it is another day.
 */
export function meetingTimeText(start: Date, end: Date | null, timeZone: string): string {
  const zone = IANAZone.isValidZone(timeZone) ? timeZone : 'UTC';
  const from = DateTime.fromJSDate(start, { zone }).setLocale('en-GB');
  const to = end && DateTime.fromJSDate(end, { zone }).setLocale('en-GB');
  const until = to ? `–${to.toFormat(to.hasSame(from, 'day') ? 'HH:mm' : DAY_AND_TIME)}` : '';
  return `${from.toFormat(DAY_AND_TIME)}${until} (${zone})`;
}

/** Whether a topic is a meeting mail's. */
export function isMeetingTopic(topic: string): topic is (typeof MEETING_TOPICS)[MeetingItemKind] {
  return (Object.values(MEETING_TOPICS) as string[]).includes(topic);
}

/** Whether a payload read back from the outbox is a meeting mail's (written only by `meetingInvitationMails`). */
export function isMeetingMailPayload(payload: Record<string, unknown> | null): payload is MeetingMailPayload {
  const person = (value: unknown) => typeof value === 'object' && value !== null && typeof (value as { email?: unknown }).email === 'string';
  return (
    typeof payload?.start === 'string' &&
    typeof payload.end === 'string' &&
    typeof payload.timeZone === 'string' &&
    typeof payload.companyName === 'string' &&
    (MEETING_MAIL_KINDS as readonly unknown[]).includes(payload.kind) &&
    (payload.audience === 'visitor' || payload.audience === 'staff') &&
    (Object.keys(MEETING_TOPICS) as unknown[]).includes(payload.itemKind) &&
    person(payload.staff) &&
    person(payload.visitor)
  );
}
