import { isSitePath, redirectPathOf } from '@brightwave/common';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { redirects, type RedirectRow } from '../database/schema';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a built page's publish did to the redirects, for its audit entries. */
export interface PageRedirectChanges {
  /** The 301 from the page's previous path, when its path changed. */
  created: RedirectRow | undefined;
  /** Redirects from the path the page now answers at (the page takes it), and one by hand from its previous path. */
  removed: RedirectRow[];
  /** Redirects that led to the previous path and now lead to the new one. */
  repointed: RedirectRow[];
}

export const NO_REDIRECT_CHANGES: PageRedirectChanges = { created: undefined, removed: [], repointed: [] };

/** Writers of redirects take turns (their rules read the other redirects); readers never wait. */
export async function lockRedirects(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table ${redirects} in exclusive mode`);
}

/**
 * In the publish's transaction of a built page now answering at `path` (docs/features/built-pages.md#redirects): the
 * page takes its path from any redirect; when it answered at `previousPath` before, that path leads to the new one
 * (301, `source: 'page'`) and the redirects that led to the old path lead to the new one, so that none takes two hops.
 */
export async function redirectsForPublishedPage(
  tx: Transaction,
  previousPath: string | null,
  path: string,
  createdByEmail: string | null,
): Promise<PageRedirectChanges> {
  await lockRedirects(tx);
  const removed = await tx.delete(redirects).where(eq(redirects.fromPath, path)).returning();
  if (previousPath === null || previousPath === path) return { created: undefined, removed, repointed: [] };
  const repointed: RedirectRow[] = [];
  for (const row of await tx.select().from(redirects)) {
    if (!isSitePath(row.to) || redirectPathOf(row.to) !== previousPath) continue;
    // The query and fragment of the target stay.
    const rest = row.to.slice((row.to.split(/[?#]/, 1)[0] ?? '').length);
    const [updated] = await tx
      .update(redirects)
      .set({ to: `${path}${rest}` })
      .where(eq(redirects.id, row.id))
      .returning();
    if (updated) repointed.push(updated);
  }
  removed.push(...(await tx.delete(redirects).where(eq(redirects.fromPath, previousPath)).returning()));
  const [created] = await tx.insert(redirects).values({ fromPath: previousPath, to: path, status: 301, source: 'page', createdByEmail }).returning();
  return { created, removed, repointed };
}
