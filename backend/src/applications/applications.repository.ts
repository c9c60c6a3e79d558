import { APPLICATION_STATUSES, PIPELINE_COLUMN_MAX_CARDS, required, type ApplicationStatus, type Attribution } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { keysetPages, listRows, listWhere, type ListedRow } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { admins, jobApplications, jobs, type JobApplicationRow } from '../database/schema';
import { ConfirmationQuotaRepository } from '../deliveries/confirmation-quota.repository';
import { OutboxRepository, type Notifications } from '../deliveries/outbox.repository';
import { RoundRobinRepository } from '../deliveries/round-robin.repository';
import { FormTokenUsesRepository } from '../spam-triage/form-token-uses.repository';
import type { TokenUse } from '../spam-triage/form-tokens';
import { listColumnsOf } from '../items/item-kinds';
import { answeredQuestions, type AnsweredQuestion } from '../items/answered-questions.repository';
import { openToday } from '../jobs/jobs.repository';
import { APPLICATION_KIND, type ApplicationRecord } from './application-kind';
import { type ListPage, type ListFilter } from '../common/list-filter';

export interface ApplicationFilter extends Pick<ListFilter, 'q' | 'sort' | 'owner' | 'overdueAt' | 'source' | 'medium' | 'answered'> {
  /** One job's applications; every job's when left out. */
  jobId?: string;
  status?: ApplicationStatus;
  /** Only the applications a knockout answer rejected (true), or only the others (false); all when left out. */
  knockedOut?: boolean;
}

/** What a knocked-out application writes with it, in its transaction (ApplicationsService: its audit entry and rejection mail). */
export type KnockedOutWrites = (tx: ApplicationExecutor, row: JobApplicationRow) => Promise<void>;
type ApplicationExecutor = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An application's columns, its attribution included (every field, null where nothing was kept). */
export type ApplicationValues = Omit<typeof jobApplications.$inferInsert, 'id' | 'createdAt' | 'status'> & Attribution;

/** A card of a job's pipeline board: the application with its owner's name. */
export interface BoardCard {
  id: string;
  fullName: string;
  status: ApplicationStatus;
  createdAt: Date;
  statusChangedAt: Date;
  ownerId: string | null;
  ownerName: string | null;
  /** The label of the knockout answer's question, as it was when the answer was given. */
  knockoutLabel: string | null;
}

export type InsertOutcome =
  { outcome: 'inserted'; row: JobApplicationRow } | { outcome: 'job-missing' } | { outcome: 'job-not-active' } | { outcome: 'already-applied' };

const LIST_COLUMNS = listColumnsOf('application');

/** The filters of the applications' lists besides the workspace's: the job, and whether a knockout answer rejected them. */
const applicationConditions = (filter: ApplicationFilter) =>
  and(
    filter.jobId === undefined ? undefined : eq(jobApplications.jobId, filter.jobId),
    filter.knockedOut === undefined ? undefined : filter.knockedOut ? isNotNull(jobApplications.knockout) : isNull(jobApplications.knockout),
  );

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
   * owner in the same transaction, with the owner's mail and the audit entry of the assignment. An application with
   * a knockout answer (`values.knockout`) is filed as rejected, with what `knockedOut` writes.
   */
  async insertForActiveJob(values: ApplicationValues, notifications: Notifications, token?: TokenUse, knockedOut?: KnockedOutWrites): Promise<InsertOutcome> {
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
        .values({ ...values, status: values.knockout ? 'rejected' : 'pending', ownerId: owner?.id ?? null })
        .returning();
      const row = required(inserted, 'the inserted application');
      if (row.knockout) await knockedOut?.(tx, row);
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

  /** The application with its job's id, title and department. */
  async findWithJob(id: string): Promise<ApplicationRecord | undefined> {
    const [found] = await APPLICATION_KIND.records(this.db, eq(jobApplications.id, id));
    return found;
  }

  /**
   * The application's address, its row share-locked in the caller's transaction (an erasure cannot remove it
   * meanwhile); undefined when it is gone.
   */
  static async lockedRecipient(tx: Pick<Database, 'select'>, id: string): Promise<{ id: string; email: string } | undefined> {
    const [application] = await tx
      .select({ id: jobApplications.id, email: jobApplications.email })
      .from(jobApplications)
      .where(eq(jobApplications.id, id))
      .for('share');
    return application;
  }

  /**
   * A job's board: per status, the newest PIPELINE_COLUMN_MAX_CARDS applications with their owner's name, and how
   * many have that status. One query per status, each a range of `job_applications_job_status_idx` read newest first
   * and cut at the limit, so a job with a hundred thousand applications costs five short index reads, not a sort of
   * them all. `knockedOut`: see ApplicationFilter.
   */
  async board(jobId: string, knockedOut?: boolean): Promise<{ cards: BoardCard[]; totals: Map<ApplicationStatus, number> }> {
    const [columns, totals] = await Promise.all([
      Promise.all(
        APPLICATION_STATUSES.map((status) =>
          this.db
            .select({
              id: jobApplications.id,
              fullName: jobApplications.fullName,
              status: jobApplications.status,
              createdAt: jobApplications.createdAt,
              statusChangedAt: jobApplications.statusChangedAt,
              ownerId: jobApplications.ownerId,
              ownerName: admins.name,
              knockoutLabel: sql<string | null>`${jobApplications.knockout}->>'label'`,
            })
            .from(jobApplications)
            .leftJoin(admins, eq(admins.id, jobApplications.ownerId))
            .where(and(applicationConditions({ jobId, knockedOut }), eq(jobApplications.status, status)))
            .orderBy(desc(jobApplications.createdAt))
            .limit(PIPELINE_COLUMN_MAX_CARDS),
        ),
      ),
      this.db
        .select({ status: jobApplications.status, count: sql<number>`count(*)::int`.mapWith(Number) })
        .from(jobApplications)
        .where(applicationConditions({ jobId, knockedOut }))
        .groupBy(jobApplications.status),
    ]);
    return { cards: columns.flat(), totals: new Map(totals.map((total) => [total.status, total.count])) };
  }

  /**
   * A page of a job's applications (or of every job's), each with its owner's name, and the total (estimated past
   * LIST_EXACT_TOTAL_MAX).
   */
  list(filter: ApplicationFilter, page: ListPage): Promise<{ rows: ListedRow<typeof jobApplications>[]; total: number; totalEstimated?: true }> {
    return listRows(this.db, jobApplications, LIST_COLUMNS, { ...filter, where: applicationConditions(filter) }, page);
  }

  /** Every application of the list's filter, in its order, `pageSize` at a time (the CSV export). */
  pages(filter: ApplicationFilter, pageSize: number): AsyncGenerator<JobApplicationRow[]> {
    const where = listWhere(LIST_COLUMNS, { ...filter, where: applicationConditions(filter) });
    return keysetPages(this.db, jobApplications, LIST_COLUMNS, { where, sort: filter.sort }, pageSize);
  }

  /** The custom questions the applications of the list's filter answered, each once (the CSV export's columns). */
  answeredQuestions(filter: ApplicationFilter): Promise<AnsweredQuestion[]> {
    return answeredQuestions(this.db, jobApplications, jobApplications, listWhere(LIST_COLUMNS, { ...filter, where: applicationConditions(filter) }));
  }

  /** The titles of these jobs, by id (a job deleted meanwhile is left out). */
  async jobTitles(jobIds: string[]): Promise<Map<string, string>> {
    if (jobIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: jobs.id, title: jobs.title })
      .from(jobs)
      .where(sql`${jobs.id} = any(${sql.param(jobIds)}::uuid[])`);
    return new Map(rows.map((row) => [row.id, row.title]));
  }
}
