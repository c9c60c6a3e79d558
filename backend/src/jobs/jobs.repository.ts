import type { JobStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { likePattern, type ListPage } from '../common/list-query.dto';
import { DATABASE, type Database } from '../database/database';
import { jobApplications, jobs, type JobRow } from '../database/schema';

export interface JobFilter {
  status?: JobStatus;
  q?: string;
  sort?: 'newest' | 'oldest';
}

export type JobValues = Omit<typeof jobs.$inferInsert, 'id' | 'createdAt'>;

@Injectable()
export class JobsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: JobValues): Promise<JobRow> {
    const [row] = await this.db.insert(jobs).values(values).returning();
    return row;
  }

  async findById(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }

  async list(filter: JobFilter, page: ListPage): Promise<{ rows: JobRow[]; total: number }> {
    const where = this.where(filter);
    const order =
      filter.sort === 'oldest' ? [asc(jobs.createdAt), asc(jobs.id)] : [desc(jobs.createdAt), desc(jobs.id)];
    const query = this.db.select().from(jobs).where(where).orderBy(...order).$dynamic();
    if (page.limit !== undefined) query.limit(page.limit).offset(page.offset ?? 0);
    const [rows, [{ total }]] = await Promise.all([query, this.db.select({ total: count() }).from(jobs).where(where)]);
    return { rows, total };
  }

  async update(id: string, values: Partial<JobValues>): Promise<JobRow | undefined> {
    const [row] = await this.db.update(jobs).set(values).where(eq(jobs.id, id)).returning();
    return row;
  }

  /**
   * Deletes the job and its applications in one transaction and answers the resume keys they held, so the
   * caller can remove the files. The job row is locked first: an application being filed for it waits (see
   * ApplicationsRepository.insertForActiveJob) and then finds no job, so no file is left behind.
   */
  async deleteWithApplications(id: string): Promise<{ deleted: boolean; resumeKeys: string[] }> {
    return this.db.transaction(async (tx) => {
      const [job] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id)).for('update');
      if (!job) return { deleted: false, resumeKeys: [] };
      const removed = await tx
        .delete(jobApplications)
        .where(eq(jobApplications.jobId, id))
        .returning({ resumeKey: jobApplications.resumeKey });
      await tx.delete(jobs).where(eq(jobs.id, id));
      return { deleted: true, resumeKeys: removed.map((row) => row.resumeKey) };
    });
  }

  private where(filter: JobFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (filter.status) conditions.push(eq(jobs.status, filter.status));
    if (filter.q) conditions.push(ilike(jobs.title, likePattern(filter.q)));
    return and(...conditions);
  }
}
