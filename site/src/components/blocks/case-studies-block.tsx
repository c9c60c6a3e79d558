import type { PageBlockOf } from '@brightwave/common';
import { useId } from 'react';
import { usePageData } from '../../lib/page-data';
import { CaseStudyCard } from '../../pages/case-study-view';
import { SectionHeading } from '../ui/section';

const linkClass = 'font-semibold text-indigo-700 underline underline-offset-4 dark:text-indigo-300';

/**
 * Case studies as cards, each linking to its page: the ones the block chose, else the newest published. The backend
 * picks them (the page data's, by the block's place on the page); a link to the whole portfolio follows.
 */
export function CaseStudiesBlock({ block, index }: { block: PageBlockOf<'caseStudies'>; index: number }) {
  const headingId = useId();
  const items = usePageData().caseStudyBlocks?.[index] ?? [];
  return (
    <section aria-labelledby={headingId} className="bg-slate-50 py-20 dark:bg-slate-950">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id={headingId} title={block.heading} intro={block.intro || undefined} />
        {items.length > 0 && (
          <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <CaseStudyCard key={item._id} item={item} />
            ))}
          </ul>
        )}
        <p className="mt-10 text-center text-lg">
          <a href="/portfolio" className={linkClass}>
            See all our work
          </a>
        </p>
      </div>
    </section>
  );
}
