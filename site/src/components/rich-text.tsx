// Prose of the site's content (a rich-text document, packages/common/src/rich-text.ts) as React elements: only the
// elements the editor can make, every text escaped by React, and a link only when its address is a safe one. The
// server checked the document when it was saved; this is the second fence, not the first.
import { isSafeLink, type RichBlock, type RichDocument, type RichInline, type RichListItem } from '@brightwave/common';
import { Fragment, type ReactNode } from 'react';

const LINK_CLASSES = 'font-semibold text-indigo-700 underline underline-offset-4 dark:text-indigo-300';

function Inlines({ content }: { content: readonly RichInline[] | undefined }): ReactNode {
  return (content ?? []).map((node, index) => {
    if (node.type === 'hardBreak') return <br key={index} />;
    let element: ReactNode = node.text;
    for (const mark of node.marks ?? []) {
      if (mark.type === 'bold') element = <strong>{element}</strong>;
      else if (mark.type === 'italic') element = <em>{element}</em>;
      else if (mark.type === 'link' && mark.attrs?.href && isSafeLink(mark.attrs.href)) {
        element = (
          <a href={mark.attrs.href} className={LINK_CLASSES}>
            {element}
          </a>
        );
      }
    }
    return <Fragment key={index}>{element}</Fragment>;
  });
}

function Block({ block }: { block: RichBlock | RichListItem }): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return (
        <p>
          <Inlines content={block.content} />
        </p>
      );
    case 'heading':
      return block.attrs.level === 3 ? (
        <h3 className="text-lg font-semibold">
          <Inlines content={block.content} />
        </h3>
      ) : (
        <h2 className="text-xl font-bold">
          <Inlines content={block.content} />
        </h2>
      );
    case 'bulletList':
      return (
        <ul className="list-disc space-y-1 pl-5">
          <Blocks blocks={block.content} />
        </ul>
      );
    case 'orderedList':
      return (
        <ol className="list-decimal space-y-1 pl-5" start={block.attrs?.start !== 1 ? block.attrs?.start : undefined}>
          <Blocks blocks={block.content} />
        </ol>
      );
    case 'listItem':
      return (
        <li>
          <Blocks blocks={block.content} />
        </li>
      );
    default:
      return null;
  }
}

function Blocks({ blocks }: { blocks: readonly (RichBlock | RichListItem)[] }): ReactNode {
  return blocks.map((block, index) => <Block key={index} block={block} />);
}

/** A document's blocks, spaced like the site's prose; `className` adds the text colour and size of the place. */
export function RichText({ doc, className = '' }: { doc: RichDocument; className?: string }) {
  return (
    <div className={`space-y-3 ${className}`}>
      <Blocks blocks={doc.content} />
    </div>
  );
}
