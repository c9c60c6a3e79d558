// What a change of a booked call sends (docs/features/booking.md, Invitations): the mails to the visitor and to the
// staff member, their reminders, and the webhook calls, as outbox rows written in the transaction of the change. Pure:
// the caller reads the call and the staff member, and writes the rows (MeetingsRepository.queueNotices).
import {
  BOOKING_LINK_DAYS,
  DAY_MS,
  DEFAULT_AVAILABILITY,
  MEETING_WEBHOOK_EVENTS,
  bookingCancelPath,
  bookingPath,
  required,
  type MeetingWebhookEvent,
} from '@brightwave/common';
import type { AppConfig } from '../config/app-config';
import type { MeetingRow, NewDelivery } from '../database/schema';
import { companyNameOf } from '../deliveries/delivery-worker';
import type { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import { signBookingLink, type BookingGrant } from './booking-links';
import {
  meetingInvitationMails,
  meetingReminders,
  type MeetingForMails,
  type MeetingItemKind,
  type MeetingMailContext,
  type MeetingMessage,
} from './meeting-mails';
import { meetingWebhookPayload } from './meeting-webhooks';

/** The staff member a call is with, as its mails name them: their times are on their availability's clock. */
export interface MeetingStaff {
  id: string;
  name: string;
  email: string;
  timeZone: string;
}

/**
 * A call as its notices read it: the item it was booked from, the row as stored after the change, and its staff member.
 * An interview's (kind `application`) names its invitation too: the candidate's links are the invitation's.
 */
export interface NoticedCall {
  kind: MeetingItemKind;
  itemId: string;
  interviewId?: string;
  meeting: MeetingRow;
  staff: MeetingStaff;
}

/** What a change of a call is: booked, moved (with its start before), or cancelled. */
export type MeetingChange = { kind: 'booked' } | { kind: 'rescheduled'; previousStart: Date } | { kind: 'cancelled' };

/** The outbox rows of a change: to send now (mails and webhook calls), and the reminders, each at its time. */
export interface MeetingNotices {
  now: NewDelivery[];
  scheduled: Array<{ sendAt: Date; rows: MeetingMessage[] }>;
}

/** What every notice needs from the configuration: PUBLIC_URL, the company's name (MAIL_FROM), the links' key. */
export interface NoticeSettings {
  publicUrl: string;
  companyName: string;
  bookingKey: Buffer;
}

/** Why a reminder still to go was not sent (the Deliveries screen and the item's timeline say it). */
export const REMINDER_NOT_SENT = {
  moved: 'not sent: the call moved (reminders for its new time were scheduled)',
  cancelled: 'not sent: the call was cancelled',
} as const;

/** A staff member as their mails name them: their availability's time zone (the default one until they set it). */
export function meetingStaffOf(owner: { admin: { id: string; name: string; email: string }; availability: { timeZone: string } | undefined }): MeetingStaff {
  const { id, name, email } = owner.admin;
  return { id, name, email, timeZone: owner.availability?.timeZone ?? DEFAULT_AVAILABILITY.timeZone };
}

/** The webhook calls to make for each event of a call: one per endpoint subscribed to it (WebhookSubscriptions). */
export type MeetingWebhookCalls = Record<MeetingWebhookEvent, NewDelivery[]>;

/** No endpoint is called (an erasure's cancellations: the item is gone, so webhook calls about it are not sent). */
export const NO_WEBHOOK_CALLS: MeetingWebhookCalls = { 'meeting.booked': [], 'meeting.rescheduled': [], 'meeting.cancelled': [] };

/** The settings of the notices, read from the configuration. */
export function noticeSettingsOf(config: AppConfig): NoticeSettings {
  return { publicUrl: config.server.publicUrl, companyName: companyNameOf(config.mail.from), bookingKey: config.keys.bookingLinks };
}

/**
 * When the token of a call's mails expires: BOOKING_LINK_DAYS from `now`, or a day after the call ends when that is
 * later, so the links to move and cancel it work until it is over even when it is further ahead than a form's link.
 */
export function mailLinkExpiry(meetingEnd: Date, now: Date): Date {
  return new Date(Math.max(now.getTime() + BOOKING_LINK_DAYS * DAY_MS, meetingEnd.getTime() + DAY_MS));
}

/** The visitor's links to move and to cancel the call: the booking page of a token signed for the mails. */
function visitorLinks(call: NoticedCall, settings: NoticeSettings, now: Date): MeetingForMails['links'] {
  const booked: Omit<BookingGrant, 'expiresAt'> =
    call.kind === 'application'
      ? { kind: 'interview', itemId: required(call.interviewId, "an interview's invitation") }
      : { kind: call.kind, itemId: call.itemId };
  const token = signBookingLink(settings.bookingKey, { ...booked, expiresAt: mailLinkExpiry(call.meeting.endAt, now) });
  return { reschedule: `${settings.publicUrl}${bookingPath(token)}`, cancel: `${settings.publicUrl}${bookingCancelPath(token)}` };
}

/** The call as its mails say it: the visitor's times on the clock they booked in (the staff member's if they gave none). */
function forMails(call: NoticedCall, settings: NoticeSettings, now: Date, previousStart?: Date): MeetingForMails {
  const { meeting, staff } = call;
  return {
    id: meeting.id,
    item: { kind: call.kind, id: call.itemId },
    start: meeting.startAt,
    end: meeting.endAt,
    ...(previousStart ? { previousStart } : {}),
    sequence: meeting.sequence,
    staff: { name: staff.name, email: staff.email, timeZone: staff.timeZone },
    visitor: { name: meeting.visitorName, email: meeting.visitorEmail, timeZone: meeting.visitorTimeZone ?? staff.timeZone },
    links: visitorLinks(call, settings, now),
  };
}

const EVENTS: Record<MeetingChange['kind'], MeetingWebhookEvent> = {
  booked: 'meeting.booked',
  rescheduled: 'meeting.rescheduled',
  cancelled: 'meeting.cancelled',
};

/**
 * The rows of a change of the call: its mail to the visitor and to the staff member (an invitation, REQUEST with the
 * call's `sequence`, or a cancellation, CANCEL), the reminders of its new time not already past (none once cancelled),
 * and one webhook call per endpoint of `webhookCalls` (those subscribed to the change's event, WebhookSubscriptions).
 */
export function meetingNotices(
  call: NoticedCall,
  change: MeetingChange,
  webhookCalls: MeetingWebhookCalls,
  settings: NoticeSettings,
  now: Date,
): MeetingNotices {
  const context: MeetingMailContext = { publicUrl: settings.publicUrl, companyName: settings.companyName, now };
  const meeting = forMails(call, settings, now, change.kind === 'rescheduled' ? change.previousStart : undefined);
  const payload = meetingWebhookPayload(call.kind, call.meeting, change.kind === 'rescheduled' ? change.previousStart : null);
  const reminders = change.kind === 'cancelled' ? [] : meetingReminders(call.meeting.startAt, now);
  return {
    now: [...meetingInvitationMails(meeting, change.kind, context), ...webhookCalls[EVENTS[change.kind]].map((webhookCall) => ({ ...webhookCall, payload }))],
    scheduled: reminders.map((reminder) => ({ sendAt: reminder.sendAt, rows: meetingInvitationMails(meeting, reminder.kind, context) })),
  };
}

/**
 * The cancellation to a staff member the call is no longer with (the item changed owner, and the visitor moved the
 * call): only their mail (CANCEL, with the call's new `sequence`), at the time it had with them.
 */
export function cancellationForFormerStaff(
  call: NoticedCall,
  former: MeetingStaff,
  before: { start: Date; end: Date },
  settings: NoticeSettings,
  now: Date,
): MeetingMessage[] {
  const asItWas: NoticedCall = { ...call, staff: former, meeting: { ...call.meeting, startAt: before.start, endAt: before.end, ownerId: former.id } };
  const context: MeetingMailContext = { publicUrl: settings.publicUrl, companyName: settings.companyName, now };
  return meetingInvitationMails(forMails(asItWas, settings, now), 'cancelled', context).filter((row) => row.payload.audience === 'staff');
}

/**
 * The rows of a change of an interview (one call per interviewer, in the invitation's order): the candidate's mail
 * once, from the first interviewer's call with every interviewer named, each interviewer's own mail, the reminders of
 * both, and one webhook call per endpoint of `webhookCalls` for the interview as a whole.
 */
export function interviewNotices(
  calls: NoticedCall[],
  change: MeetingChange,
  webhookCalls: MeetingWebhookCalls,
  settings: NoticeSettings,
  now: Date,
): MeetingNotices {
  const [first] = calls;
  if (!first) return { now: [], scheduled: [] };
  const everyone = { ...first, staff: { ...first.staff, name: namesTogether(calls.map((call) => call.staff.name)) } };
  const parts = [{ call: everyone, audience: 'visitor' }, ...calls.map((call) => ({ call, audience: 'staff' }))].map(({ call, audience }) => {
    const notices = meetingNotices(call, change, NO_WEBHOOK_CALLS, settings, now);
    const forAudience = (rows: NewDelivery[]) => rows.filter((row) => (row as MeetingMessage).payload.audience === audience);
    return {
      now: forAudience(notices.now),
      scheduled: notices.scheduled.map((reminder) => ({ sendAt: reminder.sendAt, rows: forAudience(reminder.rows) as MeetingMessage[] })),
    };
  });
  const interview = { id: required(first.interviewId, "an interview's invitation"), staffIds: calls.map((call) => call.staff.id) };
  const payload = meetingWebhookPayload('application', first.meeting, change.kind === 'rescheduled' ? change.previousStart : null, interview);
  const webhookRows = webhookCalls[EVENTS[change.kind]].map((webhookCall) => ({ ...webhookCall, payload }));
  return { now: [...parts.flatMap((part) => part.now), ...webhookRows], scheduled: parts.flatMap((part) => part.scheduled) };
}

/**
 * The endpoints to call for each event of a call, read before a change's transaction (WebhookSubscriptions keeps
 * them a few seconds): which event it is, the transaction tells.
 */
export async function meetingWebhookCalls(subscriptions: WebhookSubscriptions): Promise<MeetingWebhookCalls> {
  const calls = await Promise.all(MEETING_WEBHOOK_EVENTS.map(async (event) => [event, await subscriptions.callsFor(event)] as const));
  return Object.fromEntries(calls) as MeetingWebhookCalls;
}

/** Names as a sentence says them: 'Ada', 'Ada and Bo', 'Ada, Bo and Cy'. */
export function namesTogether(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
