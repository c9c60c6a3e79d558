import type { PageBlockOf } from '@brightwave/common';
import { RichText } from '../rich-text';

export function RichTextBlock({ block }: { block: PageBlockOf<'richText'> }) {
  return (
    <section className="py-16">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <RichText doc={block.body} className="text-lg text-slate-700 dark:text-slate-300" />
      </div>
    </section>
  );
}
