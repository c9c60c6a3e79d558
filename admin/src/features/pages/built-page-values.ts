// A built page's document as its editor handles it, by the paths of validateBuiltPage's errors ("title",
// "seo.description", "blocks.2.heading", "blocks.1.cards.0.title"): the field at a path (a block's fields are its
// type's), the paths the form shows, readable names of paths, and the slug a new page's title suggests.
import {
  BUILT_PAGE_FIELDS,
  BUILT_PAGE_SEO_FIELDS,
  isContentRecord,
  PAGE_BLOCKS,
  type ContentField,
  type ContentValue,
  type PageBlockType,
} from '@brightwave/common';
import { addFieldPaths, fieldIn, fieldNames, valueAt, type ValueRecord } from '../content/content-values';

const isBlockType = (type: unknown): type is PageBlockType => typeof type === 'string' && Object.hasOwn(PAGE_BLOCKS, type);

/** The fields of a block (those of its type); undefined for what is not a block of a known type. */
function blockFields(block: ContentValue | undefined): Record<string, ContentField> | undefined {
  return isContentRecord(block) && isBlockType(block.type) ? PAGE_BLOCKS[block.type].fields : undefined;
}

/** A block's type's name in the editor ("Call to action"). */
export const blockTypeName = (type: PageBlockType) => PAGE_BLOCKS[type].title;

/** A block as the editor's buttons name it: "block 3 (Hero)". */
export const blockName = (index: number, type: PageBlockType) => `block ${index + 1} (${blockTypeName(type)})`;

/** The field at a path of a page's document (a block's fields are those of its type in that document). */
export function builtPageFieldAt(document: ValueRecord, path: string): ContentField | undefined {
  const [first = '', ...rest] = path.split('.');
  if (first === 'seo') return fieldIn(BUILT_PAGE_SEO_FIELDS, rest);
  if (first === 'blocks') {
    const [index, ...inside] = rest;
    const fields = blockFields(valueAt(document, `blocks.${index}`));
    return fields && fieldIn(fields, inside);
  }
  return fieldIn(BUILT_PAGE_FIELDS, [first, ...rest]);
}

/** The paths the editor shows an error beside, in the form's order: the page's fields, then each block's. */
export function builtPageFormPaths(document: ValueRecord): Set<string> {
  const paths = new Set<string>();
  addFieldPaths(BUILT_PAGE_FIELDS, document, '', paths);
  addFieldPaths(BUILT_PAGE_SEO_FIELDS, document.seo, 'seo', paths);
  const blocks = document.blocks;
  if (Array.isArray(blocks)) {
    blocks.forEach((block, index) => {
      paths.add(`blocks.${index}`);
      const fields = blockFields(block);
      if (fields) addFieldPaths(fields, block, `blocks.${index}`, paths);
    });
  }
  return paths;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A path's name for people: "Block 3 (Hero) › Heading", "Search and sharing › Description"; the path itself where it names no field. */
export function builtPagePathLabel(document: ValueRecord, path: string): string {
  const [first = '', ...rest] = path.split('.');
  if (first === 'seo') return ['Search and sharing', ...(fieldNames(BUILT_PAGE_SEO_FIELDS, rest) ?? rest)].join(' › ');
  if (first === 'blocks') {
    const [index, ...inside] = rest;
    if (index === undefined) return 'Blocks';
    const block = valueAt(document, `blocks.${index}`);
    const fields = blockFields(block);
    if (!fields || !isContentRecord(block) || !isBlockType(block.type)) return `Block ${Number(index) + 1}${inside.length ? ` › ${inside.join('.')}` : ''}`;
    // Its type is no field of the form: a change of type reads as the block's own.
    const names = inside[0] === 'type' ? ['Type'] : (fieldNames(fields, inside) ?? inside);
    return [capitalised(blockName(Number(index), block.type)), ...names].join(' › ');
  }
  return fieldNames(BUILT_PAGE_FIELDS, [first, ...rest])?.join(' › ') ?? path;
}
