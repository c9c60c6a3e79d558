import { required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { deliveries } from '../database/schema';

export interface OutboxSummary {
  /** Messages waiting to be sent or being sent. */
  depth: number;
  /** Age of the oldest waiting message; 0 when none waits. */
  oldestPendingSeconds: number;
  failed: number;
}

@Injectable()
export class MetricsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** One statement at scrape time; each part reads the (status, next_attempt_at) index, not the whole table. */
  async outboxSummary(): Promise<OutboxSummary> {
    const [row] = await this.db
      .select({
        depth: sql<number>`(select count(*) from ${deliveries} where ${deliveries.status} in ('pending', 'sending'))`.mapWith(Number),
        oldestPendingSeconds: sql<number>`(select coalesce(extract(epoch from now() - min(${deliveries.createdAt})), 0)
          from ${deliveries} where ${deliveries.status} = 'pending')`.mapWith(Number),
        failed: sql<number>`(select count(*) from ${deliveries} where ${deliveries.status} = 'failed')`.mapWith(Number),
      })
      .from(sql`(values (1)) as scrape(one)`);
    return required(row, 'the outbox summary');
  }
}
