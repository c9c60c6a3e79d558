import type { SortOrder } from '@brightwave/common';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../database/database';
import { likePattern, type ListPage } from './list-query.dto';

export interface ListFilter {
  status?: string;
  q?: string;
  sort?: SortOrder;
  /** Extra conditions of one list, e.g. the applications of one job. */
  where?: SQL;
}

export interface ListColumns {
  createdAt: PgColumn;
  id: PgColumn;
  status: PgColumn;
  /** Columns `q` searches, case-insensitively. */
  search: PgColumn[];
}

/** One page of a table (newest first unless asked otherwise) with the total matching rows. */
export async function listRows<TTable extends PgTable>(
  db: Database,
  table: TTable,
  columns: ListColumns,
  filter: ListFilter,
  page: ListPage,
): Promise<{ rows: TTable['$inferSelect'][]; total: number }> {
  const conditions: (SQL | undefined)[] = [filter.where];
  if (filter.status) conditions.push(eq(columns.status, filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(or(...columns.search.map((column) => ilike(column, pattern))));
  }
  const where = and(...conditions);
  const direction = filter.sort === 'oldest' ? asc : desc;
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(direction(columns.createdAt), direction(columns.id))
    .$dynamic();
  if (page.limit !== undefined) query.limit(page.limit).offset(page.offset ?? 0);
  const [rows, [{ total }]] = await Promise.all([query, db.select({ total: count() }).from(table as PgTable).where(where)]);
  return { rows: rows as TTable['$inferSelect'][], total };
}
