import type { ApplicationStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { likePattern, type ListPage } from '../common/list-query.dto';
import { DATABASE, type Database } from '../database/database';
import { jobApplications, jobs, type JobApplicationRow } from '../database/schema';

export interface ApplicationFilter {
  jobId: string;
  status?: ApplicationStatus;
  q?: string;
  sort?: 'newest' | 'oldest';
}

export type ApplicationValues = Omit<typeof jobApplications.$inferInsert, 'id' | 'createdAt' | 'status'>;

export type InsertOutcome =
  | { outcome: 'inserted'; row: JobApplicationRow }
  | { outcome: 'job-missing' }
  | { outcome: 'job-not-active' };

@Injectable()
export class ApplicationsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Files the application only while its job exists and is active. The job row is share-locked for the
   * insert, so a concurrent status change or delete of the job waits for it (or it for them).
   */
  async insertForActiveJob(values: ApplicationValues): Promise<InsertOutcome> {
    return this.db.transaction(async (tx) => {
      const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, values.jobId)).for('share');
      if (!job) return { outcome: 'job-missing' } as const;
      if (job.status !== 'active') return { outcome: 'job-not-active' } as const;
      const [row] = await tx
        .insert(jobApplications)
        .values({ ...values, status: 'pending' })
        .returning();
      return { outcome: 'inserted', row } as const;
    });
  }

  async findById(id: string): Promise<JobApplicationRow | undefined> {
    const [row] = await this.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    return row;
  }

  async list(filter: ApplicationFilter, page: ListPage): Promise<{ rows: JobApplicationRow[]; total: number }> {
    const where = this.where(filter);
    const order =
      filter.sort === 'oldest'
        ? [asc(jobApplications.createdAt), asc(jobApplications.id)]
        : [desc(jobApplications.createdAt), desc(jobApplications.id)];
    const query = this.db.select().from(jobApplications).where(where).orderBy(...order).$dynamic();
    if (page.limit !== undefined) query.limit(page.limit).offset(page.offset ?? 0);
    const [rows, [{ total }]] = await Promise.all([
      query,
      this.db.select({ total: count() }).from(jobApplications).where(where),
    ]);
    return { rows, total };
  }

  async updateStatus(id: string, status: ApplicationStatus): Promise<JobApplicationRow | undefined> {
    const [row] = await this.db
      .update(jobApplications)
      .set({ status })
      .where(eq(jobApplications.id, id))
      .returning();
    return row;
  }

  private where(filter: ApplicationFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [eq(jobApplications.jobId, filter.jobId)];
    if (filter.status) conditions.push(eq(jobApplications.status, filter.status));
    if (filter.q) {
      const pattern = likePattern(filter.q);
      conditions.push(or(ilike(jobApplications.fullName, pattern), ilike(jobApplications.email, pattern)));
    }
    return and(...conditions);
  }
}
