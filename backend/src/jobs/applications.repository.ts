import type { ApplicationStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { listRows } from '../common/list-rows';
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

  list(filter: ApplicationFilter, page: ListPage): Promise<{ rows: JobApplicationRow[]; total: number }> {
    const columns = {
      createdAt: jobApplications.createdAt,
      id: jobApplications.id,
      status: jobApplications.status,
      search: [jobApplications.fullName, jobApplications.email],
    };
    return listRows(this.db, jobApplications, columns, { ...filter, where: eq(jobApplications.jobId, filter.jobId) }, page);
  }

  async updateStatus(id: string, status: ApplicationStatus): Promise<JobApplicationRow | undefined> {
    const [row] = await this.db
      .update(jobApplications)
      .set({ status })
      .where(eq(jobApplications.id, id))
      .returning();
    return row;
  }
}
