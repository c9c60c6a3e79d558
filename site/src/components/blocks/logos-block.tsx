import type { PageBlockOf } from '@brightwave/common';
import { useId } from 'react';
import { SectionHeading } from '../ui/section';
import { BlockLink } from './block-link';
import { BlockPicture } from './block-picture';

/** Clients' or partners' logos in a row that wraps, each on a light ground in both themes (logos are drawn for one). */
export function LogosBlock({ block }: { block: PageBlockOf<'logos'> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={block.heading ? headingId : undefined} className="py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        {block.heading && <SectionHeading id={headingId} title={block.heading} />}
        <ul className="flex flex-wrap items-center justify-center gap-x-10 gap-y-8">
          {block.logos.map((logo, index) => {
            const picture = <BlockPicture src={logo.image} alt={logo.imageAlt} sizes="160px" className="h-12 w-auto object-contain" />;
            return (
              <li key={index} className="rounded-lg bg-white p-2">
                {logo.link ? (
                  <BlockLink href={logo.link} className="block">
                    {picture}
                  </BlockLink>
                ) : (
                  picture
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
