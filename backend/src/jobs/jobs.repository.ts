import { type JobStatus, required, type SortOrder } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, like, lt, sql } from 'drizzle-orm';
import { listRows } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { auditEntries, deliveries, jobApplications, jobs, type JobRow, type NewDelivery } from '../database/schema';
import type { AuditInTransaction } from '../audit/audit-log';
import { OutboxRepository } from '../deliveries/outbox.repository';
import { type ListPage } from '../common/list-filter';

export interface JobFilter {
  status?: JobStatus;
  /** Only jobs whose closing day has not passed (or that have none). */
  openToday?: boolean;
  q?: string;
  sort?: SortOrder;
}

export type JobValues = Omit<typeof jobs.$inferInsert, 'id' | 'createdAt'>;

/** A status change: `inactive_since` is set when the job leaves `active` (kept while it stays inactive), cleared on return. */
const statusChange = (status: JobStatus) => ({
  status,
  inactiveSince: status === 'active' ? null : sql`coalesce(${jobs.inactiveSince}, now())`,
});

/** The job takes applications today: no closing date, or one not passed (UTC, like `isOpenOn`). */
export const openToday = sql<boolean>`(${jobs.closesAt} is null or ${jobs.closesAt} >= (now() at time zone 'utc')::date)`;

@Injectable()
export class JobsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: JobValues): Promise<JobRow> {
    const [row] = await this.db.insert(jobs).values(values).returning();
    return required(row, 'the inserted job');
  }

  /**
   * Whether a job whose id starts with these hex digits exists, or was deleted (its audit entry): a job page
   * that once answered then says "closed" (410), not "not found". The digits are the id's first group.
   */
  async existedWithShortId(shortId: string): Promise<boolean> {
    const pattern = `${shortId}%`;
    const [job] = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.id}::text like ${pattern}`)
      .limit(1);
    if (job) return true;
    const [entry] = await this.db
      .select({ id: auditEntries.id })
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'job.deleted'), like(auditEntries.targetId, pattern)))
      .limit(1);
    return entry !== undefined;
  }

  async findById(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }

  list(filter: JobFilter, page: ListPage): Promise<{ rows: JobRow[]; total: number }> {
    const columns = { createdAt: jobs.createdAt, id: jobs.id, status: jobs.status, search: [jobs.title, jobs.description] };
    return listRows(this.db, jobs, columns, { ...filter, where: filter.openToday ? openToday : undefined }, page);
  }

  async update(id: string, values: Partial<JobValues>): Promise<JobRow | undefined> {
    const [row] = await this.db.update(jobs).set(values).where(eq(jobs.id, id)).returning();
    return row;
  }

  /** Changes the status; the webhook `calls` and the audit entry of the change are written in the same transaction. */
  async updateStatus(id: string, status: JobStatus, calls: NewDelivery[], audit: AuditInTransaction<JobStatus>): Promise<JobRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)).for('update');
      if (!before) return undefined;
      const [row] = await tx.update(jobs).set(statusChange(status)).where(eq(jobs.id, id)).returning();
      await OutboxRepository.enqueueStatusChange(tx, id, calls, before.status, status);
      await audit(tx, before.status);
      return row;
    });
  }

  /** Active jobs whose closing day has passed at `now`: the expiry turns them `expired`. */
  async closedButActive(now: Date): Promise<string[]> {
    const today = now.toISOString().slice(0, 10);
    const rows = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'active'), lt(jobs.closesAt, today)));
    return rows.map((row) => row.id);
  }

  /**
   * Deletes the job and its applications in one transaction and answers the resume keys they held, so the
   * caller can remove the files. The job row is locked first: an application being filed for it waits (see
   * ApplicationsRepository.insertForActiveJob) and then finds no job, so no file is left behind. The mails to its
   * candidates that wait to go out (pending or scheduled) go with them: none is sent, and none stays on the
   * Deliveries screen. The audit entry (`audit`, given the job's title and how many such mails were removed) is
   * written in the same transaction.
   */
  async deleteWithApplications(
    id: string,
    audit: AuditInTransaction<{ title: string; candidateMailsRemoved: number }>,
  ): Promise<{ deleted: boolean; resumeKeys: string[] }> {
    return this.db.transaction(async (tx) => {
      const [job] = await tx.select({ id: jobs.id, title: jobs.title }).from(jobs).where(eq(jobs.id, id)).for('update');
      if (!job) return { deleted: false, resumeKeys: [] };
      const unsentMails = await tx
        .delete(deliveries)
        .where(
          and(
            eq(deliveries.topic, 'application.candidate'),
            inArray(deliveries.status, ['pending', 'scheduled']),
            inArray(deliveries.subjectId, tx.select({ id: jobApplications.id }).from(jobApplications).where(eq(jobApplications.jobId, id))),
          ),
        )
        .returning({ id: deliveries.id });
      const removed = await tx.delete(jobApplications).where(eq(jobApplications.jobId, id)).returning({ resumeKey: jobApplications.resumeKey });
      await tx.delete(jobs).where(eq(jobs.id, id));
      await audit(tx, { title: job.title, candidateMailsRemoved: unsentMails.length });
      return { deleted: true, resumeKeys: removed.map((row) => row.resumeKey) };
    });
  }
}
