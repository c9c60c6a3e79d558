import type { Database } from '../database/database';
import { gonePaths } from '../database/schema';

type Executor = Pick<Database, 'insert'>;

/**
 * Keeps the address of a deleted case study or post (docs/features/case-studies.md, news.md): it answers 410 from now
 * on, unless a live one answers there again or a redirect leads elsewhere from it. In the deletion's transaction.
 */
export async function recordGonePath(tx: Executor, path: string): Promise<void> {
  await tx
    .insert(gonePaths)
    .values({ path })
    .onConflictDoUpdate({ target: gonePaths.path, set: { goneAt: new Date() } });
}

/** Every gone address of a deleted case study or post, in a stable order (the published content's stamp includes them). */
export async function gonePathRows(db: Pick<Database, 'select'>): Promise<string[]> {
  const rows = await db.select({ path: gonePaths.path }).from(gonePaths).orderBy(gonePaths.path);
  return rows.map((row) => row.path);
}
