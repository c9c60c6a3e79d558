// A post as a card, in the news list (pages/news-view.tsx) and in a "Latest news" block (blocks/latest-news-block.tsx).
// Both are rendered by the server alone, so this never ships to the browser.
import type { PostCard as PostCardData } from '@brightwave/common';
import { ContentImage } from './content-image';

/** A post's date as readers read it (the server's render only: no time zone of the visitor to match). */
export const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The post's cover, its title as a link that covers the whole card, its summary, and its date (with its author and
 * reading time under `byline`). `headingLevel`: one below the list's own heading. `priority`: the first card of a page,
 * whose cover loads at once.
 */
export function PostCard({
  post,
  headingLevel,
  priority = false,
  byline = false,
}: {
  post: PostCardData;
  headingLevel: 2 | 3;
  priority?: boolean;
  byline?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const day = <time dateTime={post.publishedAt}>{dayOf(post.publishedAt)}</time>;
  return (
    <article className="relative flex flex-1 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm focus-within:ring-4 focus-within:ring-indigo-500 hover:shadow-xl dark:border-slate-700 dark:bg-slate-900">
      {post.cover && (
        <ContentImage
          src={post.cover}
          alt=""
          width={640}
          height={400}
          sizes="(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw"
          priority={priority}
          className="aspect-[8/5] w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-xl font-semibold">
          {/* The link covers the whole card. */}
          <a href={post.path} className="after:absolute after:inset-0 focus:outline-none">
            {post.title}
          </a>
        </Heading>
        <p className="flex-1 text-slate-700 dark:text-slate-300">{post.summary}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {byline ? (
            <>
              By {post.authorName} · {day} · {post.readingMinutes} min read
            </>
          ) : (
            day
          )}
        </p>
      </div>
    </article>
  );
}
