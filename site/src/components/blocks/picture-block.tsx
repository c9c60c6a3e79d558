import type { PageBlockOf } from '@brightwave/common';
import { BlockPicture } from './block-picture';

/** A picture with its caption; the first block's is the first view's, loaded at once. */
export function PictureBlock({ block, first }: { block: PageBlockOf<'picture'>; first: boolean }) {
  return (
    <figure className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <BlockPicture
        src={block.image}
        alt={block.imageAlt}
        sizes="(min-width: 928px) 864px, 92vw"
        priority={first}
        className="h-auto w-full rounded-2xl shadow-lg"
      />
      {block.caption && <figcaption className="mt-3 text-center text-sm text-slate-600 dark:text-slate-300">{block.caption}</figcaption>}
    </figure>
  );
}
