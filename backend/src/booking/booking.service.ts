import {
  BOOKING_ALTERNATIVE_SLOTS,
  BOOKING_LINK_DAYS,
  BOOKING_MESSAGES,
  DAY_MS,
  HOUR_MS,
  MAX_SLOT_VIEW_DAYS,
  MINUTE_MS,
  bookingPath,
  required,
  firstNameOf,
  type Availability,
  type BookableItemKind,
  type BookedMeeting,
  type BookingDetails,
  type BookingLink,
  type BookingPayload,
  type BookingSlot,
  type BookingSlotsQuery,
} from '@brightwave/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import { loggableError } from '../common/loggable-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { MeetingRow } from '../database/schema';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import { readBookingLink, signBookingLink } from './booking-links';
import { toBookedInterview, toBookedMeeting } from './booking.mapper';
import { BusyFeedService } from './busy-feed.service';
import {
  REMINDER_NOT_SENT,
  cancellationForFormerStaff,
  meetingNotices,
  meetingStaffOf,
  meetingWebhookCalls,
  noticeSettingsOf,
  type MeetingChange,
  type NoticeSettings,
  type NoticedCall,
} from './meeting-notices';
import { InterviewBooking } from './interview-booking';
import { meetingAuditDetails, MeetingsRepository, ownerCanBeBooked, type BookableItem, type MeetingExecutor, type MeetingOwner } from './meetings.repository';
import { freeSlots, type TimeRange } from './slots';

/** A staff member's availability as the slots read it (the busy calendar's address aside). */
type Settings = Omit<Availability, 'busyCalendarUrl'>;

/** What a valid booking link opens: the item, its owner (who can be booked) and the owner's availability. */
interface OpenLink {
  kind: BookableItemKind;
  item: BookableItem;
  owner: MeetingOwner;
  settings: Settings;
}

/**
 * A call booked or moved (BookingService.book), its mails, reminders and webhook calls queued with it. `previous` is the
 * call before this booking (null: it was booked now); `changed` is false when it already was at that time (a repeated
 * request: nothing written, nothing sent).
 */
export interface BookedCall {
  kind: BookableItemKind;
  itemId: string;
  meeting: MeetingRow;
  previous: { start: Date; end: Date; sequence: number; ownerId: string } | null;
  changed: boolean;
  /** The staff member the call is with now. */
  owner: { id: string; name: string; email: string; timeZone: string };
}

/**
 * A span of `MAX_SLOT_VIEW_DAYS` days on the visitor's clock is one hour longer across an autumn clock change: so
 * much is allowed beyond the days.
 */
const MAX_SPAN_MS = MAX_SLOT_VIEW_DAYS * DAY_MS + HOUR_MS;

const toSlot = (range: TimeRange): BookingSlot => ({ start: range.start.toISOString(), end: range.end.toISOString() });

/**
 * Booking a call after a quote request or a contact message (docs/features/booking.md, "Booking a call"): the signed
 * link of an item (404 when this server did not sign it, 410 once it expired, the item is gone or its owner can no
 * longer be booked), the free slots of the item's owner, and the booking itself, which the database keeps from ever
 * overlapping another call of the same owner.
 */
@Injectable()
export class BookingService {
  private readonly logger = new Logger(BookingService.name);

  private readonly notices: NoticeSettings;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: MeetingsRepository,
    private readonly busyFeed: BusyFeedService,
    private readonly webhooks: WebhookSubscriptions,
    private readonly deliveries: DeliveryWorker,
    private readonly interviews: InterviewBooking,
  ) {
    this.notices = noticeSettingsOf(config);
  }

  /**
   * The booking link of a new item, valid BOOKING_LINK_DAYS from `now`, when it went to an owner who can be booked
   * (isBookable); else undefined. The item is stored already: a failure here is logged and gives no link rather than
   * an error for a request that was taken.
   */
  async linkFor(kind: BookableItemKind, item: { id: string; ownerId: string | null; spam: boolean }, now = new Date()): Promise<BookingLink | undefined> {
    if (item.spam || item.ownerId === null) return undefined;
    try {
      const owner = await this.repository.findOwner(item.ownerId);
      if (!owner || !ownerCanBeBooked(owner)) return undefined;
      const token = signBookingLink(this.config.keys.bookingLinks, { kind, itemId: item.id, expiresAt: new Date(now.getTime() + BOOKING_LINK_DAYS * DAY_MS) });
      return { url: bookingPath(token), with: firstNameOf(owner.admin.name) };
    } catch (error) {
      this.logger.error(`no booking link for ${kind} ${item.id}: ${loggableError(error)}`);
      return undefined;
    }
  }

  /** What the booking page shows before its slots: whom the call is with, how long, on which clock, and the call booked. */
  async details(token: string, now = new Date()): Promise<BookingDetails> {
    const interviewId = this.interviewOf(token, now);
    if (interviewId) return this.interviews.details(interviewId);
    const link = await this.open(token, now);
    const meeting = await this.repository.activeMeetingOf(link.kind, link.item.id);
    return {
      kind: 'call',
      with: firstNameOf(link.owner.admin.name),
      meetingMinutes: link.settings.meetingMinutes,
      timeZone: link.settings.timeZone,
      meeting: meeting ? await this.shown(meeting, link.owner) : null,
    };
  }

  /**
   * The owner's free slots overlapping [from, to): `from` defaults to now, `to` to MAX_SLOT_VIEW_DAYS after `from`; a
   * longer span, or one that ends before it starts, is a 400 at `to`. The item's own call blocks nothing: it can move.
   */
  async slots(token: string, query: BookingSlotsQuery, now = new Date()): Promise<{ timeZone: string; slots: BookingSlot[] }> {
    const interviewId = this.interviewOf(token, now);
    if (interviewId) return this.interviews.slots(interviewId, query, now);
    const link = await this.open(token, now);
    const from = query.from === undefined ? now : new Date(query.from);
    const to = query.to === undefined ? new Date(from.getTime() + MAX_SLOT_VIEW_DAYS * DAY_MS) : new Date(query.to);
    if (to.getTime() <= from.getTime()) throw DomainError.invalid(BOOKING_MESSAGES.toBeforeFrom, { to: BOOKING_MESSAGES.toBeforeFrom });
    if (to.getTime() - from.getTime() > MAX_SPAN_MS) throw DomainError.invalid(BOOKING_MESSAGES.spanTooLong, { to: BOOKING_MESSAGES.spanTooLong });
    const slots = await this.freeSlotsOf(link, from, to, now);
    return { timeZone: link.settings.timeZone, slots: slots.map(toSlot) };
  }

  /** Books with a link of either kind (the booking route): the call, or an interview's, as the booking page shows it. */
  async bookWithLink(token: string, payload: BookingPayload, now = new Date()): Promise<BookedMeeting> {
    const interviewId = this.interviewOf(token, now);
    if (interviewId) {
      const booked = await this.interviews.book(interviewId, payload, now);
      return toBookedInterview(required(booked.meetings[0], 'the first call of the interview'), booked.with);
    }
    const call = await this.book(token, payload, now);
    return toBookedMeeting(call.meeting, call.owner.name);
  }

  /**
   * Books the slot starting at `start`, or moves the item's call to it. It must be one of the slots offered now (else
   * 409 with the next free ones); two bookings at once that overlap (this item's or another's with the same owner)
   * cannot both succeed: the database refuses the second, which gets the same 409. In the booking's transaction: its
   * audit entry, the mails to the visitor (on the clock of `timeZone`, the zone they booked in) and the staff member,
   * the call's reminders (a move cancels those of its former time), and the webhook calls. A repeated booking of the
   * time the call has writes and sends nothing.
   */
  async book(token: string, { start, timeZone }: BookingPayload, now = new Date()): Promise<BookedCall> {
    const link = await this.open(token, now);
    const startAt = new Date(start);
    const offered = await this.freeSlotsOf(link, startAt, new Date(startAt.getTime() + 1), now);
    const slot = offered.find((range) => range.start.getTime() === startAt.getTime());
    if (!slot) throw await this.taken(link, startAt, now);
    const { kind, item, owner, settings } = link;
    const ownerName = owner.admin.name;
    const staff = meetingStaffOf(owner);
    const webhookCalls = await meetingWebhookCalls(this.webhooks);
    const times = { ownerId: owner.admin.id, start: slot.start, end: slot.end, bufferMinutes: settings.bufferMinutes };
    const written = await this.repository.book(
      kind,
      item.id,
      { ...times, ...(timeZone === undefined ? {} : { visitorTimeZone: canonicalTimeZone(timeZone) }) },
      async (tx, meeting, previous) => {
        await MeetingsRepository.audit(tx, {
          action: previous ? `${kind}.meeting_rescheduled` : `${kind}.meeting_booked`,
          kind,
          itemId: item.id,
          details: {
            ...meetingAuditDetails(meeting, owner.admin),
            ...(previous ? { previousStart: previous.startAt.toISOString(), previousEnd: previous.endAt.toISOString() } : {}),
          },
        });
        const change: MeetingChange = previous ? { kind: 'rescheduled', previousStart: previous.startAt } : { kind: 'booked' };
        const call = { kind, itemId: item.id, meeting, staff };
        if (previous) {
          await MeetingsRepository.cancelReminders(tx, item.id, meeting.id, REMINDER_NOT_SENT.moved);
          if (previous.ownerId !== owner.admin.id) await this.tellFormerStaff(tx, call, previous, now);
        }
        await MeetingsRepository.queueNotices(tx, item.id, meetingNotices(call, change, webhookCalls, this.notices, now));
      },
    );
    if (written === 'item-gone') throw DomainError.gone(BOOKING_MESSAGES.itemGone);
    if (written === 'taken' || written === 'owner-changed') throw await this.taken(link, startAt, now);
    const { meeting, previous, changed } = written;
    if (changed) this.deliveries.wake();
    return {
      kind,
      itemId: item.id,
      meeting,
      previous: previous ? { start: previous.startAt, end: previous.endAt, sequence: previous.sequence, ownerId: previous.ownerId } : null,
      changed,
      owner: { id: owner.admin.id, name: ownerName, email: owner.admin.email, timeZone: settings.timeZone },
    };
  }

  /**
   * Cancels the link's call (docs/features/booking.md, "Cancelling"): `cancelled_at` set and its `sequence` raised, in
   * one transaction with its audit entry, the cancellation to the visitor and to the staff member (CANCEL), the end of
   * its reminders still to go, and the `meeting.cancelled` webhook calls. 404 and 410 as the other routes; 409 when
   * the link has no call booked, or its call is over.
   */
  async cancel(token: string, now = new Date()): Promise<void> {
    const interviewId = this.interviewOf(token, now);
    if (interviewId) return this.interviews.cancel(interviewId, now);
    const { kind, item } = await this.open(token, now);
    const webhookCalls = await meetingWebhookCalls(this.webhooks);
    const cancelled = await this.repository.cancel(kind, item.id, now, async (tx, meeting, owner) => {
      await MeetingsRepository.audit(tx, {
        action: `${kind}.meeting_cancelled`,
        kind,
        itemId: item.id,
        details: meetingAuditDetails(meeting, owner.admin),
      });
      await MeetingsRepository.cancelReminders(tx, item.id, meeting.id, REMINDER_NOT_SENT.cancelled);
      const call = { kind, itemId: item.id, meeting, staff: meetingStaffOf(owner) };
      await MeetingsRepository.queueNotices(tx, item.id, meetingNotices(call, { kind: 'cancelled' }, webhookCalls, this.notices, now));
    });
    if (cancelled === 'item-gone') throw DomainError.gone(BOOKING_MESSAGES.itemGone);
    if (cancelled === 'no-call') throw DomainError.conflict(BOOKING_MESSAGES.noCallToCancel);
    if (cancelled === 'over') throw DomainError.conflict(BOOKING_MESSAGES.callOver);
    this.deliveries.wake();
  }

  /**
   * A call moved to another staff member (the item changed owner since it was booked): the one it was with is sent
   * its cancellation, in the move's transaction.
   */
  private async tellFormerStaff(tx: MeetingExecutor, call: NoticedCall, previous: MeetingRow, now: Date): Promise<void> {
    const former = await MeetingsRepository.ownerIn(tx, previous.ownerId);
    if (!former) return;
    const before = { start: previous.startAt, end: previous.endAt };
    await MeetingsRepository.queueNotices(tx, call.itemId, {
      now: cancellationForFormerStaff(call, meetingStaffOf(former), before, this.notices, now),
      scheduled: [],
    });
  }

  /** A booked call as the booking page shows it, with the staff member it is with (the link's owner, or an earlier one). */
  private async shown(meeting: MeetingRow, linkOwner: MeetingOwner): Promise<BookedMeeting> {
    const owner = linkOwner.admin.id === meeting.ownerId ? linkOwner : await this.repository.findOwner(meeting.ownerId);
    return toBookedMeeting(meeting, owner?.admin.name ?? '');
  }

  /**
   * The link's item, owner and availability: 404 for a token this server did not sign; 410 once it expired, when the
   * item is gone (erased, purged) or moved to spam, and when it has no owner who can be booked now.
   */
  private async open(token: string, now: Date): Promise<OpenLink> {
    const { kind, itemId } = this.grantOf(token, now);
    if (kind === 'interview') throw DomainError.notFound(BOOKING_MESSAGES.linkNotFound);
    const item = await this.repository.findItem(kind, itemId);
    if (!item) throw DomainError.gone(BOOKING_MESSAGES.itemGone);
    const owner = item.ownerId === null || item.spam ? undefined : await this.repository.findOwner(item.ownerId);
    if (!owner?.availability || !ownerCanBeBooked(owner)) throw DomainError.gone(BOOKING_MESSAGES.ownerUnavailable);
    const { timeZone, weekly, meetingMinutes, bufferMinutes, minNoticeHours, maxDaysAhead } = owner.availability;
    return { kind, item, owner, settings: { timeZone, weekly, meetingMinutes, bufferMinutes, minNoticeHours, maxDaysAhead } };
  }

  /** The grant of a token: 404 for a token this server did not sign, 410 once it expired. */
  private grantOf(token: string, now: Date) {
    const read = readBookingLink(this.config.keys.bookingLinks, token, now);
    if (!read) throw DomainError.notFound(BOOKING_MESSAGES.linkNotFound);
    if (read.expired) throw DomainError.gone(BOOKING_MESSAGES.linkExpired);
    return read.grant;
  }

  /** The interview invitation a token books (docs/features/booking.md, "Interviews"); undefined for a call's link. */
  private interviewOf(token: string, now: Date): string | undefined {
    const grant = this.grantOf(token, now);
    return grant.kind === 'interview' ? grant.itemId : undefined;
  }

  /**
   * The owner's free slots overlapping [from, to): their availability, minus their other items' calls and the busy
   * times of their calendar feed. A call keeps its own buffer on both sides (the one of when it was booked): where that
   * is longer than today's, the call is widened by the difference, as the database's constraints count it.
   */
  private async freeSlotsOf(link: OpenLink, from: Date, to: Date, now: Date): Promise<TimeRange[]> {
    const { settings } = link;
    const ownerId = link.owner.admin.id;
    const meetingMs = settings.meetingMinutes * MINUTE_MS;
    // Nothing to read for a span wholly before the notice or past the horizon (a day more: maxDaysAhead counts on the
    // owner's clock, which slots.ts reads).
    const bookable = { from: now.getTime() + settings.minNoticeHours * HOUR_MS, to: now.getTime() + (settings.maxDaysAhead + 1) * DAY_MS };
    if (to.getTime() + meetingMs <= bookable.from || from.getTime() - meetingMs > bookable.to) return [];
    const [others, busy] = await Promise.all([
      this.repository.activeMeetingsNear(ownerId, from, to, { kind: link.kind, itemId: link.item.id }),
      // A slot overlapping [from, to) lies within a meeting's length of it.
      this.busyFeed.busyTimes(ownerId, new Date(from.getTime() - meetingMs), new Date(to.getTime() + meetingMs)),
    ]);
    const meetings = others.map((meeting) => {
      const widerBy = Math.max(0, meeting.bufferMinutes - settings.bufferMinutes) * MINUTE_MS;
      return { start: new Date(meeting.startAt.getTime() - widerBy), end: new Date(meeting.endAt.getTime() + widerBy) };
    });
    return freeSlots({ availability: settings, from, to, now, meetings, busy });
  }

  /** The 409 of a time that is not free: the next free slots from that time on (from now, if none is left after it). */
  private async taken(link: OpenLink, asked: Date, now: Date): Promise<DomainError> {
    const next = async (from: Date) =>
      (await this.freeSlotsOf(link, from, new Date(from.getTime() + MAX_SLOT_VIEW_DAYS * DAY_MS), now)).slice(0, BOOKING_ALTERNATIVE_SLOTS);
    const after = asked.getTime() > now.getTime() ? await next(asked) : [];
    const slots = after.length > 0 ? after : await next(now);
    return DomainError.slotTaken(BOOKING_MESSAGES.slotTaken, slots.map(toSlot));
  }
}

/** A time zone name as the clock library spells it (`europe/london` is `Europe/London`): the mails show it. */
function canonicalTimeZone(name: string): string {
  return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
}
