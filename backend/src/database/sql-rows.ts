import type { SQL } from 'drizzle-orm';
import type { Database } from './database';

/**
 * The rows of a statement written in SQL (`execute`), typed as the statement selects them. Both drivers answer
 * `{ rows }` (PGlite's and node-postgres'), which Drizzle's type of a database of either driver leaves unknown.
 */
export async function sqlRows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
