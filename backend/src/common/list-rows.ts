import { LIST_EXACT_TOTAL_MAX, NO, required, YES, type AnswerFilter, type StoredAnswer, type WorkSortOrder } from '@brightwave/common';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../database/database';
import { admins } from '../database/schema';
import { likePattern, type ListFilter, type ListPage } from './list-filter';
import { sqlRows } from '../database/sql-rows';

/** The workspace columns of a list of leads, contact messages or applications (database/schema.ts workColumns). */
interface WorkListColumns {
  ownerId: PgColumn;
  followUpAt: PgColumn;
  /** The statuses that are never overdue (the kind's closedStatuses, ITEM_KINDS). */
  closedStatuses: readonly string[];
  /** The attribution's source and medium (database/schema.ts attributionColumns). */
  source: PgColumn;
  medium: PgColumn;
  /** The answers to the form's custom questions (jsonb, StoredAnswer[]). */
  answers: PgColumn;
}

export interface ListColumns {
  createdAt: PgColumn;
  id: PgColumn;
  status: PgColumn;
  /** Columns `q` searches, case-insensitively. */
  search: PgColumn[];
  /**
   * The workspace's lists, which grow to millions of rows: the owner and overdue filters, the follow-up order, each
   * row's owner name, and totals estimated past LIST_EXACT_TOTAL_MAX.
   */
  work?: WorkListColumns;
}

/** A row of a list, with the name of its owner (null when nobody owns it, and for the lists of no workspace). */
export type ListedRow<TTable extends PgTable> = TTable['$inferSelect'] & { ownerName: string | null };

/** The rows `filter` selects: its own conditions, the status, the search, and the workspace's owner, overdue and channel. */
export function listWhere(columns: ListColumns, filter: ListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [filter.where];
  if (filter.status) conditions.push(eq(columns.status, filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(or(...columns.search.map((column) => ilike(column, pattern))));
  }
  const { work } = columns;
  if (work && filter.owner !== undefined) conditions.push(filter.owner === null ? isNull(work.ownerId) : eq(work.ownerId, filter.owner));
  if (work && filter.overdueAt) conditions.push(lte(work.followUpAt, filter.overdueAt), notInArray(columns.status, [...work.closedStatuses]));
  if (work && filter.source !== undefined) conditions.push(eq(work.source, filter.source));
  if (work && filter.medium !== undefined) conditions.push(eq(work.medium, filter.medium));
  if (work && filter.answered) conditions.push(answeredCondition(work.answers, filter.answered));
  return and(...conditions);
}

/**
 * The rows whose stored answer to `question` (by id: the label it was asked under does not matter) is `answer`: a
 * select's option, one of a multiselect's options, or yes or no of a yes/no question. A containment of the answer's
 * shape (`answers @> '[{"id":"budget","type":"select","value":"Under 10k"}]'`), its JSON sent as a parameter.
 */
function answeredCondition(answers: PgColumn, { question, answer }: Required<AnswerFilter>): SQL | undefined {
  const shapes: Pick<StoredAnswer, 'id' | 'type' | 'value'>[] = [
    { id: question, type: 'select', value: answer },
    { id: question, type: 'multiselect', value: [answer] },
  ];
  if (answer === YES || answer === NO) shapes.push({ id: question, type: 'checkbox', value: answer === YES });
  return or(...shapes.map((shape) => sql`${answers} @> ${JSON.stringify([shape])}::jsonb`));
}

/** The order of a list: newest first unless asked otherwise; by follow-up, soonest first, those without one last, then newest. */
function listOrder(columns: ListColumns, sort: WorkSortOrder | undefined): SQL[] {
  if (sort === 'follow-up') {
    const { followUpAt } = required(columns.work, 'the follow-up column of the list');
    return [sql`${followUpAt} asc nulls last`, desc(columns.createdAt), desc(columns.id)];
  }
  const direction = sort === 'oldest' ? asc : desc;
  return [direction(columns.createdAt), direction(columns.id)];
}

/**
 * One page of a table in the list's order, with the total matching rows. The page's ids are read first and its rows
 * then: an index that holds the filter's and the order's columns answers the ids alone, so a deep page skips index
 * entries rather than rows (offset 100,000 of a million leads: 11 ms instead of 288 ms; docs/performance.md).
 */
export async function listRows<TTable extends PgTable>(
  db: Database,
  table: TTable,
  columns: ListColumns,
  filter: ListFilter,
  page: ListPage,
): Promise<{ rows: ListedRow<TTable>[]; total: number; totalEstimated?: true }> {
  const where = listWhere(columns, filter);
  const order = listOrder(columns, filter.sort);
  const anyTable = table as PgTable;
  const { work } = columns;
  const query = db
    .select({ ...getTableColumns(anyTable), ownerName: work ? admins.name : sql<null>`null` })
    .from(anyTable)
    .$dynamic();
  if (work) query.leftJoin(admins, eq(admins.id, work.ownerId));
  if (page.limit === undefined) {
    const rows = (await query.where(where).orderBy(...order)) as ListedRow<TTable>[];
    return { rows, total: rows.length };
  }
  const pageIds = db
    .select({ id: columns.id })
    .from(anyTable)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset ?? 0);
  const [rows, counted] = await Promise.all([
    query.where(inArray(columns.id, pageIds)).orderBy(...order),
    countRows(db, anyTable, where, work ? LIST_EXACT_TOTAL_MAX : undefined),
  ]);
  return { rows: rows as ListedRow<TTable>[], ...counted };
}

/**
 * How many rows `where` selects: all of them, or, with `exactUpTo`, at most that many plus one, past which the
 * planner's estimate answers (an exact count of a million leads took 80 ms on PostgreSQL; docs/performance.md).
 */
async function countRows(db: Database, table: PgTable, where: SQL | undefined, exactUpTo?: number): Promise<{ total: number; totalEstimated?: true }> {
  const matching = () =>
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where);
  if (exactUpTo === undefined) {
    const [counted] = await db.select({ total: count() }).from(table).where(where);
    return { total: required(counted, 'the count of rows').total };
  }
  const [counted] = await db.select({ total: count() }).from(
    matching()
      .limit(exactUpTo + 1)
      .as('matching'),
  );
  const total = required(counted, 'the count of rows').total;
  if (total <= exactUpTo) return { total };
  return { total: Math.max(exactUpTo + 1, await plannedRows(db, matching().getSQL())), totalEstimated: true };
}

/** The rows the planner expects `query` to answer (EXPLAIN: nothing is read but the table's statistics). */
async function plannedRows(db: Database, query: SQL): Promise<number> {
  const [explained] = await sqlRows<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  // One row, one json column (`QUERY PLAN`), which node-postgres and PGlite both parse.
  const [plan] = Object.values(required(explained, 'the query plan')) as [{ Plan: { 'Plan Rows': number } }[]];
  return Math.round(required(plan[0], 'the plan of the query').Plan['Plan Rows']);
}

/**
 * Every row `where` selects, in list order (newest first unless `sort` says otherwise), `pageSize` rows per query.
 * Each query starts after the last row of the one before (a keyset), so a long export holds no transaction or
 * connection between pages, reads no row twice, and costs the same on its last page as on its first. The cursors
 * are the values as the database wrote them: a JavaScript Date would drop a timestamp's microseconds.
 */
export async function* keysetPages<TTable extends PgTable>(
  db: Database,
  table: TTable,
  columns: Pick<ListColumns, 'createdAt' | 'id' | 'work'>,
  filter: { where?: SQL; sort?: WorkSortOrder },
  pageSize: number,
): AsyncGenerator<TTable['$inferSelect'][]> {
  const { createdAt, id } = columns;
  if (filter.sort === 'follow-up') {
    // The rows with a follow-up in its order, then the others newest first: two keysets, each an index range.
    const { followUpAt } = required(columns.work, 'the follow-up column of the list');
    yield* pagesAfter(
      db,
      table,
      and(filter.where, isNotNull(followUpAt)),
      [asc(followUpAt), desc(createdAt), desc(id)],
      { due: sql<string>`${followUpAt}::text`, at: sql<string>`${createdAt}::text`, id: sql<string>`${id}::text` },
      (last) =>
        sql`${followUpAt} >= ${last.due}::timestamptz and (${followUpAt} > ${last.due}::timestamptz or (${createdAt}, ${id}) < (${last.at}::timestamptz, ${last.id}::uuid))`,
      pageSize,
    );
    yield* keysetPages(db, table, columns, { where: and(filter.where, isNull(followUpAt)), sort: 'newest' }, pageSize);
    return;
  }
  const oldestFirst = filter.sort === 'oldest';
  const direction = oldestFirst ? asc : desc;
  yield* pagesAfter(
    db,
    table,
    filter.where,
    [direction(createdAt), direction(id)],
    { at: sql<string>`${createdAt}::text`, id: sql<string>`${id}::text` },
    // The plain bound lets the created_at index serve the row comparison.
    (last) =>
      oldestFirst
        ? sql`${createdAt} >= ${last.at}::timestamptz and (${createdAt}, ${id}) > (${last.at}::timestamptz, ${last.id}::uuid)`
        : sql`${createdAt} <= ${last.at}::timestamptz and (${createdAt}, ${id}) < (${last.at}::timestamptz, ${last.id}::uuid)`,
    pageSize,
  );
}

/** The pages of one keyset: `order`, and `after` the condition of the rows after the last one's `cursor` values. */
async function* pagesAfter<TTable extends PgTable, Key extends string>(
  db: Database,
  table: TTable,
  where: SQL | undefined,
  order: SQL[],
  cursor: Record<Key, SQL<string>>,
  after: (last: Record<Key, string>) => SQL,
  pageSize: number,
): AsyncGenerator<TTable['$inferSelect'][]> {
  let condition: SQL | undefined;
  for (;;) {
    const rows = (await db
      .select({ row: getTableColumns(table as PgTable), cursor })
      .from(table as PgTable)
      .where(and(where, condition))
      .orderBy(...order)
      .limit(pageSize)) as unknown as { row: TTable['$inferSelect']; cursor: Record<Key, string> }[];
    const last = rows.at(-1);
    if (!last) return;
    condition = after(last.cursor);
    yield rows.map(({ row }) => row);
    if (rows.length < pageSize) return;
  }
}
