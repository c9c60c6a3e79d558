import { postPath, type PostDocument } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { AuditExecutor } from '../audit/audit.repository';
import type { ContentAuthor } from '../content/content.repository';
import { postKey } from '../content/document-keys';
import { recordGonePath } from '../content/gone-paths';
import { DATABASE, type Database } from '../database/database';
import { admins, contentPages, contentSchedules, contentVersions, posts, type PostRow } from '../database/schema';

/** A post as its row and its document's content row have it. */
export interface LivePostRow {
  post: PostRow;
  publishedVersionId: string | null;
}

/** One line of the News list: the post, its draft, when that was saved, its open schedule. */
export interface PostSummaryRow extends LivePostRow {
  draft: PostDocument;
  savedAt: Date;
  scheduledAt: Date | null;
}

const OPEN_SCHEDULE = inArray(contentSchedules.status, ['pending', 'claimed']);

/**
 * What only a post has (its row in posts); its document's drafts, versions and schedules are the content tables',
 * kept by ContentRepository (docs/decisions/077-news.md).
 */
@Injectable()
export class PostsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Creates the post: its document's row (never published), its first draft and its row, with the audit entry. */
  async create(id: string, document: PostDocument, author: ContentAuthor, audit: (tx: AuditExecutor) => Promise<void>): Promise<void> {
    const key = postKey(id);
    await this.db.transaction(async (tx) => {
      await tx.insert(contentPages).values({ key, publishedVersionId: null, publishedFields: null });
      await tx.insert(contentVersions).values({ pageKey: key, kind: 'draft', fields: document, authorId: author.id, authorEmail: author.email });
      await tx.insert(posts).values({ id, contentKey: key, authorId: author.id });
      await audit(tx);
    });
  }

  async find(id: string): Promise<LivePostRow | undefined> {
    const [row] = await this.db
      .select({ post: posts, publishedVersionId: contentPages.publishedVersionId })
      .from(posts)
      .innerJoin(contentPages, eq(contentPages.key, posts.contentKey))
      .where(eq(posts.id, id));
    return row;
  }

  /** The name of an admin (a new post's author, until the post names another). */
  async adminName(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ name: admins.name }).from(admins).where(eq(admins.id, id));
    return row?.name;
  }

  /** Every post with its draft and its open schedule, the last changed first. */
  async summaries(): Promise<PostSummaryRow[]> {
    const [rows, drafts, schedules] = await Promise.all([
      this.db
        .select({ post: posts, publishedVersionId: contentPages.publishedVersionId })
        .from(posts)
        .innerJoin(contentPages, eq(contentPages.key, posts.contentKey)),
      this.db
        .selectDistinctOn([contentVersions.pageKey], { key: contentVersions.pageKey, fields: contentVersions.fields, createdAt: contentVersions.createdAt })
        .from(contentVersions)
        .where(like(contentVersions.pageKey, 'post:%'))
        .orderBy(contentVersions.pageKey, desc(contentVersions.createdAt), desc(contentVersions.id)),
      this.db
        .select({ key: contentSchedules.pageKey, runAt: contentSchedules.runAt })
        .from(contentSchedules)
        .where(and(like(contentSchedules.pageKey, 'post:%'), OPEN_SCHEDULE)),
    ]);
    const summaries = rows.flatMap((row) => {
      const draft = drafts.find((candidate) => candidate.key === row.post.contentKey);
      if (!draft) return [];
      const scheduledAt = schedules.find((candidate) => candidate.key === row.post.contentKey)?.runAt ?? null;
      return [{ ...row, draft: draft.fields as PostDocument, savedAt: draft.createdAt, scheduledAt }];
    });
    return summaries.sort((a, b) => b.savedAt.getTime() - a.savedAt.getTime());
  }

  /** Deletes the post and its document (versions and schedules with it); false when there was none. */
  async delete(id: string, audit: (tx: AuditExecutor, slug: string | null) => Promise<void>): Promise<boolean> {
    const key = postKey(id);
    return this.db.transaction(async (tx) => {
      // The document's row is the lock of its history (ContentRepository): a save or publish running now finishes first.
      await tx.select({ key: contentPages.key }).from(contentPages).where(eq(contentPages.key, key)).for('update');
      const [deleted] = await tx.delete(posts).where(eq(posts.id, id)).returning({ slug: posts.slug });
      if (!deleted) return false;
      await tx.delete(contentPages).where(eq(contentPages.key, key));
      // A published post's address answers 410 from now on (a post never published had none).
      if (deleted.slug) await recordGonePath(tx, postPath(deleted.slug));
      await audit(tx, deleted.slug);
      return true;
    });
  }
}
