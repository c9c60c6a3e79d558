import type { PageBlockOf } from '@brightwave/common';
import { BlockLink } from './block-link';
import { BlockPicture } from './block-picture';

/** The page's banner, under the navbar when it is the first block (its heading then the page's h1), else a band. */
export function HeroBlock({ block, first }: { block: PageBlockOf<'hero'>; first: boolean }) {
  const Heading = first ? 'h1' : 'h2';
  return (
    <section className={`bg-gradient-to-br from-slate-900 via-indigo-950 to-indigo-800 pb-16 text-white ${first ? 'pt-36 lg:pt-44' : 'pt-16'}`}>
      <div className={`mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 ${block.image ? 'lg:grid-cols-2' : 'text-center'}`}>
        <div className={block.image ? undefined : 'mx-auto max-w-3xl'}>
          <Heading className="text-4xl font-bold tracking-tight sm:text-5xl">{block.heading}</Heading>
          {block.text && <p className="mt-4 text-lg whitespace-pre-line text-indigo-50">{block.text}</p>}
          {block.buttonLabel && block.buttonLink && (
            <p className="mt-8">
              <BlockLink
                href={block.buttonLink}
                className="inline-block rounded-full bg-white px-6 py-3 font-semibold text-indigo-800 shadow hover:bg-indigo-50"
              >
                {block.buttonLabel}
              </BlockLink>
            </p>
          )}
        </div>
        {block.image && (
          <BlockPicture
            src={block.image}
            alt={block.imageAlt}
            sizes="(min-width: 1280px) 592px, (min-width: 1024px) 46vw, 92vw"
            priority={first}
            className="h-auto w-full rounded-2xl shadow-2xl"
          />
        )}
      </div>
    </section>
  );
}
