import { required } from '@brightwave/common';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/database/database';

interface TextColumn {
  table: string;
  column: string;
}

/** Every text, varchar, json and jsonb column of every table. */
async function textColumns(db: Database): Promise<TextColumn[]> {
  const columns = await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`);
  return (columns as unknown as { rows: { table_name: string; column_name: string }[] }).rows.map((row) => ({
    table: row.table_name,
    column: row.column_name,
  }));
}

/** Whether a query's one row says `hit`. */
async function hits(db: Database, query: SQL): Promise<boolean> {
  const result = (await db.execute(query)) as unknown as { rows: { hit: boolean }[] };
  return required(result.rows[0], 'the answer').hit;
}

/** Whether `text` (lowercased, of columns named with their table) holds one of `needles` (lowercase already). */
const holdsAny = (text: SQL, needles: string[]) =>
  sql`exists (select 1 from unnest(array[${sql.join(
    needles.map((needle) => sql`${needle}`),
    sql`, `,
  )}]::text[]) as searched(needle) where position(searched.needle in ${text}) > 0)`;

/**
 * For each of `needles` held somewhere, every `table.column` (text, varchar and jsonb columns of every table) whose
 * value holds it, case-insensitively: proof that nothing of a person is left anywhere, whatever tables are added later.
 * Needles held nowhere are left out, so nothing held anywhere answers `{}`.
 * One query per table looks for every needle in all its text columns at once; only a table that holds one is then
 * searched column by column, to name the columns. (One query per column and needle took 10.6 s for the analytics
 * suite's 51 needles in 166 columns, 8,466 queries; one per table, 0.3 s.)
 */
export async function columnsHoldingEach(db: Database, needles: string[]): Promise<Record<string, string[]>> {
  const lowered = [...new Set(needles.map((needle) => needle.toLowerCase()))];
  const columns = await textColumns(db);
  const tables = [...new Set(columns.map(({ table }) => table))];
  const holdingTables = new Set<string>();
  for (const table of tables) {
    // The table's text columns joined by a character no needle holds, so no needle is found across two of them.
    const joined = sql`lower(concat_ws(chr(1), ${sql.join(
      columns.filter((column) => column.table === table).map(({ column }) => sql`${sql.identifier(table)}.${sql.identifier(column)}::text`),
      sql`, `,
    )}))`;
    if (await hits(db, sql`select exists (select 1 from ${sql.identifier(table)} where ${holdsAny(joined, lowered)}) as hit`)) holdingTables.add(table);
  }
  const found: Record<string, string[]> = {};
  for (const { table, column } of columns.filter(({ table }) => holdingTables.has(table))) {
    for (const needle of lowered) {
      const text = sql`lower(${sql.identifier(table)}.${sql.identifier(column)}::text)`;
      if (await hits(db, sql`select exists (select 1 from ${sql.identifier(table)} where ${holdsAny(text, [needle])}) as hit`)) {
        (found[needle] ??= []).push(`${table}.${column}`);
      }
    }
  }
  return found;
}

/** Every `table.column` whose value holds `needle`, case-insensitively (see `columnsHoldingEach`). */
export async function columnsHolding(db: Database, needle: string): Promise<string[]> {
  return (await columnsHoldingEach(db, [needle]))[needle.toLowerCase()] ?? [];
}
