import { isContentRecord, parseMediaSrc, type ContentField, type ContentFields, type ContentPageSpec, type ContentValue } from '@brightwave/common';
import type { MediaReference } from '../media/media.service';

/** The uploaded pictures a page's picture fields name (`/media/…` values), each with its field's path. */
export function mediaReferences(spec: ContentPageSpec, fields: ContentFields): MediaReference[] {
  const references: MediaReference[] = [];
  const visit = (field: ContentField, value: ContentValue | undefined, path: string): void => {
    if (field.kind === 'image' && typeof value === 'string' && parseMediaSrc(value)) references.push({ path, src: value });
    if (field.kind !== 'list' || !Array.isArray(value)) return;
    value.forEach((item, index) => {
      if (field.of) visit(field.of, item, `${path}.${index}`);
      else if (isContentRecord(item)) {
        for (const [name, itemField] of Object.entries(field.fields ?? {})) visit(itemField, item[name], `${path}.${index}.${name}`);
      }
    });
  };
  for (const section of spec.sections) {
    for (const [name, field] of Object.entries(section.fields)) visit(field, fields[section.key]?.[name], `${section.key}.${name}`);
  }
  return references;
}
