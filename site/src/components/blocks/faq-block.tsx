import type { PageBlockOf } from '@brightwave/common';
import { useId } from 'react';
import { RichText } from '../rich-text';
import { SectionHeading } from '../ui/section';

/**
 * Questions that open to their answers with no script (<details>); every answer is in the HTML, and in the page's
 * FAQPage structured data (lib/built-page-head.ts).
 */
export function FaqBlock({ block }: { block: PageBlockOf<'faq'> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={block.heading ? headingId : undefined} className="py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        {block.heading && <SectionHeading id={headingId} title={block.heading} />}
        <div className="space-y-4">
          {block.items.map((item, index) => (
            <details key={index} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
              <summary className="cursor-pointer text-lg font-semibold">{item.question}</summary>
              <RichText doc={item.answer} className="mt-4 text-slate-700 dark:text-slate-300" />
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
