import { type ApplicationStatus, type Attribution, CLOSED_STATUSES, required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { keysetPages, listRows, listWhere, type ListColumns, type ListedRow, type ListFilter } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { jobApplications, jobs, type JobApplicationRow, type NewDelivery } from '../database/schema';
import type { AuditInTransaction } from '../audit/audit-log';
import { ConfirmationQuotaRepository } from '../deliveries/confirmation-quota.repository';
import { OutboxRepository, type Notifications } from '../deliveries/outbox.repository';
import { RoundRobinRepository } from '../deliveries/round-robin.repository';
import { FormTokenUsesRepository } from '../spam-triage/form-token-uses.repository';
import type { TokenUse } from '../spam-triage/form-tokens';
import { openToday } from './jobs.repository';

export interface ApplicationFilter extends Pick<ListFilter, 'q' | 'sort' | 'owner' | 'overdueAt' | 'source' | 'medium'> {
  jobId: string;
  status?: ApplicationStatus;
}

/** An application's columns, its attribution included (every field, null where nothing was kept). */
export type ApplicationValues = Omit<typeof jobApplications.$inferInsert, 'id' | 'createdAt' | 'status'> & Attribution;

export type InsertOutcome =
  { outcome: 'inserted'; row: JobApplicationRow } | { outcome: 'job-missing' } | { outcome: 'job-not-active' } | { outcome: 'already-applied' };

const LIST_COLUMNS: ListColumns = {
  createdAt: jobApplications.createdAt,
  id: jobApplications.id,
  status: jobApplications.status,
  search: [jobApplications.fullName, jobApplications.email],
  work: {
    ownerId: jobApplications.ownerId,
    followUpAt: jobApplications.followUpAt,
    closedStatuses: CLOSED_STATUSES.application,
    source: jobApplications.source,
    medium: jobApplications.medium,
  },
};

/** One applicant per e-mail address and job, whatever the address's case. */
const sameApplicant = (jobId: string, email: string) => and(eq(jobApplications.jobId, jobId), sql`lower(${jobApplications.email}) = lower(${email})`);

@Injectable()
export class ApplicationsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Files the application only while its job exists and is active. The job row is share-locked for the
   * insert, so a concurrent status change or delete of the job waits for it (or it for them). A fresh form token
   * (`token`) is spent in the same transaction; the confirmation is written only when this spent it first and the
   * address has a slot left in its daily quota. The route's round-robin (`notifications.assignment`) gives it an
   * owner in the same transaction, with the owner's mail and the audit entry of the assignment.
   */
  async insertForActiveJob(values: ApplicationValues, notifications: Notifications, token?: TokenUse): Promise<InsertOutcome> {
    return this.db.transaction(async (tx) => {
      const [job] = await tx.select({ status: jobs.status, open: openToday }).from(jobs).where(eq(jobs.id, values.jobId)).for('share');
      if (!job) return { outcome: 'job-missing' } as const;
      if (job.status !== 'active' || !job.open) return { outcome: 'job-not-active' } as const;
      // Two submissions of one applicant at once: the second waits here and then sees the first.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${values.jobId}:${values.email.toLowerCase()}`}))`);
      const [earlier] = await tx.select({ id: jobApplications.id }).from(jobApplications).where(sameApplicant(values.jobId, values.email));
      if (earlier) return { outcome: 'already-applied' } as const;
      const owner = notifications.assignment && (await RoundRobinRepository.take(tx, 'application', notifications.assignment));
      const [inserted] = await tx
        .insert(jobApplications)
        .values({ ...values, status: 'pending', ownerId: owner?.id ?? null })
        .returning();
      const row = required(inserted, 'the inserted application');
      if (owner) await RoundRobinRepository.announce(tx, 'application', row.id, owner);
      const firstUse = token !== undefined && (await FormTokenUsesRepository.claim(tx, token));
      const { messages, confirmation } = notifications;
      const confirmed = firstUse && confirmation !== undefined && (await ConfirmationQuotaRepository.take(tx, confirmation.quotaKey));
      const sent = confirmed ? [...messages, { topic: confirmation.topic, recipient: confirmation.recipient }] : messages;
      await OutboxRepository.enqueue(tx, row.id, sent);
      return { outcome: 'inserted', row } as const;
    });
  }

  async hasApplied(jobId: string, email: string): Promise<boolean> {
    const [row] = await this.db.select({ id: jobApplications.id }).from(jobApplications).where(sameApplicant(jobId, email));
    return row !== undefined;
  }

  /** Applications and resume bytes received since `since`, from every visitor. */
  async receivedSince(since: Date): Promise<{ count: number; resumeBytes: number }> {
    const [totals] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        resumeBytes: sql<number>`coalesce(sum(${jobApplications.resumeSize}), 0)::bigint`,
      })
      .from(jobApplications)
      .where(gte(jobApplications.createdAt, since));
    const { count, resumeBytes } = required(totals, 'the totals of applications');
    return { count: Number(count), resumeBytes: Number(resumeBytes) };
  }

  /** Which of these resume keys belong to an application. */
  async existingResumeKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .select({ key: jobApplications.resumeKey })
      .from(jobApplications)
      .where(sql`${jobApplications.resumeKey} = any(${sql.param(keys)}::text[])`);
    return new Set(rows.map((row) => row.key));
  }

  async findById(id: string): Promise<JobApplicationRow | undefined> {
    const [row] = await this.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    return row;
  }

  /** A page of a job's applications, each with its owner's name, and the total (estimated past LIST_EXACT_TOTAL_MAX). */
  list(filter: ApplicationFilter, page: ListPage): Promise<{ rows: ListedRow<typeof jobApplications>[]; total: number; totalEstimated?: true }> {
    return listRows(this.db, jobApplications, LIST_COLUMNS, { ...filter, where: eq(jobApplications.jobId, filter.jobId) }, page);
  }

  /** Every application of the list's filter, in its order, `pageSize` at a time (the CSV export). */
  pages(filter: ApplicationFilter, pageSize: number): AsyncGenerator<JobApplicationRow[]> {
    const where = listWhere(LIST_COLUMNS, { ...filter, where: eq(jobApplications.jobId, filter.jobId) });
    return keysetPages(this.db, jobApplications, LIST_COLUMNS, { where, sort: filter.sort }, pageSize);
  }

  /** Changes the status; the webhook `calls` and the audit entry of the change are written in the same transaction. */
  async updateStatus(
    id: string,
    status: ApplicationStatus,
    calls: NewDelivery[],
    audit: AuditInTransaction<ApplicationStatus>,
  ): Promise<JobApplicationRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ status: jobApplications.status }).from(jobApplications).where(eq(jobApplications.id, id)).for('update');
      if (!before) return undefined;
      const changed = before.status !== status ? { statusChangedAt: sql`now()` } : {};
      const [row] = await tx
        .update(jobApplications)
        .set({ status, ...changed })
        .where(eq(jobApplications.id, id))
        .returning();
      await OutboxRepository.enqueueStatusChange(tx, id, calls, before.status, status);
      await audit(tx, before.status);
      return row;
    });
  }
}
