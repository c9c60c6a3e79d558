import { type Job, type JobPayload, type PortfolioPayload, required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { count, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { jobs, portfolioItems } from '../database/schema';
import { insertPortfolioItems } from '../portfolio/portfolio.repository';
import { ADVISORY_LOCK_KEYS } from '../database/advisory-locks';

@Injectable()
export class SeedRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Inserts the demo content when there are no portfolio items and no jobs; true when it did. */
  async seedWhenEmpty(portfolio: PortfolioPayload[], demoJobs: (JobPayload & Pick<Job, 'requirements'>)[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.seed})`);
      const [portfolioCount] = await tx.select({ items: count() }).from(portfolioItems);
      const [jobCount] = await tx.select({ openings: count() }).from(jobs);
      if (required(portfolioCount, 'the count of portfolio items').items > 0 || required(jobCount, 'the count of jobs').openings > 0) return false;
      // Oldest first, so lists (newest first) show the demo items in the order written.
      const base = Date.now() - 60_000;
      // Each with its case study's document and a slug made from its title.
      await insertPortfolioItems(
        tx,
        [...portfolio].reverse().map((item, index) => ({ ...item, createdAt: new Date(base + index * 1000) })),
      );
      await tx
        .insert(jobs)
        .values([...demoJobs].reverse().map((job, index) => ({ ...job, status: 'active' as const, createdAt: new Date(base + index * 1000) })));
      return true;
    });
  }
}
