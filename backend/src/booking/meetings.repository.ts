import { AVAILABILITY_LIMITS, MINUTE_MS, isBookable, required, type AuditAction, type BookableItemKind, type WorkItemKind } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { AuditRepository } from '../audit/audit.repository';
import { DATABASE, type Database } from '../database/database';
import {
  admins,
  availabilities,
  contacts,
  deliveries,
  interviews,
  leads,
  meetings,
  type AdminRow,
  type AvailabilityRow,
  type MeetingRow,
} from '../database/schema';
import { MEETING_TOPICS } from './meeting-mails';
import type { MeetingNotices } from './meeting-notices';

/** The item a booking link is about, as booking reads it. */
export interface BookableItem {
  id: string;
  name: string;
  email: string;
  ownerId: string | null;
  spam: boolean;
}

/** A staff member as booking reads them: the account, and their availability (undefined until they saved one). */
export interface MeetingOwner {
  admin: AdminRow;
  availability: AvailabilityRow | undefined;
}

/** A call to book, or to move the item's booked call to. */
export interface MeetingTimes {
  ownerId: string;
  start: Date;
  end: Date;
  bufferMinutes: number;
  /** The IANA time zone the visitor booked in; undefined keeps the one stored (none for a new call). */
  visitorTimeZone?: string;
}

/**
 * What a booking did: the item's call as stored now, and as it was before this request (undefined: there was none, it
 * was booked now). `changed` is false when the call already was at that time with that owner (a repeated request):
 * nothing was written, and `previous` is the call itself.
 */
export interface BookingWrite {
  meeting: MeetingRow;
  previous: MeetingRow | undefined;
  changed: boolean;
}

/** Why a booking wrote nothing: the times overlap another call of the owner (an exclusion constraint), or the item changed. */
export type BookingRefusal = 'taken' | 'item-gone' | 'owner-changed';

/** Why a cancellation wrote nothing: the item is gone, it has no call, or its call is over. */
export type CancellationRefusal = 'item-gone' | 'no-call' | 'over';

/** What the writes of a booking's transaction use (its audit entry, its outbox rows). */
export type MeetingExecutor = Pick<Database, 'insert' | 'update' | 'select'>;

/**
 * Writes what goes with a booking in its transaction (its audit entry, its mails and webhook calls), given the call as
 * stored and as it was before.
 */
export type BookingWritten = (tx: MeetingExecutor, meeting: MeetingRow, previous: MeetingRow | undefined) => Promise<void>;

/** Writes what goes with a cancellation in its transaction, given the call as stored (cancelled) and its staff member. */
export type CancellationWritten = (tx: MeetingExecutor, meeting: MeetingRow, staff: MeetingOwner) => Promise<void>;

/**
 * A call not over yet, with its staff member (the calls of erased items, ErasedCalls; of staff who stop taking calls,
 * StaffCalls). An interview's names its application as the item, and its invitation.
 */
export interface OpenCall {
  kind: WorkItemKind;
  itemId: string;
  interviewId?: string;
  meeting: MeetingRow;
  staff: MeetingOwner;
}

/** The tables of the kinds of items calls are booked from, and the column of `meetings` that names one. */
const ITEM_TABLES = { lead: leads, contact: contacts } as const satisfies Record<BookableItemKind, unknown>;
const ITEM_COLUMNS = { lead: meetings.leadId, contact: meetings.contactId } as const satisfies Record<BookableItemKind, unknown>;

/** The constraints that keep one owner's active calls apart, buffers included (migration 0027). */
const EXCLUSION_CONSTRAINTS = new Set(['meetings_buffer_after_excl', 'meetings_buffer_before_excl']);

/**
 * The longest a call and its buffer reach beyond a slot's span: a call of another item blocks a slot only if it starts
 * or ends within this of it (AVAILABILITY_LIMITS: the longest buffer, and the longest call).
 */
const NEAR_MS = (AVAILABILITY_LIMITS.bufferMinutes.max + AVAILABILITY_LIMITS.meetingMinutes.max) * MINUTE_MS;

/** The SQLSTATE and constraint of a database error, which Drizzle wraps (as its cause) around the driver's. */
function databaseErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 3; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return { code: current.code, ...(typeof current.constraint === 'string' ? { constraint: current.constraint } : {}) };
    }
    current = current.cause as typeof current;
  }
  return undefined;
}

/**
 * Whether another booking holds those times: PostgreSQL refused the row by one of the owner's exclusion constraints
 * (23P01), or rolled the transaction back to break a deadlock (40P01) more times than retryingDeadlocks tries it.
 */
export function isOverlap(error: unknown): boolean {
  const found = databaseErrorOf(error);
  if (found?.code === DEADLOCK_DETECTED) return true;
  return found?.code === '23P01' && found.constraint !== undefined && EXCLUSION_CONSTRAINTS.has(found.constraint);
}

/**
 * PostgreSQL's code for a transaction it rolled back to break a deadlock. Bookings of one owner's overlapping times
 * written at the same moment each wait, in the exclusion constraints' check, for the other's new row, and PostgreSQL
 * ends one of them: seen with four at once (test/booking.e2e-spec.ts), where the victim answered 500.
 */
const DEADLOCK_DETECTED = '40P01';
/** Times a booking's transaction is tried when a deadlock ends it: tried again, it meets the winner's row as an overlap. */
const BOOKING_ATTEMPTS = 3;

/** Runs a booking's transaction, and again when a deadlock ended it, up to BOOKING_ATTEMPTS times in all. */
export async function retryingDeadlocks<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (databaseErrorOf(error)?.code !== DEADLOCK_DETECTED || attempt >= BOOKING_ATTEMPTS) throw error;
    }
  }
}

/** Thrown inside a booking's transaction to roll it back with a reason. */
class BookingRefused extends Error {
  constructor(readonly reason: BookingRefusal) {
    super(reason);
  }
}

/** The calls booked by visitors (docs/features/booking.md, "Booking a call"), and what booking reads of items and staff. */
@Injectable()
export class MeetingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The item of `kind` with this id, undefined when there is none (erased, purged). */
  async findItem(kind: BookableItemKind, id: string): Promise<BookableItem | undefined> {
    const table = ITEM_TABLES[kind];
    const [row] = await this.db
      .select({ id: table.id, name: table.name, email: table.email, ownerId: table.ownerId, spam: table.spam })
      .from(table)
      .where(eq(table.id, id));
    return row;
  }

  /** The admin with this id and their availability, in one query; undefined when there is no such admin. */
  findOwner(adminId: string): Promise<MeetingOwner | undefined> {
    return MeetingsRepository.ownerIn(this.db, adminId);
  }

  /** The item's active (not cancelled) call, if it has one. */
  async activeMeetingOf(kind: BookableItemKind, itemId: string): Promise<MeetingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(meetings)
      .where(and(eq(ITEM_COLUMNS[kind], itemId), isNull(meetings.cancelledAt)));
    return row;
  }

  /** The active calls of `ownerId` that can block a slot overlapping [from, to), but those of the item `except`. */
  async activeMeetingsNear(ownerId: string, from: Date, to: Date, except: { kind: BookableItemKind; itemId: string }): Promise<MeetingRow[]> {
    const column = ITEM_COLUMNS[except.kind];
    return this.db
      .select()
      .from(meetings)
      .where(
        and(
          eq(meetings.ownerId, ownerId),
          isNull(meetings.cancelledAt),
          lt(meetings.startAt, new Date(to.getTime() + NEAR_MS)),
          gt(meetings.endAt, new Date(from.getTime() - NEAR_MS)),
          or(isNull(column), ne(column, except.itemId)),
        ),
      );
  }

  /**
   * The admin's active calls that have not ended by `from` and start before `to`, the soonest first: at most `limit`
   * of them, and how many there are in all (the dashboard's and My work's: UpcomingCallsService).
   */
  async upcomingOf(adminId: string, from: Date, to: Date, limit: number) {
    const where = and(eq(meetings.ownerId, adminId), isNull(meetings.cancelledAt), gt(meetings.endAt, from), lt(meetings.startAt, to));
    const [calls, [counted]] = await Promise.all([
      this.db
        .select({
          id: meetings.id,
          startAt: meetings.startAt,
          endAt: meetings.endAt,
          leadId: meetings.leadId,
          contactId: meetings.contactId,
          applicationId: interviews.applicationId,
          visitorName: meetings.visitorName,
        })
        .from(meetings)
        .leftJoin(interviews, eq(interviews.id, meetings.interviewId))
        .where(where)
        .orderBy(asc(meetings.startAt))
        .limit(limit),
      this.db.select({ total: count() }).from(meetings).where(where),
    ]);
    return { total: required(counted, 'the count of calls').total, calls };
  }

  /**
   * Books a call about the item, or moves its active call (the same row: `sequence` + 1, the new times, owner and
   * buffer), in one transaction with what `written` writes (its audit entry, mails, webhook calls). The item's row is
   * locked first, so two bookings of one item run one after the other; the item must still exist and still be owned by
   * `times.ownerId`; its last change (`updated_at`, which retention counts from) is now. Two bookings of one owner at
   * overlapping times (buffers included) cannot both commit: the database's exclusion constraints refuse the second,
   * which answers 'taken' with nothing written (as does a deadlock among such bookings that outlasts retryingDeadlocks).
   */
  async book(kind: BookableItemKind, itemId: string, times: MeetingTimes, written: BookingWritten): Promise<BookingWrite | BookingRefusal> {
    try {
      return await retryingDeadlocks(() => this.lockedBooking(kind, itemId, times, written));
    } catch (error) {
      if (error instanceof BookingRefused) return error.reason;
      if (isOverlap(error)) return 'taken';
      throw error;
    }
  }

  /** One attempt at book's transaction. */
  private lockedBooking(kind: BookableItemKind, itemId: string, times: MeetingTimes, written: BookingWritten): Promise<BookingWrite> {
    const table = ITEM_TABLES[kind];
    const column = ITEM_COLUMNS[kind];
    return this.db.transaction(async (tx) => {
      const [item] = await tx.select({ name: table.name, email: table.email, ownerId: table.ownerId }).from(table).where(eq(table.id, itemId)).for('update');
      if (!item) throw new BookingRefused('item-gone');
      if (item.ownerId !== times.ownerId) throw new BookingRefused('owner-changed');
      const [current] = await tx
        .select()
        .from(meetings)
        .where(and(eq(column, itemId), isNull(meetings.cancelledAt)))
        .for('update');
      const same =
        current && current.ownerId === times.ownerId && current.startAt.getTime() === times.start.getTime() && current.endAt.getTime() === times.end.getTime();
      if (current && same) return { meeting: current, previous: current, changed: false };
      const values = {
        ownerId: times.ownerId,
        startAt: times.start,
        endAt: times.end,
        bufferMinutes: times.bufferMinutes,
        visitorName: item.name,
        visitorEmail: item.email,
        ...(times.visitorTimeZone === undefined ? {} : { visitorTimeZone: times.visitorTimeZone }),
      };
      const stored = await MeetingsRepository.writeCall(tx, current, values, itemColumn(kind, itemId));
      await tx
        .update(table)
        .set({ updatedAt: sql`now()` })
        .where(eq(table.id, itemId));
      await written(tx, stored, current);
      return { meeting: stored, previous: current, changed: true };
    });
  }

  /**
   * Cancels the item's active call (`cancelled_at`, `sequence` + 1) in one transaction with what `written` writes, as
   * of `now`: 'no-call' when it has none, 'over' when it has ended. The item's row is locked first, as a booking's is,
   * and its last change is now.
   */
  async cancel(kind: BookableItemKind, itemId: string, now: Date, written: CancellationWritten): Promise<MeetingRow | CancellationRefusal> {
    const table = ITEM_TABLES[kind];
    const column = ITEM_COLUMNS[kind];
    return this.db.transaction(async (tx) => {
      const [item] = await tx.select({ id: table.id }).from(table).where(eq(table.id, itemId)).for('update');
      if (!item) return 'item-gone';
      const [current] = await tx
        .select({ meeting: meetings, admin: admins, availability: availabilities })
        .from(meetings)
        .innerJoin(admins, eq(admins.id, meetings.ownerId))
        .leftJoin(availabilities, eq(availabilities.adminId, meetings.ownerId))
        .where(and(eq(column, itemId), isNull(meetings.cancelledAt)))
        .for('update', { of: meetings });
      if (!current) return 'no-call';
      if (current.meeting.endAt.getTime() <= now.getTime()) return 'over';
      const staff = { admin: current.admin, availability: current.availability ?? undefined };
      const stored = await MeetingsRepository.cancelLocked(tx, { kind, itemId, meeting: current.meeting, staff }, now);
      await written(tx, stored, staff);
      return stored;
    });
  }

  /**
   * Moves the active call `current` to `values` (the same row, `sequence` + 1, so its invitation updates the one in
   * the calendar), or, without one, writes a new call with `values` about the item or interview `about`.
   */
  static async writeCall(
    tx: MeetingExecutor,
    current: MeetingRow | undefined,
    values: Omit<typeof meetings.$inferInsert, 'leadId' | 'contactId' | 'interviewId'>,
    about: { leadId: string } | { contactId: string } | { interviewId: string },
  ): Promise<MeetingRow> {
    const [row] = current
      ? await tx
          .update(meetings)
          .set({ ...values, sequence: sql`${meetings.sequence} + 1` })
          .where(eq(meetings.id, current.id))
          .returning()
      : await tx
          .insert(meetings)
          .values({ ...values, ...about })
          .returning();
    return required(row, 'the booked call');
  }

  /** The staff member with this id and their availability, read in the caller's transaction. */
  static async ownerIn(tx: Pick<Database, 'select'>, adminId: string): Promise<MeetingOwner | undefined> {
    const [row] = await tx
      .select({ admin: admins, availability: availabilities })
      .from(admins)
      .leftJoin(availabilities, eq(availabilities.adminId, admins.id))
      .where(eq(admins.id, adminId));
    return row && { admin: row.admin, availability: row.availability ?? undefined };
  }

  /**
   * Writes a call's outbox rows about its item in the caller's transaction: those to send now, and its reminders,
   * scheduled (sent once when their time comes, whichever instance claims them, as a scheduled candidate mail is).
   */
  static async queueNotices(tx: MeetingExecutor, itemId: string, notices: MeetingNotices): Promise<void> {
    const rows = [
      ...notices.now.map((row) => ({ ...row, subjectId: itemId })),
      ...notices.scheduled.flatMap(({ sendAt, rows: reminders }) =>
        reminders.map((row) => ({ ...row, subjectId: itemId, status: 'scheduled' as const, nextAttemptAt: sendAt, sendAt })),
      ),
    ];
    if (rows.length > 0) await tx.insert(deliveries).values(rows);
  }

  /**
   * Cancels the call's reminders still to go (scheduled), in the caller's transaction, for `reason`. One being sent
   * already is left to go: it was due.
   */
  static async cancelReminders(tx: MeetingExecutor, itemId: string, meetingId: string, reason: string): Promise<void> {
    await tx
      .update(deliveries)
      .set({ status: 'cancelled', leaseUntil: null, lastError: reason })
      .where(
        and(
          eq(deliveries.subjectId, itemId),
          inArray(deliveries.topic, Object.values(MEETING_TOPICS)),
          eq(deliveries.status, 'scheduled'),
          sql`${deliveries.payload} ->> 'meetingId' = ${meetingId}`,
        ),
      );
  }

  /**
   * The calls not over at `now` (active, ending after it) of the items an erasure or a purge is about to delete (`items`:
   * a subquery of the ids of each kind), with their staff members, locked until the caller's transaction ends.
   */
  static openCallsOf(tx: Pick<Database, 'select'>, items: Record<WorkItemKind, SQL>, now: Date): Promise<OpenCall[]> {
    return MeetingsRepository.openCallsWhere(
      tx,
      or(
        sql`${meetings.leadId} in (${items.lead})`,
        sql`${meetings.contactId} in (${items.contact})`,
        sql`${meetings.interviewId} in (select ${interviews.id} from ${interviews} where ${interviews.applicationId} in (${items.application}))`,
      ),
      now,
    );
  }

  /** The calls not over at `now` of one staff member about items of `kinds`, locked until the caller's transaction ends. */
  static openCallsWith(tx: Pick<Database, 'select'>, staffId: string, kinds: readonly BookableItemKind[], now: Date): Promise<OpenCall[]> {
    if (kinds.length === 0) return Promise.resolve([]);
    return MeetingsRepository.openCallsWhere(tx, and(eq(meetings.ownerId, staffId), or(...kinds.map((kind) => isNotNull(ITEM_COLUMNS[kind])))), now);
  }

  /** The interview calls not over at `now` of one interviewer, locked until the caller's transaction ends. */
  static openInterviewCallsWith(tx: Pick<Database, 'select'>, staffId: string, now: Date): Promise<OpenCall[]> {
    return MeetingsRepository.openCallsWhere(tx, and(eq(meetings.ownerId, staffId), isNotNull(meetings.interviewId)), now);
  }

  /** How many calls of the interview are still active (its other interviewers'), in the caller's transaction. */
  static async activeCallsOfInterview(tx: Pick<Database, 'select'>, interviewId: string): Promise<number> {
    const [row] = await tx
      .select({ total: count() })
      .from(meetings)
      .where(and(eq(meetings.interviewId, interviewId), isNull(meetings.cancelledAt)));
    return row?.total ?? 0;
  }

  private static async openCallsWhere(tx: Pick<Database, 'select'>, which: SQL | undefined, now: Date): Promise<OpenCall[]> {
    const rows = await tx
      .select({ meeting: meetings, admin: admins, availability: availabilities, applicationId: interviews.applicationId })
      .from(meetings)
      .innerJoin(admins, eq(admins.id, meetings.ownerId))
      .leftJoin(availabilities, eq(availabilities.adminId, meetings.ownerId))
      .leftJoin(interviews, eq(interviews.id, meetings.interviewId))
      .where(and(isNull(meetings.cancelledAt), gt(meetings.endAt, now), which))
      .orderBy(meetings.startAt)
      .for('update', { of: meetings });
    return rows.map(({ meeting, admin, availability, applicationId }) => {
      const staff = { admin, availability: availability ?? undefined };
      if (meeting.leadId) return { kind: 'lead' as const, itemId: meeting.leadId, meeting, staff };
      if (meeting.contactId) return { kind: 'contact' as const, itemId: meeting.contactId, meeting, staff };
      const interviewId = required(meeting.interviewId ?? undefined, 'the item of a meeting');
      return { kind: 'application' as const, itemId: required(applicationId ?? undefined, "an interview's application"), interviewId, meeting, staff };
    });
  }

  /**
   * Cancels a call locked by the caller's transaction (`cancelled_at`, `sequence` + 1) and makes now its item's last
   * change, as the cancel route does; answers the call as stored.
   */
  static async cancelLocked(tx: MeetingExecutor, call: OpenCall, now: Date): Promise<MeetingRow> {
    const [meeting] = await tx
      .update(meetings)
      .set({ cancelledAt: now, sequence: sql`${meetings.sequence} + 1` })
      .where(eq(meetings.id, call.meeting.id))
      .returning();
    // A lead's or contact message's last change counts for retention; an application's counts from its job.
    if (call.kind !== 'application') {
      const table = ITEM_TABLES[call.kind];
      await tx
        .update(table)
        .set({ updatedAt: sql`now()` })
        .where(eq(table.id, call.itemId));
    }
    return required(meeting, 'the cancelled meeting');
  }

  /** Of these calls, the ids of those still stored (the others went with their items). */
  static async stillStored(tx: Pick<Database, 'select'>, meetingIds: string[]): Promise<Set<string>> {
    if (meetingIds.length === 0) return new Set();
    const rows = await tx.select({ id: meetings.id }).from(meetings).where(inArray(meetings.id, meetingIds));
    return new Set(rows.map((row) => row.id));
  }

  /** Writes an audit entry of the system (a visitor's booking names no admin, and keeps no address). */
  static audit(
    tx: Pick<Database, 'insert'>,
    entry: { action: AuditAction; kind: WorkItemKind; itemId: string; details: Record<string, unknown> },
  ): Promise<void> {
    return AuditRepository.insert(tx, {
      actor: 'system',
      action: entry.action,
      adminId: null,
      adminEmail: null,
      targetKind: entry.kind,
      targetId: entry.itemId,
      address: null,
      userAgent: null,
      details: entry.details,
    });
  }
}

/** Whether the staff member can be booked now (the shared rule): active, of a role that takes calls, with working hours. */
export function ownerCanBeBooked({ admin, availability }: MeetingOwner): boolean {
  return isBookable({ disabled: admin.disabledAt !== null, role: admin.role, hasWorkingHours: (availability?.weekly.length ?? 0) > 0 });
}

/** What an audit entry of a call's change says of it: the call, its times and whom it is with. */
export function meetingAuditDetails(meeting: MeetingRow, staff: { id: string; name: string }): Record<string, unknown> {
  return { meetingId: meeting.id, start: meeting.startAt.toISOString(), end: meeting.endAt.toISOString(), withId: staff.id, withName: staff.name };
}

/** The `meetings` column that names an item of `kind`, set to its id. */
function itemColumn(kind: BookableItemKind, itemId: string): { leadId: string } | { contactId: string } {
  return kind === 'lead' ? { leadId: itemId } : { contactId: itemId };
}
