import type { PageBlockOf } from '@brightwave/common';
import { useId } from 'react';

/** Figures in a band, as on the about page: the value large, its label under it. */
export function StatsBlock({ block }: { block: PageBlockOf<'stats'> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={block.heading ? headingId : undefined} className="bg-indigo-700 py-12 text-white">
      {block.heading && (
        <h2 id={headingId} className="mb-8 px-4 text-center text-3xl font-bold">
          {block.heading}
        </h2>
      )}
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 text-center md:grid-cols-4">
        {block.items.map((item, index) => (
          <div key={index} className="flex flex-col-reverse">
            <dt className="mt-1 text-indigo-100">{item.label}</dt>
            <dd className="text-4xl font-bold">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
