import { isContentKey, required, type ContentKey } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { AuditExecutor } from '../audit/audit.repository';
import { caseStudyIdOf, isCaseStudyKey, isPostKey } from '../content/document-keys';
import { DATABASE, type Database } from '../database/database';
import { contentPages, contentSchedules, contentVersions, media, portfolioItems, type MediaRow } from '../database/schema';

export type NewMedia = Omit<MediaRow, 'createdAt'>;

type UseAs = 'published' | 'draft' | 'scheduled';

/**
 * Where a picture is used: a site page's, a built page's (by its title) or a case study's (by its portfolio item's
 * title) published copy, draft or scheduled version, or a portfolio item.
 */
export type MediaUse =
  | { kind: 'content'; key: ContentKey; as: UseAs }
  | { kind: 'page'; title: string; as: UseAs }
  | { kind: 'post'; title: string; as: UseAs }
  | { kind: 'case'; title: string; as: UseAs }
  | { kind: 'portfolio'; title: string };

/**
 * A content row's use: a site page's key, a built page (`page:<id>`) or a post (`post:<id>`) named by its document's
 * title, or a case study (`case:<item id>`, whose document has no title) named by its item's (`itemTitles`).
 */
function useOf(key: string, title: string | null, as: UseAs, itemTitles: Map<string, string>): MediaUse {
  if (isContentKey(key)) return { kind: 'content', key, as };
  if (isCaseStudyKey(key)) return { kind: 'case', title: itemTitles.get(caseStudyIdOf(key)) ?? '', as };
  return { kind: isPostKey(key) ? 'post' : 'page', title: title ?? '', as };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

@Injectable()
export class MediaRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Records an upload; its audit entry is written in the same transaction. */
  async insert(row: NewMedia, audit: (tx: AuditExecutor) => Promise<void>): Promise<MediaRow> {
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(media).values(row).returning();
      await audit(tx);
      return required(inserted, 'the inserted picture');
    });
  }

  /** Newest first. */
  async list(page: { limit: number; offset: number }): Promise<{ rows: MediaRow[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      this.db.select().from(media).orderBy(desc(media.createdAt), desc(media.id)).limit(page.limit).offset(page.offset),
      this.db.select({ total: count() }).from(media),
    ]);
    return { rows, total: required(counted, 'the count of pictures').total };
  }

  async findById(id: string): Promise<MediaRow | undefined> {
    const [row] = await this.db.select().from(media).where(eq(media.id, id));
    return row;
  }

  /**
   * Deletes the picture's row with its audit entry, unless something still uses it: then nothing is deleted and the
   * uses are answered. The content pages' rows are locked first, as a save or publish of a page does, so that no
   * page takes the picture up while its uses are read.
   */
  async deleteUnused(id: string, audit: (tx: AuditExecutor) => Promise<void>): Promise<{ deleted: boolean; uses: MediaUse[] }> {
    return this.db.transaction(async (tx) => {
      await tx.select({ key: contentPages.key }).from(contentPages).orderBy(contentPages.key).for('update');
      const uses = await this.uses(tx, id);
      if (uses.length > 0) return { deleted: false, uses };
      const deleted = await tx.delete(media).where(eq(media.id, id)).returning({ id: media.id });
      if (deleted.length > 0) await audit(tx);
      return { deleted: deleted.length > 0, uses };
    });
  }

  /**
   * Every place whose stored text names the picture's id (a picture field, a link in prose, a portfolio item's image
   * link, in either address form): the published pages, their drafts (each page's newest version) and the versions
   * an open schedule will publish. Older versions are history: restoring one that names a deleted picture is refused.
   */
  private async uses(tx: Transaction, id: string): Promise<MediaUse[]> {
    const named = `%${id}%`;
    const pages = await tx
      .select({
        key: contentPages.key,
        versionId: contentPages.publishedVersionId,
        title: sql<string | null>`${contentPages.publishedFields}->>'title'`,
        named: sql<boolean>`${contentPages.publishedFields}::text like ${named}`,
      })
      .from(contentPages);
    const published = pages.filter((page) => page.named);
    // A draft that is the published version is not named twice.
    const drafts = await tx
      .selectDistinctOn([contentVersions.pageKey], {
        key: contentVersions.pageKey,
        id: contentVersions.id,
        title: sql<string | null>`${contentVersions.fields}->>'title'`,
        fields: sql<string>`${contentVersions.fields}::text`,
      })
      .from(contentVersions)
      .orderBy(contentVersions.pageKey, desc(contentVersions.createdAt), desc(contentVersions.id));
    const unpublishedDrafts = drafts.filter(({ key, id: versionId }) => !pages.some((page) => page.key === key && page.versionId === versionId));
    const scheduled = await tx
      .select({ key: contentSchedules.pageKey, title: sql<string | null>`${contentVersions.fields}->>'title'` })
      .from(contentSchedules)
      .innerJoin(contentVersions, eq(contentVersions.id, contentSchedules.versionId))
      .where(and(inArray(contentSchedules.status, ['pending', 'claimed']), like(sql`${contentVersions.fields}::text`, named)));
    const portfolio = await tx.select({ title: portfolioItems.projectTitle }).from(portfolioItems).where(like(portfolioItems.imgLink, named));
    const usingDrafts = unpublishedDrafts.filter(({ fields }) => fields.includes(id));
    const itemIds = [...published, ...usingDrafts, ...scheduled].flatMap(({ key }) => (isCaseStudyKey(key) ? [caseStudyIdOf(key)] : []));
    const items = itemIds.length
      ? await tx.select({ id: portfolioItems.id, title: portfolioItems.projectTitle }).from(portfolioItems).where(inArray(portfolioItems.id, itemIds))
      : [];
    const itemTitles = new Map(items.map((item) => [item.id, item.title]));
    return [
      ...published.map(({ key, title }) => useOf(key, title, 'published', itemTitles)),
      ...usingDrafts.map(({ key, title }) => useOf(key, title, 'draft', itemTitles)),
      ...scheduled.map(({ key, title }) => useOf(key, title, 'scheduled', itemTitles)),
      ...portfolio.map(({ title }) => ({ kind: 'portfolio' as const, title })),
    ];
  }

  async sizes(ids: string[]): Promise<Pick<MediaRow, 'id' | 'width' | 'height'>[]> {
    if (ids.length === 0) return [];
    return this.db.select({ id: media.id, width: media.width, height: media.height }).from(media).where(inArray(media.id, ids));
  }
}
