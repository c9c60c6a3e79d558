import { CASE_STUDY_BASE, type RedirectInput, type RedirectSource } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AuditExecutor } from '../audit/audit.repository';
import { DATABASE, type Database } from '../database/database';
import { builtPages, contentPages, portfolioItems, redirects, type RedirectRow } from '../database/schema';
import { lockRedirects } from './page-redirects';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What a new redirect's rules read, in the transaction that stores it: every redirect, and the page or case study at
 * its `from`.
 */
export interface RedirectNeighbours {
  redirects: RedirectRow[];
  /** The title of the published live page answering at `from`, if any. */
  pageAtFrom: string | undefined;
  /** The title of the portfolio item whose case study answers at `from`, if any (every item has its page). */
  caseStudyAtFrom: string | undefined;
}

@Injectable()
export class RedirectsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Every redirect, the newest first. */
  list(): Promise<RedirectRow[]> {
    return this.db.select().from(redirects).orderBy(desc(redirects.createdAt), desc(redirects.id));
  }

  /** The redirects as visitors meet them: from, to and status. */
  targets(): Promise<Pick<RedirectRow, 'fromPath' | 'to' | 'status'>[]> {
    return this.db.select({ fromPath: redirects.fromPath, to: redirects.to, status: redirects.status }).from(redirects);
  }

  /**
   * Stores a redirect when `refusal` (the rules, reading the other redirects and the pages in the same transaction)
   * finds nothing against it; writers take turns, so two redirects added at once cannot make a chain together.
   */
  async create(
    input: RedirectInput & { source: RedirectSource; createdByEmail: string | null },
    refusal: (neighbours: RedirectNeighbours) => Error | undefined,
    audit: (tx: AuditExecutor, row: RedirectRow) => Promise<void>,
  ): Promise<RedirectRow> {
    return this.db.transaction(async (tx) => {
      await lockRedirects(tx);
      const refused = refusal({
        redirects: await tx.select().from(redirects),
        pageAtFrom: await this.publishedPageTitle(tx, input.from),
        caseStudyAtFrom: await this.caseStudyTitle(tx, input.from),
      });
      if (refused) throw refused;
      const [row] = await tx
        .insert(redirects)
        .values({ fromPath: input.from, to: input.to, status: input.status, source: input.source, createdByEmail: input.createdByEmail })
        .returning();
      if (!row) throw new Error('the redirect was not stored');
      await audit(tx, row);
      return row;
    });
  }

  /** The title of the published live page whose published copy answers at `path`. */
  private async publishedPageTitle(tx: Transaction, path: string): Promise<string | undefined> {
    const [row] = await tx
      .select({ title: sql<string>`${contentPages.publishedFields}->>'title'` })
      .from(builtPages)
      .innerJoin(contentPages, eq(contentPages.key, builtPages.contentKey))
      .where(and(isNull(builtPages.deletedAt), eq(builtPages.path, path), isNotNull(contentPages.publishedVersionId)));
    return row?.title;
  }

  /** The title of the portfolio item whose case study answers at `path` (/portfolio/<its slug>). */
  private async caseStudyTitle(tx: Transaction, path: string): Promise<string | undefined> {
    if (!path.startsWith(CASE_STUDY_BASE)) return undefined;
    const [row] = await tx
      .select({ title: portfolioItems.projectTitle })
      .from(portfolioItems)
      .where(eq(portfolioItems.slug, path.slice(CASE_STUDY_BASE.length)));
    return row?.title;
  }

  /** Deletes a redirect with its audit entry: the deleted row, or undefined when there was none. */
  async delete(id: string, audit: (tx: AuditExecutor, row: RedirectRow) => Promise<void>): Promise<RedirectRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
      if (row) await audit(tx, row);
      return row;
    });
  }
}
