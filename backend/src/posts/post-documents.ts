import { POST_FIELDS, postPath, type PostDocument } from '@brightwave/common';
import { and, desc, eq, isNotNull, like, ne } from 'drizzle-orm';
import type { Database } from '../database/database';
import { contentPages, contentVersions, posts } from '../database/schema';
import type { MediaReference } from '../media/media.service';
import { redirectsForPublishedPage, type PageRedirectChanges } from '../redirects/page-redirects';

// What the content module needs to know of a post (docs/decisions/077-news.md) without depending on the posts module,
// which depends on it: its pictures, where its address goes when it is published, whose address a slug is.

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The uploaded pictures a post names: its cover and its author's photo. */
export function postMediaReferences(document: PostDocument): MediaReference[] {
  return (['cover', 'authorPhoto'] as const satisfies readonly (keyof typeof POST_FIELDS)[]).flatMap((path) =>
    document[path].startsWith('/media/') ? [{ path, src: document[path] }] : [],
  );
}

/**
 * In the publish's transaction: the post's row takes the published copy's slug and tags, and its date on the first
 * publish; a changed slug leaves its 301 behind (redirectsForPublishedPage, one hop at most).
 */
export async function publishPostVersion(tx: Transaction, key: string, document: PostDocument, publisherEmail: string | null): Promise<PageRedirectChanges> {
  const [previous] = await tx.select({ slug: posts.slug, publishedAt: posts.publishedAt }).from(posts).where(eq(posts.contentKey, key));
  await tx
    .update(posts)
    .set({ slug: document.slug, tags: document.tags, publishedAt: previous?.publishedAt ?? new Date(), updatedAt: new Date() })
    .where(eq(posts.contentKey, key));
  return redirectsForPublishedPage(tx, previous?.slug ? postPath(previous.slug) : null, postPath(document.slug), publisherEmail);
}

/** The title of another post that answers (or will, once published) at `slug`, else undefined. */
export async function postSlugOwner(db: Pick<Database, 'select' | 'selectDistinctOn'>, key: string, slug: string): Promise<string | undefined> {
  const [published] = await db
    .select({ title: contentPages.publishedFields })
    .from(posts)
    .innerJoin(contentPages, eq(contentPages.key, posts.contentKey))
    .where(and(eq(posts.slug, slug), ne(posts.contentKey, key)));
  if (published) return (published.title as PostDocument | null)?.title ?? slug;
  const drafts = await db
    .selectDistinctOn([contentVersions.pageKey], { key: contentVersions.pageKey, fields: contentVersions.fields })
    .from(contentVersions)
    .where(like(contentVersions.pageKey, 'post:%'))
    .orderBy(contentVersions.pageKey, desc(contentVersions.createdAt), desc(contentVersions.id));
  return drafts.map((draft) => ({ key: draft.key, post: draft.fields as PostDocument })).find((draft) => draft.key !== key && draft.post.slug === slug)?.post
    .title;
}

/** Every published post's row: its date, whatever its copy says (the content's rows hold the copy). */
export function publishedPostRows(db: Pick<Database, 'select'>): Promise<{ id: string; contentKey: string; publishedAt: Date | null }[]> {
  return db.select({ id: posts.id, contentKey: posts.contentKey, publishedAt: posts.publishedAt }).from(posts).where(isNotNull(posts.slug));
}
