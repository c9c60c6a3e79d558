import {
  BOOKING_ALTERNATIVE_SLOTS,
  BOOKING_MESSAGES,
  DAY_MS,
  HOUR_MS,
  ITEM_KINDS,
  MAX_SLOT_VIEW_DAYS,
  MINUTE_MS,
  firstNameOf,
  required,
  type BookingDetails,
  type BookingPayload,
  type BookingSlot,
  type BookingSlotsQuery,
} from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE, type Database } from '../database/database';
import { meetings, type MeetingRow } from '../database/schema';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { ItemStatuses } from '../items/item-statuses';
import { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import { toBookedInterview } from './booking.mapper';
import { BusyFeedService } from './busy-feed.service';
import { InterviewsRepository, type InterviewToBook } from './interviews.repository';
import {
  REMINDER_NOT_SENT,
  interviewNotices,
  meetingStaffOf,
  meetingWebhookCalls,
  namesTogether,
  noticeSettingsOf,
  type MeetingChange,
  type MeetingWebhookCalls,
  type NoticeSettings,
  type NoticedCall,
} from './meeting-notices';
import { isOverlap, meetingAuditDetails, MeetingsRepository, ownerCanBeBooked, retryingDeadlocks, type MeetingExecutor } from './meetings.repository';
import { commonSpans, freeSpans, slotsInSpans, type TimeRange } from './slots';

/** Interviews start on the half hour (UTC), whatever the interviewers' own slots: a start every interviewer can share. */
export const INTERVIEW_SLOT_STEP_MS = 30 * MINUTE_MS;

const MAX_SPAN_MS = MAX_SLOT_VIEW_DAYS * DAY_MS + HOUR_MS;
const toSlot = (range: TimeRange): BookingSlot => ({ start: range.start.toISOString(), end: range.end.toISOString() });

/** Thrown inside a booking's transaction to roll it back: the invitation was withdrawn meanwhile. */
class InterviewWithdrawn extends Error {}

/** An interview booked or moved: the interviewers' calls as stored, and whether anything changed. */
export interface BookedInterview {
  meetings: MeetingRow[];
  /** The interviewers' first names, as a sentence says them. */
  with: string;
}

/**
 * The candidate's side of an interview (docs/features/booking.md, "Interviews"): the booking page of the invitation's
 * link offers the slots when every interviewer is free, and books one call per interviewer in one transaction (each
 * kept apart from that interviewer's other calls by the database, as any call is); the first booking moves the
 * application to the invitation's status.
 */
@Injectable()
export class InterviewBooking {
  private readonly notices: NoticeSettings;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
    private readonly repository: InterviewsRepository,
    private readonly busyFeed: BusyFeedService,
    private readonly statuses: ItemStatuses,
    private readonly deliveries: DeliveryWorker,
    private readonly webhooks: WebhookSubscriptions,
  ) {
    this.notices = noticeSettingsOf(config);
  }

  async details(interviewId: string): Promise<BookingDetails> {
    const link = await this.open(interviewId, 'view');
    const booked = await this.repository.activeMeetingsOf(link.interview);
    const first = link.interviewers[0];
    // A booked interview is with those who still hold it.
    const holding = booked.length > 0 ? link.interviewers.filter((staff) => booked.some((call) => call.ownerId === staff.admin.id)) : link.interviewers;
    const names = namesTogether(holding.map((staff) => firstNameOf(staff.admin.name)));
    return {
      kind: 'interview',
      with: names,
      meetingMinutes: link.interview.minutes,
      timeZone: first?.availability?.timeZone ?? 'UTC',
      meeting: booked[0] ? toBookedInterview(booked[0], names) : null,
    };
  }

  async slots(interviewId: string, query: BookingSlotsQuery, now = new Date()): Promise<{ timeZone: string; slots: BookingSlot[] }> {
    const link = await this.open(interviewId, 'book');
    const from = query.from === undefined ? now : new Date(query.from);
    const to = query.to === undefined ? new Date(from.getTime() + MAX_SLOT_VIEW_DAYS * DAY_MS) : new Date(query.to);
    if (to.getTime() <= from.getTime()) throw DomainError.invalid(BOOKING_MESSAGES.toBeforeFrom, { to: BOOKING_MESSAGES.toBeforeFrom });
    if (to.getTime() - from.getTime() > MAX_SPAN_MS) throw DomainError.invalid(BOOKING_MESSAGES.spanTooLong, { to: BOOKING_MESSAGES.spanTooLong });
    const slots = await this.freeSlotsOf(link, from, to, now);
    return { timeZone: link.interviewers[0]?.availability?.timeZone ?? 'UTC', slots: slots.map(toSlot) };
  }

  /**
   * Books the slot starting at `start` (one of those offered now, else 409 with the next free ones), or moves the
   * interview to it: one call per interviewer, written together or not at all. The first booking also moves the
   * application to the invitation's status (the one status path, in the same transaction).
   */
  async book(interviewId: string, { start, timeZone }: BookingPayload, now = new Date()): Promise<BookedInterview> {
    const link = await this.open(interviewId, 'book');
    const startAt = new Date(start);
    const offered = await this.freeSlotsOf(link, startAt, new Date(startAt.getTime() + 1), now);
    const slot = offered.find((range) => range.start.getTime() === startAt.getTime());
    if (!slot) throw await this.taken(link, startAt, now);
    const alreadyBooked = (await this.repository.activeMeetingsOf(link.interview)).length > 0;
    const webhookCalls = await this.webhookCalls();
    const write = (tx: MeetingExecutor) => this.writeBooking(tx, link, slot, timeZone, webhookCalls, now);
    let booked: { meetings: MeetingRow[]; changed: boolean };
    try {
      booked = await retryingDeadlocks(async () => {
        if (alreadyBooked) return this.db.transaction(write);
        const result = await this.statuses.change('application', [link.application.id], link.interview.statusOnBooking, { also: write, byProduct: true });
        if (result.outcome === 'missing') throw DomainError.gone(BOOKING_MESSAGES.itemGone);
        return required(result.also, 'the booked interview');
      });
    } catch (error) {
      if (error instanceof InterviewWithdrawn) throw DomainError.gone(BOOKING_MESSAGES.interviewWithdrawn);
      if (isOverlap(error)) throw await this.taken(link, startAt, now);
      throw error;
    }
    if (booked.changed) this.deliveries.wake();
    return { meetings: booked.meetings, with: firstNamesOf(link) };
  }

  /** Cancels the booked interview (the candidate's cancel link): every interviewer's call, their mails and reminders. */
  async cancel(interviewId: string, now = new Date()): Promise<void> {
    const link = await this.open(interviewId, 'view');
    const webhookCalls = await this.webhookCalls();
    const outcome = await this.db.transaction(async (tx) => {
      const locked = await InterviewsRepository.locked(tx, interviewId);
      if (!locked || locked.meetings.length === 0) return 'no-call' as const;
      if (locked.meetings.every((meeting) => meeting.endAt.getTime() <= now.getTime())) return 'over' as const;
      await this.cancelCalls(tx, link, locked.meetings, { now, admin: null, webhookCalls });
      return 'cancelled' as const;
    });
    if (outcome === 'no-call') throw DomainError.conflict(BOOKING_MESSAGES.noCallToCancel);
    if (outcome === 'over') throw DomainError.conflict(BOOKING_MESSAGES.callOver);
    this.deliveries.wake();
  }

  /**
   * Cancels the calls of an interview locked by the caller's transaction: each row cancelled (`sequence` + 1), their
   * reminders stopped, the cancellation mailed to the candidate and every interviewer, and the audit entry (`admin`:
   * the recruiter who withdrew the invitation; null: the candidate). Answers the calls as stored.
   */
  async cancelCalls(
    tx: MeetingExecutor,
    link: InterviewToBook,
    calls: MeetingRow[],
    { now, admin, webhookCalls }: { now: Date; admin: { id: string; name: string } | null; webhookCalls: MeetingWebhookCalls },
  ): Promise<MeetingRow[]> {
    const cancelled: MeetingRow[] = [];
    for (const call of calls) {
      const [row] = await tx
        .update(meetings)
        .set({ cancelledAt: now, sequence: sql`${meetings.sequence} + 1` })
        .where(eq(meetings.id, call.id))
        .returning();
      cancelled.push(required(row, 'the cancelled call'));
      await MeetingsRepository.cancelReminders(tx, link.application.id, call.id, REMINDER_NOT_SENT.cancelled);
    }
    if (admin === null) {
      await MeetingsRepository.audit(tx, {
        action: 'application.meeting_cancelled',
        kind: 'application',
        itemId: link.application.id,
        details: this.auditDetails(link, required(cancelled[0], 'the first call')),
      });
    }
    await MeetingsRepository.queueNotices(
      tx,
      link.application.id,
      interviewNotices(this.calls(link, cancelled), { kind: 'cancelled' }, webhookCalls, this.notices, now),
    );
    return cancelled;
  }

  /** The endpoints of the meeting events, read before a change's transaction (cancelCalls' caller passes them in). */
  webhookCalls(): Promise<MeetingWebhookCalls> {
    return meetingWebhookCalls(this.webhooks);
  }

  /** What an interview's audit entries say of it: its first call's times, and every interviewer. */
  auditDetails(link: InterviewToBook, first: MeetingRow): Record<string, unknown> {
    return {
      ...meetingAuditDetails(first, { id: first.ownerId, name: namesTogether(link.interviewers.map((staff) => staff.admin.name)) }),
      interviewId: link.interview.id,
    };
  }

  /** The invitation, its application and interviewers: 410 when it is gone, withdrawn, closed or nobody can be booked. */
  async open(interviewId: string, purpose: 'book' | 'view'): Promise<InterviewToBook> {
    const link = await this.repository.findToBook(interviewId);
    if (!link) throw DomainError.gone(BOOKING_MESSAGES.itemGone);
    if (link.interview.cancelledAt !== null) throw DomainError.gone(BOOKING_MESSAGES.interviewWithdrawn);
    if ((ITEM_KINDS.application.closedStatuses as readonly string[]).includes(link.application.status)) throw DomainError.gone(BOOKING_MESSAGES.itemGone);
    const everyone = link.interviewers.length === link.interview.interviewerIds.length;
    if (everyone && link.interviewers.every(ownerCanBeBooked)) return link;
    // An interviewer who left keeps no new time from being needed: but a booked interview the others still hold can
    // be seen and cancelled.
    const booked = purpose === 'view' && (await this.repository.activeMeetingsOf(link.interview)).length > 0;
    if (!booked) throw DomainError.gone(BOOKING_MESSAGES.interviewersUnavailable);
    return link;
  }

  private calls(link: InterviewToBook, rows: MeetingRow[]): NoticedCall[] {
    return rows.map((meeting) => {
      const staff = link.interviewers.find((interviewer) => interviewer.admin.id === meeting.ownerId);
      return {
        kind: 'application',
        itemId: link.application.id,
        interviewId: link.interview.id,
        meeting,
        staff: meetingStaffOf(staff ?? { admin: { id: meeting.ownerId, name: '', email: '' }, availability: undefined }),
      };
    });
  }

  /**
   * In the booking's transaction: the invitation locked (refused if withdrawn meanwhile), then each interviewer's call
   * written (inserted, or moved with `sequence` + 1), the audit entry, and the mails and reminders. The same time again
   * changes nothing.
   */
  private async writeBooking(
    tx: MeetingExecutor,
    link: InterviewToBook,
    slot: TimeRange,
    timeZone: string | undefined,
    webhookCalls: MeetingWebhookCalls,
    now: Date,
  ): Promise<{ meetings: MeetingRow[]; changed: boolean }> {
    const locked = await InterviewsRepository.locked(tx, link.interview.id);
    if (!locked || locked.interview.cancelledAt !== null) throw new InterviewWithdrawn();
    const current = locked.meetings;
    if (
      current.length > 0 &&
      current.every((meeting) => meeting.startAt.getTime() === slot.start.getTime() && meeting.endAt.getTime() === slot.end.getTime())
    ) {
      return { meetings: current, changed: false };
    }
    const visitorTimeZone = timeZone === undefined ? {} : { visitorTimeZone: new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone };
    const written: MeetingRow[] = [];
    for (const staff of link.interviewers) {
      const values = {
        ownerId: staff.admin.id,
        startAt: slot.start,
        endAt: slot.end,
        bufferMinutes: staff.availability?.bufferMinutes ?? 0,
        visitorName: link.application.fullName,
        visitorEmail: link.application.email,
        ...visitorTimeZone,
      };
      const existing = current.find((meeting) => meeting.ownerId === staff.admin.id);
      written.push(await MeetingsRepository.writeCall(tx, existing, values, { interviewId: link.interview.id }));
    }
    const previous = current[0];
    const first = required(written[0], 'the first call');
    await MeetingsRepository.audit(tx, {
      action: previous ? 'application.meeting_rescheduled' : 'application.meeting_booked',
      kind: 'application',
      itemId: link.application.id,
      details: {
        ...this.auditDetails(link, first),
        ...(previous ? { previousStart: previous.startAt.toISOString(), previousEnd: previous.endAt.toISOString() } : {}),
      },
    });
    const change: MeetingChange = previous ? { kind: 'rescheduled', previousStart: previous.startAt } : { kind: 'booked' };
    for (const meeting of written) await MeetingsRepository.cancelReminders(tx, link.application.id, meeting.id, REMINDER_NOT_SENT.moved);
    await MeetingsRepository.queueNotices(tx, link.application.id, interviewNotices(this.calls(link, written), change, webhookCalls, this.notices, now));
    return { meetings: written, changed: true };
  }

  /**
   * The slots when every interviewer is free, overlapping [from, to): the time they all share (each one's working
   * hours, notice and horizon, minus their other calls with their buffer and their busy times), cut into the
   * interview's length on the half hour.
   */
  private async freeSlotsOf(link: InterviewToBook, from: Date, to: Date, now: Date): Promise<TimeRange[]> {
    const lengthMs = link.interview.minutes * MINUTE_MS;
    const wideFrom = new Date(from.getTime() - lengthMs);
    const wideTo = new Date(to.getTime() + lengthMs);
    const ids = link.interviewers.map((staff) => staff.admin.id);
    const [others, busy] = await Promise.all([
      this.repository.activeMeetingsNear(ids, wideFrom, wideTo, link.interview.id),
      Promise.all(ids.map((id) => this.busyFeed.busyTimes(id, wideFrom, wideTo))),
    ]);
    const spans = link.interviewers.map((staff, index) => {
      const availability = required(staff.availability, "an interviewer's availability");
      return freeSpans(
        {
          availability,
          from: wideFrom,
          to: wideTo,
          now,
          meetings: others.filter((meeting) => meeting.ownerId === staff.admin.id).map((meeting) => widened(meeting, availability.bufferMinutes)),
          busy: busy[index] ?? [],
        },
        lengthMs,
      );
    });
    return slotsInSpans(commonSpans(spans), lengthMs, INTERVIEW_SLOT_STEP_MS, from, to);
  }

  private async taken(link: InterviewToBook, asked: Date, now: Date): Promise<DomainError> {
    const next = async (from: Date) =>
      (await this.freeSlotsOf(link, from, new Date(from.getTime() + MAX_SLOT_VIEW_DAYS * DAY_MS), now)).slice(0, BOOKING_ALTERNATIVE_SLOTS);
    const after = asked.getTime() > now.getTime() ? await next(asked) : [];
    const slots = after.length > 0 ? after : await next(now);
    return DomainError.slotTaken(BOOKING_MESSAGES.slotTaken, slots.map(toSlot));
  }
}

/** The interviewers' first names, as a sentence says them: 'Ada and Bo'. */
function firstNamesOf(link: InterviewToBook): string {
  return namesTogether(link.interviewers.map((staff) => firstNameOf(staff.admin.name)));
}

/** A call keeps its own buffer on both sides: where it is longer than the interviewer's buffer now, the call is widened. */
function widened(meeting: MeetingRow, bufferMinutes: number): TimeRange {
  const widerBy = Math.max(0, meeting.bufferMinutes - bufferMinutes) * MINUTE_MS;
  return { start: new Date(meeting.startAt.getTime() - widerBy), end: new Date(meeting.endAt.getTime() + widerBy) };
}
