import { required, type SortOrder } from '@brightwave/common';
import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
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

/** The rows `filter` selects: its own conditions, the status and the search. */
export function listWhere(columns: ListColumns, filter: ListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [filter.where];
  if (filter.status) conditions.push(eq(columns.status, filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(or(...columns.search.map((column) => ilike(column, pattern))));
  }
  return and(...conditions);
}

/** One page of a table (newest first unless asked otherwise) with the total matching rows. */
export async function listRows<TTable extends PgTable>(
  db: Database,
  table: TTable,
  columns: ListColumns,
  filter: ListFilter,
  page: ListPage,
): Promise<{ rows: TTable['$inferSelect'][]; total: number }> {
  const where = listWhere(columns, filter);
  const direction = filter.sort === 'oldest' ? asc : desc;
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(direction(columns.createdAt), direction(columns.id))
    .$dynamic();
  if (page.limit !== undefined) query.limit(page.limit).offset(page.offset ?? 0);
  const [rows, [counted]] = await Promise.all([
    query,
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as TTable['$inferSelect'][], total: required(counted, 'the count of rows').total };
}

/**
 * Every row `where` selects, in list order (newest first unless `sort` is oldest), `pageSize` rows per query. Each
 * query starts after the last row of the one before (a keyset on created_at and id), so a long export holds no
 * transaction or connection between pages, reads no row twice, and costs the same on its last page as on its
 * first. The cursor is the timestamp as the database wrote it: a JavaScript Date would drop its microseconds.
 */
export async function* keysetPages<TTable extends PgTable>(
  db: Database,
  table: TTable,
  columns: Pick<ListColumns, 'createdAt' | 'id'>,
  filter: { where?: SQL; sort?: SortOrder },
  pageSize: number,
): AsyncGenerator<TTable['$inferSelect'][]> {
  const oldestFirst = filter.sort === 'oldest';
  const direction = oldestFirst ? asc : desc;
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    // The plain bound lets the created_at index serve the row comparison.
    const after =
      cursor &&
      (oldestFirst
        ? sql`${columns.createdAt} >= ${cursor.at}::timestamptz and (${columns.createdAt}, ${columns.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
        : sql`${columns.createdAt} <= ${cursor.at}::timestamptz and (${columns.createdAt}, ${columns.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
    const rows = (await db
      .select({ ...getTableColumns(table), keysetAt: sql<string>`${columns.createdAt}::text` })
      .from(table as PgTable)
      .where(and(filter.where, after))
      .orderBy(direction(columns.createdAt), direction(columns.id))
      .limit(pageSize)) as unknown as (TTable['$inferSelect'] & { keysetAt: string; id: string })[];
    const last = rows.at(-1);
    if (!last) return;
    cursor = { at: last.keysetAt, id: last.id };
    yield rows.map(({ keysetAt: _keysetAt, ...row }) => row as TTable['$inferSelect']);
    if (rows.length < pageSize) return;
  }
}
