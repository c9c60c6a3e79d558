import { required } from '@brightwave/common';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/database/database';

export type RowCounts = Record<string, number>;

/** Every table of the application's schema, whatever tables are added later. */
export async function tableNames(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  return (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
}

/** The number of rows of each table, in one statement (cheap enough to run after every fuzzed request). */
export async function rowCounts(db: Database, tables: string[]): Promise<RowCounts> {
  const columns = sql.join(
    tables.map((table) => sql`(select count(*)::int from ${sql.identifier(table)}) as ${sql.identifier(table)}`),
    sql`, `,
  );
  const result = await db.execute(sql`select ${columns}`);
  return required((result as unknown as { rows: RowCounts[] }).rows[0], 'the row counts');
}

/** The tables whose count differs, as `table: before → after`. */
/** The table a line of changedTables names. */
export const tableOf = (change: string) => change.slice(0, change.indexOf(':'));

export function changedTables(before: RowCounts, after: RowCounts): string[] {
  return Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);
}
