import { POSTS_PAGE_SIZE, readingMinutes, type PostCard, type PostPageData, type PostsPage } from '@brightwave/common';
import type { PublishedPost } from '../content/content.service';

// What /news, /news/<slug>, the feed and GET /api/posts show, from the published content alone (docs/features/news.md).

/** A post as the lists show it. */
export function postCard(post: PublishedPost): PostCard {
  const { title, slug, summary, cover, coverAlt, tags, authorName } = post.document;
  return {
    _id: post.id,
    title,
    slug,
    path: post.path,
    summary,
    cover,
    coverAlt,
    tags,
    authorName,
    publishedAt: post.publishedAt,
    readingMinutes: readingMinutes(post.document),
  };
}

/**
 * A page of the published posts (newest first), of one tag or all, with every tag in use (the most used first, then
 * by name). A page past the last holds no post.
 */
export function postsPage(posts: readonly PublishedPost[], tag: string | null, page: number): PostsPage {
  const uses = new Map<string, number>();
  for (const post of posts) for (const name of post.document.tags) uses.set(name, (uses.get(name) ?? 0) + 1);
  const tags = [...uses].sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b)).map(([name]) => name);
  const chosen = tag === null ? posts : posts.filter((post) => post.document.tags.includes(tag));
  const start = (page - 1) * POSTS_PAGE_SIZE;
  return {
    posts: chosen.slice(start, start + POSTS_PAGE_SIZE).map(postCard),
    tag,
    page,
    pages: Math.max(1, Math.ceil(chosen.length / POSTS_PAGE_SIZE)),
    total: chosen.length,
    tags,
  };
}

/** The published post at `slug`, as its page shows it; undefined when none is. */
export function postPageData(posts: readonly PublishedPost[], slug: string): PostPageData | undefined {
  const post = posts.find((candidate) => candidate.document.slug === slug);
  return post && { id: post.id, post: post.document, publishedAt: post.publishedAt, updatedAt: post.updatedAt };
}
