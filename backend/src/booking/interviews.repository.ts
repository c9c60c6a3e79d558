import { AVAILABILITY_LIMITS, MINUTE_MS, required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { admins, availabilities, interviews, jobApplications, jobs, meetings, type InterviewRow, type MeetingRow, type NewInterview } from '../database/schema';
import type { MeetingExecutor, MeetingOwner } from './meetings.repository';

/** An interview invitation as its booking link opens it: the invitation, its application, and its interviewers in order. */
export interface InterviewToBook {
  interview: InterviewRow;
  application: { id: string; fullName: string; email: string; status: string; jobTitle: string };
  /** In the invitation's order; an interviewer whose account is gone is left out. */
  interviewers: MeetingOwner[];
}

/** An invitation as the admin lists it, with the names it shows. */
export interface ListedInterview {
  interview: InterviewRow;
  invitedByName: string | null;
  /** Its active calls (one per interviewer while it is booked). */
  meetings: MeetingRow[];
}

/** A call of an interviewer and its buffer can block a slot this far beyond it (AVAILABILITY_LIMITS' longest). */
const NEAR_MS = (AVAILABILITY_LIMITS.bufferMinutes.max + AVAILABILITY_LIMITS.meetingMinutes.max) * MINUTE_MS;

/** Interview invitations (docs/features/booking.md, "Interviews") and the calls booked with them. */
@Injectable()
export class InterviewsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The invitation with its application and interviewers; undefined when it is gone (with its application). */
  async findToBook(interviewId: string): Promise<InterviewToBook | undefined> {
    const [row] = await this.db
      .select({
        interview: interviews,
        application: {
          id: jobApplications.id,
          fullName: jobApplications.fullName,
          email: jobApplications.email,
          status: jobApplications.status,
          jobTitle: jobs.title,
        },
      })
      .from(interviews)
      .innerJoin(jobApplications, eq(jobApplications.id, interviews.applicationId))
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(eq(interviews.id, interviewId));
    if (!row) return undefined;
    return { ...row, interviewers: await InterviewsRepository.staffIn(this.db, row.interview.interviewerIds) };
  }

  /** The admins with these ids and their availabilities, in the order of the ids (those that are gone left out). */
  static async staffIn(tx: Pick<Database, 'select'>, adminIds: string[]): Promise<MeetingOwner[]> {
    if (adminIds.length === 0) return [];
    const rows = await tx
      .select({ admin: admins, availability: availabilities })
      .from(admins)
      .leftJoin(availabilities, eq(availabilities.adminId, admins.id))
      .where(inArray(admins.id, adminIds));
    const byId = new Map(rows.map((row) => [row.admin.id, { admin: row.admin, availability: row.availability ?? undefined }]));
    return adminIds.flatMap((id) => byId.get(id) ?? []);
  }

  /** The interview's active calls, in the order of its interviewers. */
  async activeMeetingsOf(interview: InterviewRow): Promise<MeetingRow[]> {
    return InterviewsRepository.inInterviewerOrder(
      interview,
      await this.db
        .select()
        .from(meetings)
        .where(and(eq(meetings.interviewId, interview.id), isNull(meetings.cancelledAt))),
    );
  }

  /** The active calls of each of `ownerIds` that can block a slot overlapping [from, to), but this interview's own. */
  async activeMeetingsNear(ownerIds: string[], from: Date, to: Date, interviewId: string): Promise<MeetingRow[]> {
    if (ownerIds.length === 0) return [];
    return this.db
      .select()
      .from(meetings)
      .where(
        and(
          inArray(meetings.ownerId, ownerIds),
          isNull(meetings.cancelledAt),
          lt(meetings.startAt, new Date(to.getTime() + NEAR_MS)),
          gt(meetings.endAt, new Date(from.getTime() - NEAR_MS)),
          or(isNull(meetings.interviewId), ne(meetings.interviewId, interviewId)),
        ),
      );
  }

  /** Creates an invitation in the caller's transaction. */
  static async insert(tx: MeetingExecutor, values: NewInterview): Promise<InterviewRow> {
    const [row] = await tx.insert(interviews).values(values).returning();
    return required(row, 'the interview invitation');
  }

  /** The invitation locked until the caller's transaction ends, with its active calls (locked too), in interviewer order. */
  static async locked(tx: MeetingExecutor, interviewId: string): Promise<{ interview: InterviewRow; meetings: MeetingRow[] } | undefined> {
    const [interview] = await tx.select().from(interviews).where(eq(interviews.id, interviewId)).for('update');
    if (!interview) return undefined;
    const rows = await tx
      .select()
      .from(meetings)
      .where(and(eq(meetings.interviewId, interviewId), isNull(meetings.cancelledAt)))
      .for('update');
    return { interview, meetings: InterviewsRepository.inInterviewerOrder(interview, rows) };
  }

  /** Marks the invitation cancelled (nothing more can be booked with it), in the caller's transaction. */
  static async markCancelled(tx: MeetingExecutor, interviewId: string, now: Date): Promise<void> {
    await tx.update(interviews).set({ cancelledAt: now }).where(eq(interviews.id, interviewId));
  }

  /** An application's invitations, newest first, with who sent each and its active calls. */
  async listOf(applicationId: string): Promise<ListedInterview[]> {
    const rows = await this.db
      .select({ interview: interviews, invitedByName: admins.name })
      .from(interviews)
      .leftJoin(admins, eq(admins.id, interviews.invitedById))
      .where(eq(interviews.applicationId, applicationId))
      .orderBy(desc(interviews.createdAt));
    const ids = rows.map((row) => row.interview.id);
    const calls =
      ids.length === 0
        ? []
        : await this.db
            .select()
            .from(meetings)
            .where(and(inArray(meetings.interviewId, ids), isNull(meetings.cancelledAt)));
    return rows.map((row) => ({
      ...row,
      meetings: InterviewsRepository.inInterviewerOrder(
        row.interview,
        calls.filter((call) => call.interviewId === row.interview.id),
      ),
    }));
  }

  /**
   * The latest invitation not cancelled of each of these applications, with its first active call if booked (the
   * pipeline board's cards).
   */
  async latestOf(applicationIds: string[]): Promise<Map<string, { interview: InterviewRow; start: Date | null }>> {
    if (applicationIds.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([interviews.applicationId], { interview: interviews })
      .from(interviews)
      .where(and(inArray(interviews.applicationId, applicationIds), isNull(interviews.cancelledAt)))
      .orderBy(interviews.applicationId, desc(interviews.createdAt));
    const ids = rows.map((row) => row.interview.id);
    const starts =
      ids.length === 0
        ? []
        : await this.db
            .selectDistinctOn([meetings.interviewId], { interviewId: meetings.interviewId, start: meetings.startAt })
            .from(meetings)
            .where(and(inArray(meetings.interviewId, ids), isNull(meetings.cancelledAt)))
            .orderBy(meetings.interviewId);
    const startOf = new Map(starts.map((row) => [row.interviewId, row.start]));
    return new Map(rows.map((row) => [row.interview.applicationId, { interview: row.interview, start: startOf.get(row.interview.id) ?? null }]));
  }

  /** Whether the application has an invitation neither cancelled, nor expired unbooked, nor over (one at a time). */
  async hasOpen(applicationId: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: interviews.id })
      .from(interviews)
      .where(
        and(
          eq(interviews.applicationId, applicationId),
          isNull(interviews.cancelledAt),
          or(
            gt(interviews.expiresAt, now),
            sql`exists (select 1 from ${meetings} where ${meetings.interviewId} = ${interviews.id} and ${meetings.cancelledAt} is null and ${meetings.endAt} > ${now.toISOString()}::timestamptz)`,
          ),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  private static inInterviewerOrder(interview: InterviewRow, rows: MeetingRow[]): MeetingRow[] {
    const order = (row: MeetingRow) => interview.interviewerIds.indexOf(row.ownerId);
    return [...rows].sort((a, b) => order(a) - order(b));
  }
}
