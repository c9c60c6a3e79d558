import type { PageBlockOf } from '@brightwave/common';
import { useId } from 'react';
import { BlockLink } from './block-link';

/** A band with a heading, a sentence and a button, as the about page ends. */
export function CallToActionBlock({ block }: { block: PageBlockOf<'callToAction'> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-gradient-to-r from-indigo-800 to-indigo-600 px-4 py-16 text-center text-white">
      <h2 id={headingId} className="text-3xl font-bold">
        {block.heading}
      </h2>
      {block.text && <p className="mx-auto mt-3 max-w-2xl whitespace-pre-line text-indigo-100">{block.text}</p>}
      <BlockLink href={block.buttonLink} className="mt-6 inline-block rounded-full bg-white px-8 py-3 font-semibold text-indigo-800 hover:bg-indigo-50">
        {block.buttonLabel}
      </BlockLink>
    </section>
  );
}
