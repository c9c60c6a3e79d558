import { newsListPath, type PageBlockOf } from '@brightwave/common';
import { useId } from 'react';
import { usePageData } from '../../lib/page-data';
import { PostCard } from '../post-card';
import { SectionHeading } from '../ui/section';

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
                <PostCard post={post} headingLevel={3} />
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
