import type { PageBlockOf } from '@brightwave/common';
import { BlockPicture } from './block-picture';

/** A client's words, their name and role, and their photo where given. */
export function TestimonialBlock({ block }: { block: PageBlockOf<'testimonial'> }) {
  return (
    <section aria-label={`What ${block.name} says`} className="bg-slate-50 py-20 dark:bg-slate-900">
      <figure className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <blockquote className="text-xl whitespace-pre-line text-slate-800 sm:text-2xl dark:text-slate-100">
          <p>“{block.quote}”</p>
        </blockquote>
        <figcaption className="mt-6 flex items-center justify-center gap-4">
          {block.image && <BlockPicture src={block.image} alt={block.imageAlt} sizes="64px" className="h-16 w-16 rounded-full object-cover" />}
          <span className="text-left">
            <span className="block font-semibold">{block.name}</span>
            {block.role && <span className="text-sm text-slate-600 dark:text-slate-300">{block.role}</span>}
          </span>
        </figcaption>
      </figure>
    </section>
  );
}
