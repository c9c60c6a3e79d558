import { emptyBlock, MAX_PAGE_BLOCKS, PAGE_BLOCK_TYPES, PAGE_BLOCKS, type PageBlock, type PageBlockType } from '@brightwave/common';
import { FiArrowDown, FiArrowUp, FiChevronDown, FiChevronRight, FiCopy, FiTrash2 } from 'react-icons/fi';
import { FieldError } from '../../components/ui/fields';
import { MenuButton } from '../../components/ui/menu-button';
import { cardClasses } from '../../components/ui/table';
import { Fields } from '../content/content-form';
import { fieldDomId, moved } from '../content/content-values';
import { EntryButton, useFocusAfterRender } from '../content/list-input';
import { blockName, blockTypeName } from './built-page-values';

/** A block's card in the editor: a key of its own (blocks have no identity but their place) and whether it is open. */
export interface BlockCard {
  key: number;
  open: boolean;
}

let lastCardKey = 0;
/** A card for a block: new ones (added, duplicated) open, those of a loaded page closed. */
export const newCard = (open: boolean): BlockCard => ({ key: ++lastCardKey, open });

const blockId = (index: number) => fieldDomId(`blocks.${index}`);
const ADD_BUTTON_ID = 'add-block';

interface BlocksEditorProps {
  blocks: PageBlock[];
  /** One per block, in the same order. */
  cards: BlockCard[];
  errors: Record<string, string>;
  /** The blocks and cards after a block was added, moved, duplicated or removed. */
  onChange: (blocks: PageBlock[], cards: BlockCard[]) => void;
  onToggle: (index: number) => void;
}

/**
 * The page's blocks, in order: each a card titled by its type and heading, which opens on its form (built from its
 * type's fields by the content form's controls), with Move up, Move down, Duplicate and Remove; "Add block" appends one.
 */
export function BlocksEditor({ blocks, cards, errors, onChange, onToggle }: BlocksEditorProps) {
  const focusLater = useFocusAfterRender();
  const full = blocks.length >= MAX_PAGE_BLOCKS;

  function onAdd(type: PageBlockType) {
    onChange([...blocks, emptyBlock(type)], [...cards, newCard(true)]);
    focusLater({ id: blockId(blocks.length), inside: true });
  }
  function onDuplicate(index: number, block: PageBlock) {
    onChange(blocks.toSpliced(index + 1, 0, structuredClone(block)), cards.toSpliced(index + 1, 0, newCard(true)));
    focusLater({ id: `${blockId(index + 1)}-toggle` });
  }
  function onRemove(index: number) {
    onChange(blocks.toSpliced(index, 1), cards.toSpliced(index, 1));
    const next = index < blocks.length - 1 ? index : index - 1;
    focusLater({ id: next >= 0 ? `${blockId(next)}-remove` : ADD_BUTTON_ID });
  }
  function onMove(index: number, to: number, direction: 'up' | 'down') {
    onChange(moved(blocks, index, to), moved(cards, index, to));
    focusLater({ id: `${blockId(to)}-${direction}` });
  }

  return (
    <section aria-labelledby="blocks-heading" className="space-y-4">
      <div>
        <h2 id="blocks-heading" className="text-lg font-semibold text-gray-900">
          Blocks
        </h2>
        <p className="mt-1 text-sm text-gray-700">The page shows its blocks in this order, below the site's header. At most {MAX_PAGE_BLOCKS} blocks.</p>
        <FieldError controlId="blocks" error={errors.blocks} />
      </div>
      {blocks.length === 0 ? (
        <p className="text-sm text-gray-700">No blocks yet: add the first one.</p>
      ) : (
        <ol className="space-y-3">
          {blocks.map((block, index) => (
            <BlockCardView
              key={cards[index]?.key ?? index}
              block={block}
              index={index}
              count={blocks.length}
              open={cards[index]?.open ?? false}
              full={full}
              errors={errors}
              onToggle={() => onToggle(index)}
              onMove={(to, direction) => onMove(index, to, direction)}
              onDuplicate={() => onDuplicate(index, block)}
              onRemove={() => onRemove(index)}
            />
          ))}
        </ol>
      )}
      <MenuButton
        id={ADD_BUTTON_ID}
        items={PAGE_BLOCK_TYPES.map((type) => ({ key: type, label: blockTypeName(type), onSelect: () => onAdd(type) }))}
        unavailable={full ? `A page holds at most ${MAX_PAGE_BLOCKS} blocks.` : undefined}
      >
        Add block
      </MenuButton>
    </section>
  );
}

interface BlockCardViewProps {
  block: PageBlock;
  index: number;
  count: number;
  open: boolean;
  /** The page holds as many blocks as it may: none can be duplicated. */
  full: boolean;
  errors: Record<string, string>;
  onToggle: () => void;
  onMove: (to: number, direction: 'up' | 'down') => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

function BlockCardView({ block, index, count, open, full, errors, onToggle, onMove, onDuplicate, onRemove }: BlockCardViewProps) {
  const id = blockId(index);
  const path = `blocks.${index}`;
  const name = blockName(index, block.type);
  const heading = 'heading' in block ? block.heading.trim() : '';
  const ownError = errors[path] ?? errors[`${path}.type`];
  return (
    <li id={id} tabIndex={-1} className={`${cardClasses} focus:outline-2 focus:outline-blue-600`}>
      <div className="flex flex-wrap items-center gap-2 px-4 py-2">
        <h3 className="min-w-0 flex-1">
          <button
            id={`${id}-toggle`}
            type="button"
            aria-expanded={open}
            aria-controls={open ? `${id}-fields` : undefined}
            className="flex w-full items-center gap-2 rounded-md px-1 py-1 text-left text-base font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-600"
            onClick={onToggle}
          >
            {open ? <FiChevronDown aria-hidden="true" className="shrink-0" /> : <FiChevronRight aria-hidden="true" className="shrink-0" />}
            <span>
              Block {index + 1}: {PAGE_BLOCKS[block.type].title}
              {heading && <span className="font-normal text-gray-700"> · {heading}</span>}
            </span>
          </button>
        </h3>
        <div className="flex shrink-0 gap-1">
          <EntryButton id={`${id}-up`} label={`Move ${name} up`} icon={FiArrowUp} unavailable={index === 0} onClick={() => onMove(index - 1, 'up')} />
          <EntryButton
            id={`${id}-down`}
            label={`Move ${name} down`}
            icon={FiArrowDown}
            unavailable={index === count - 1}
            onClick={() => onMove(index + 1, 'down')}
          />
          <EntryButton id={`${id}-duplicate`} label={`Duplicate ${name}`} icon={FiCopy} unavailable={full} onClick={onDuplicate} />
          <EntryButton id={`${id}-remove`} label={`Remove ${name}`} icon={FiTrash2} unavailable={false} onClick={onRemove} />
        </div>
      </div>
      {ownError && (
        <div className="px-4 pb-2">
          <FieldError controlId={id} error={ownError} />
        </div>
      )}
      {open && (
        <div id={`${id}-fields`} role="group" aria-labelledby={`${id}-toggle`} className="space-y-4 border-t border-gray-200 p-4">
          <Fields specs={PAGE_BLOCKS[block.type].fields} prefix={path} owner={name} />
        </div>
      )}
    </li>
  );
}
