import { required, type BuiltPageDocument, type NavPlacement, type PageNav } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNotNull, isNull, like, ne, sql } from 'drizzle-orm';
import type { AuditExecutor } from '../audit/audit.repository';
import type { ContentAuthor } from '../content/content.repository';
import { builtPageKey } from '../content/document-keys';
import { DATABASE, type Database } from '../database/database';
import { builtPages, contentPages, contentSchedules, contentVersions, type BuiltPageRow } from '../database/schema';

/** A live page as its row and its document's content row have it. */
export interface LivePageRow {
  page: BuiltPageRow;
  publishedVersionId: string | null;
  publishedAt: Date | null;
}

/** One line of the Pages list: the page, its draft's title and slug, when it was last saved, its open schedule. */
export interface PageSummaryRow extends LivePageRow {
  draftId: string;
  title: string;
  slug: string;
  savedAt: Date;
  scheduledAt: Date | null;
}

const OPEN_SCHEDULE = inArray(contentSchedules.status, ['pending', 'claimed']);

/**
 * What only a built page has (its row in built_pages); its document's drafts, versions and schedules are the content
 * tables', kept by ContentRepository (docs/decisions/071-built-pages-share-the-content-documents.md).
 */
@Injectable()
export class PagesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Creates the page: its row, its document's row (never published) and its first draft, with the audit entry. */
  async create(id: string, document: BuiltPageDocument, author: ContentAuthor, audit: (tx: AuditExecutor) => Promise<void>): Promise<void> {
    const key = builtPageKey(id);
    await this.db.transaction(async (tx) => {
      await tx.insert(contentPages).values({ key, publishedVersionId: null, publishedFields: null });
      await tx.insert(contentVersions).values({ pageKey: key, kind: 'draft', fields: document, authorId: author.id, authorEmail: author.email });
      await tx.insert(builtPages).values({ id, contentKey: key });
      await audit(tx);
    });
  }

  private live() {
    return this.db
      .select({ page: builtPages, publishedVersionId: contentPages.publishedVersionId, publishedAt: contentPages.publishedAt })
      .from(builtPages)
      .innerJoin(contentPages, eq(contentPages.key, builtPages.contentKey))
      .where(isNull(builtPages.deletedAt))
      .$dynamic();
  }

  async find(id: string): Promise<LivePageRow | undefined> {
    const [row] = await this.live().where(and(isNull(builtPages.deletedAt), eq(builtPages.id, id)));
    return row;
  }

  /** Every live page with its draft's title and slug and its open schedule, the last changed first. */
  async summaries(): Promise<PageSummaryRow[]> {
    const pages = await this.live();
    const drafts = await this.db
      .selectDistinctOn([contentVersions.pageKey], {
        key: contentVersions.pageKey,
        id: contentVersions.id,
        title: sql<string>`${contentVersions.fields}->>'title'`,
        slug: sql<string>`${contentVersions.fields}->>'slug'`,
        createdAt: contentVersions.createdAt,
      })
      .from(contentVersions)
      .where(like(contentVersions.pageKey, 'page:%'))
      .orderBy(contentVersions.pageKey, desc(contentVersions.createdAt), desc(contentVersions.id));
    const schedules = await this.db
      .select({ key: contentSchedules.pageKey, runAt: contentSchedules.runAt })
      .from(contentSchedules)
      .where(and(like(contentSchedules.pageKey, 'page:%'), OPEN_SCHEDULE));
    const rows = pages.flatMap((row) => {
      const draft = drafts.find((candidate) => candidate.key === row.page.contentKey);
      if (!draft) return [];
      const scheduledAt = schedules.find((candidate) => candidate.key === row.page.contentKey)?.runAt ?? null;
      return [{ ...row, draftId: draft.id, title: draft.title, slug: draft.slug, savedAt: draft.createdAt, scheduledAt }];
    });
    const changedAt = (row: PageSummaryRow) => Math.max(row.savedAt.getTime(), row.page.updatedAt.getTime());
    return rows.sort((a, b) => changedAt(b) - changedAt(a));
  }

  /**
   * Deletes the page: its document goes (versions and schedules with it), its row stays without it, so that its
   * published path answers 410. Answers the path, or undefined when the page was not live.
   */
  async delete(id: string, audit: (tx: AuditExecutor, path: string | null) => Promise<void>): Promise<{ path: string | null } | undefined> {
    const key = builtPageKey(id);
    return this.db.transaction(async (tx) => {
      // The document's row is the lock of its history (ContentRepository): a save or publish running now finishes first.
      await tx.select({ key: contentPages.key }).from(contentPages).where(eq(contentPages.key, key)).for('update');
      const [deleted] = await tx
        .update(builtPages)
        .set({ deletedAt: sql`now()`, contentKey: null, navPlacement: 'none' })
        .where(and(eq(builtPages.id, id), isNull(builtPages.deletedAt)))
        .returning({ path: builtPages.path });
      if (!deleted) return undefined;
      await tx.delete(contentPages).where(eq(contentPages.key, key));
      await audit(tx, deleted.path);
      return deleted;
    });
  }

  /** How many published live pages other than `id` the navigation shows at `placement`. */
  async navCount(placement: Exclude<NavPlacement, 'none'>, exceptId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(builtPages)
      .innerJoin(contentPages, eq(contentPages.key, builtPages.contentKey))
      .where(
        and(isNull(builtPages.deletedAt), eq(builtPages.navPlacement, placement), ne(builtPages.id, exceptId), isNotNull(contentPages.publishedVersionId)),
      );
    return required(row, 'the count of pages in the navigation').total;
  }

  async setNav(id: string, nav: PageNav, audit: (tx: AuditExecutor) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(builtPages)
        .set({ navPlacement: nav.placement, navLabel: nav.label, navOrder: nav.order })
        .where(and(eq(builtPages.id, id), isNull(builtPages.deletedAt)));
      await audit(tx);
    });
  }
}
