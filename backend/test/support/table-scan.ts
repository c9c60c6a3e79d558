import { required } from '@brightwave/common';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/database/database';

/**
 * Every `table.column` of the database (text, varchar and jsonb columns of every table) whose value holds `needle`,
 * case-insensitively: proof that nothing of a person is left anywhere, whatever tables are added later.
 */
export async function columnsHolding(db: Database, needle: string): Promise<string[]> {
  const columns = await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of (columns as unknown as { rows: { table_name: string; column_name: string }[] }).rows) {
    const hits = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where position(${needle.toLowerCase()} in lower(${sql.identifier(column)}::text)) > 0`,
    );
    if (required((hits as unknown as { rows: { n: number }[] }).rows[0], 'the count').n > 0) found.push(`${table}.${column}`);
  }
  return found;
}
