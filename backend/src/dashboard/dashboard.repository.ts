import { ITEM_KINDS, required, type PeriodCount, type WorkItemKind } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gt, gte, min, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DATABASE, type Database } from '../database/database';
import { deliveries, jobs, leads, settings } from '../database/schema';
import { ITEMS } from '../items/item-kinds';
import { PURGE_STATUS_KEY, type PurgeStatus } from '../privacy/retention.repository';

/** Suspected spam is left out of every count; a kind without a spam flag (applications) has none. */
const notSpam = (kind: WorkItemKind) => {
  const { spam } = ITEMS[kind].columns;
  return spam && not(spam);
};

@Injectable()
export class DashboardRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** `where`: suspected spam is left out of every count. */
  private async countByStatus(table: PgTable, status: PgColumn, where?: SQL): Promise<Record<string, number>> {
    const rows = await this.db.select({ status, total: count() }).from(table).where(where).groupBy(status);
    return Object.fromEntries(rows.map((row) => [row.status as string, row.total]));
  }

  /** How many items of the kind have each status (not spam). */
  itemsByStatus(kind: WorkItemKind) {
    return this.countByStatus(ITEMS[kind].table, ITEMS[kind].columns.status, notSpam(kind));
  }
  jobsByStatus() {
    return this.countByStatus(jobs, jobs.status);
  }

  /** Outgoing messages given up as failed, or waiting for a retry after a failure. */
  async failingDeliveries(): Promise<number> {
    const [counted] = await this.db
      .select({ total: count() })
      .from(deliveries)
      .where(or(eq(deliveries.status, 'failed'), and(eq(deliveries.status, 'pending'), gt(deliveries.attempts, 0))));
    return required(counted, 'the count of failing deliveries').total;
  }

  /** The retention purge's outcome as the last rounds of any instance recorded it; undefined before the first. */
  async purgeStatus(): Promise<PurgeStatus | undefined> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, PURGE_STATUS_KEY));
    return row?.value as PurgeStatus | undefined;
  }

  /**
   * The submissions of one kind since `since` (not spam) per attribution source and medium, with how many of them have
   * the kind's goal status now (qualified, hired; ITEM_KINDS): one index-only range of the kind's channel index
   * (database/schema.ts attributionIndexes).
   */
  async channelsSince(kind: WorkItemKind, since: Date): Promise<{ source: string | null; medium: string | null; total: number; reached: number }[]> {
    const { table, columns } = ITEMS[kind];
    const goal = ITEM_KINDS[kind].goalStatus;
    return this.db
      .select({
        source: columns.source,
        medium: columns.medium,
        total: count(),
        reached: goal ? sql<number>`count(*) filter (where ${columns.status} = ${goal})`.mapWith(Number) : sql<number>`0`.mapWith(Number),
      })
      .from(table)
      .where(and(gte(columns.createdAt, since), notSpam(kind)))
      .groupBy(columns.source, columns.medium);
  }

  /**
   * How many rows of `table` (`where`) were created since `currentStart` and in the period before it (from
   * `previousStart`): one range of the table's creation index, two filtered counts.
   */
  private async createdInPeriods(table: PgTable, createdAt: PgColumn, currentStart: Date, previousStart: Date, where?: SQL): Promise<PeriodCount> {
    const [row] = await this.db
      .select({
        current: sql<number>`count(*) filter (where ${createdAt} >= ${currentStart})`.mapWith(Number),
        previous: sql<number>`count(*) filter (where ${createdAt} < ${currentStart})`.mapWith(Number),
      })
      .from(table)
      .where(and(gte(createdAt, previousStart), where));
    return required(row, 'the counts of the periods');
  }

  /** The items of the kind (not spam) created in the period from `currentStart` and in the one before it. */
  itemsCreatedInPeriods(kind: WorkItemKind, currentStart: Date, previousStart: Date): Promise<PeriodCount> {
    return this.createdInPeriods(ITEMS[kind].table, ITEMS[kind].columns.createdAt, currentStart, previousStart, notSpam(kind));
  }
  jobsCreatedInPeriods(currentStart: Date, previousStart: Date): Promise<PeriodCount> {
    return this.createdInPeriods(jobs, jobs.createdAt, currentStart, previousStart);
  }

  /**
   * The items of the kind (not spam) still in its first status (ITEM_KINDS' statuses[0]), and when the oldest came
   * in: one range of the inbox's status index.
   */
  async stillInFirstStatus(kind: WorkItemKind): Promise<{ count: number; oldestAt: Date | null }> {
    const { table, columns } = ITEMS[kind];
    const [row] = await this.db
      .select({ count: count(), oldestAt: min(columns.createdAt) })
      .from(table)
      .where(and(eq(columns.status, required(ITEM_KINDS[kind].statuses[0], 'the first status')), notSpam(kind)));
    const found = required(row, 'the count of the items in their first status');
    return { count: found.count, oldestAt: found.oldestAt ? new Date(found.oldestAt) : null };
  }

  /** New leads per ISO week (weeks start on Monday, UTC) since `since`. */
  async leadsPerWeekSince(since: Date): Promise<{ weekStart: string; count: number }[]> {
    const week = sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ weekStart: week, count: count() })
      .from(leads)
      .where(and(gte(leads.createdAt, since), not(leads.spam)))
      .groupBy(week);
    return rows;
  }
}
