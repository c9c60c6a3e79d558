import type { PageBlockOf } from '@brightwave/common';
import { useId } from 'react';
import { SectionHeading } from '../ui/section';
import { BlockLink } from './block-link';
import { BlockPicture } from './block-picture';

// Two or four cards fill their rows; any other number, rows of three.
const gridColumns = (count: number) => (count === 2 ? 'sm:grid-cols-2' : count === 4 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-2 lg:grid-cols-3');

/** 2 to 12 cards, each with its title, text, picture and link (on its title) where given. */
export function CardsBlock({ block, first }: { block: PageBlockOf<'cards'>; first: boolean }) {
  const headingId = useId();
  // Under the block's heading, or in its place (headings go down one level at a time).
  const CardHeading = block.heading ? 'h3' : 'h2';
  return (
    <section aria-labelledby={block.heading ? headingId : undefined} className="py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        {block.heading && <SectionHeading id={headingId} title={block.heading} />}
        <ul className={`grid gap-6 ${gridColumns(block.cards.length)}`}>
          {block.cards.map((card, index) => (
            <li key={index} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
              {card.image && (
                <BlockPicture
                  src={card.image}
                  alt={card.imageAlt}
                  sizes="(min-width: 1024px) 400px, (min-width: 640px) 46vw, 92vw"
                  priority={first && index === 0}
                  className="mb-4 aspect-[8/5] w-full rounded-xl object-cover"
                />
              )}
              <CardHeading className="text-xl font-semibold">
                {card.link ? (
                  <BlockLink href={card.link} className="text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
                    {card.title}
                  </BlockLink>
                ) : (
                  card.title
                )}
              </CardHeading>
              {card.text && <p className="mt-2 whitespace-pre-line text-slate-600 dark:text-slate-300">{card.text}</p>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
