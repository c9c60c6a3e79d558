import {
  BUILT_PAGE_SEO_FIELDS,
  CASE_STUDY_FIELDS,
  PAGE_BLOCKS,
  isContentRecord,
  parseMediaSrc,
  type BuiltPageDocument,
  type CaseStudyDocument,
  type ContentField,
  type ContentFields,
  type ContentPageSpec,
  type PageBlockType,
} from '@brightwave/common';
import type { MediaReference } from '../media/media.service';

/** The uploaded pictures a page's picture fields name (`/media/…` values), each with its field's path. */
export function mediaReferences(spec: ContentPageSpec, fields: ContentFields): MediaReference[] {
  const references: MediaReference[] = [];
  for (const section of spec.sections) recordReferences(section.fields, fields[section.key] ?? {}, section.key, references);
  return references;
}

/** The same for a built page's document: its share picture and its blocks' pictures (`blocks.2.image`). */
export function builtPageMediaReferences(document: BuiltPageDocument): MediaReference[] {
  const references: MediaReference[] = [];
  recordReferences(BUILT_PAGE_SEO_FIELDS, document.seo, 'seo', references);
  document.blocks.forEach((block, index) => {
    const fields: Record<string, ContentField> = PAGE_BLOCKS[block.type as PageBlockType].fields;
    recordReferences(fields, block, `blocks.${index}`, references);
  });
  return references;
}

/** The same for a case study's story: its gallery's pictures (`gallery.2.image`). */
export function caseStudyMediaReferences(document: CaseStudyDocument): MediaReference[] {
  const references: MediaReference[] = [];
  recordReferences(CASE_STUDY_FIELDS, document, '', references);
  // recordReferences names a top-level field with the prefix's dot.
  return references.map((reference) => ({ ...reference, path: reference.path.slice(1) }));
}

/** The pictures of one record's values (a section, a block), by `prefix.field` path, list entries included. */
function recordReferences(fields: Record<string, ContentField>, values: Record<string, unknown>, prefix: string, references: MediaReference[]): void {
  const visit = (field: ContentField, value: unknown, path: string): void => {
    if (field.kind === 'image' && typeof value === 'string' && parseMediaSrc(value)) references.push({ path, src: value });
    if (field.kind !== 'list' || !Array.isArray(value)) return;
    value.forEach((item: unknown, index) => {
      if (field.of) visit(field.of, item, `${path}.${index}`);
      else if (isContentRecord(item)) {
        for (const [name, itemField] of Object.entries(field.fields ?? {})) visit(itemField, item[name], `${path}.${index}.${name}`);
      }
    });
  };
  for (const [name, field] of Object.entries(fields)) visit(field, values[name], `${prefix}.${name}`);
}
