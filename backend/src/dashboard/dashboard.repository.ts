import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gt, gte, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DATABASE, type Database } from '../database/database';
import { contacts, deliveries, jobApplications, jobs, leads } from '../database/schema';

@Injectable()
export class DashboardRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  private async countByStatus(table: PgTable, status: PgColumn): Promise<Record<string, number>> {
    const rows = await this.db.select({ status, total: count() }).from(table).groupBy(status);
    return Object.fromEntries(rows.map((row) => [row.status as string, row.total]));
  }

  leadsByStatus() {
    return this.countByStatus(leads, leads.status);
  }
  contactsByStatus() {
    return this.countByStatus(contacts, contacts.status);
  }
  jobsByStatus() {
    return this.countByStatus(jobs, jobs.status);
  }
  applicationsByStatus() {
    return this.countByStatus(jobApplications, jobApplications.status);
  }

  /** Outgoing messages given up as failed, or waiting for a retry after a failure. */
  async failingDeliveries(): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: count() })
      .from(deliveries)
      .where(or(eq(deliveries.status, 'failed'), and(eq(deliveries.status, 'pending'), gt(deliveries.attempts, 0))));
    return total;
  }

  /** New leads per ISO week (weeks start on Monday, UTC) since `since`. */
  async leadsPerWeekSince(since: Date): Promise<{ weekStart: string; count: number }[]> {
    const week = sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ weekStart: week, count: count() })
      .from(leads)
      .where(gte(leads.createdAt, since))
      .groupBy(week);
    return rows;
  }
}
