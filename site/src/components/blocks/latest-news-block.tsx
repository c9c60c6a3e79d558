import { newsListPath, type PageBlockOf } from '@brightwave/common';
import { useId } from 'react';
import { usePageData } from '../../lib/page-data';
import { ContentImage } from '../content-image';
import { SectionHeading } from '../ui/section';

/** A post's date as readers read it (the server's render only: no time zone of the visitor to match). */
const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const linkClass = 'font-semibold text-indigo-700 underline underline-offset-4 dark:text-indigo-300';

/**
 * The newest published posts (of the block's tag, when it names one), each a card linking to the post, with its date.
 * The backend picks them (the page data's, by the block's place on the page); a link to the news follows.
 */
export function LatestNewsBlock({ block, index }: { block: PageBlockOf<'latestNews'>; index: number }) {
  const headingId = useId();
  const posts = usePageData().newsBlocks?.[index] ?? [];
  const tag = block.tag || null;
  return (
    <section aria-labelledby={headingId} className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id={headingId} title={block.heading} />
        {posts.length > 0 ? (
          <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post._id} className="flex">
                <article className="relative flex flex-1 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm focus-within:ring-4 focus-within:ring-indigo-500 hover:shadow-xl dark:border-slate-700 dark:bg-slate-900">
                  {post.cover && (
                    <ContentImage
                      src={post.cover}
                      alt=""
                      width={640}
                      height={400}
                      sizes="(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw"
                      className="aspect-[8/5] w-full object-cover"
                    />
                  )}
                  <div className="flex flex-1 flex-col gap-3 p-5">
                    <h3 className="text-xl font-semibold">
                      {/* The link covers the whole card. */}
                      <a href={post.path} className="after:absolute after:inset-0 focus:outline-none">
                        {post.title}
                      </a>
                    </h3>
                    <p className="flex-1 text-slate-700 dark:text-slate-300">{post.summary}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      <time dateTime={post.publishedAt}>{dayOf(post.publishedAt)}</time>
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-center text-lg text-slate-700 dark:text-slate-300">{tag ? `No news about ${tag} yet.` : 'No news yet.'}</p>
        )}
        <p className="mt-10 text-center text-lg">
          <a href={newsListPath(tag, 1)} className={linkClass}>
            {tag ? `All news about ${tag}` : 'All news'}
          </a>
        </p>
      </div>
    </section>
  );
}
