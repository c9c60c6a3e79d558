// The values of a content page as the editor handles them: read and replaced by path ("offer.cards.2.title", the
// paths of validateContent's errors), new list entries, the changes between two versions, and readable names of paths.
// A rich-text document is one value: its inner nodes have no path of their own. The same paths address a page built
// from blocks ("blocks.2.heading"), whose editor (features/pages) uses these with its own field lookup.
import {
  isContentRecord,
  richPlainText,
  type ContentField,
  type ContentFields,
  type ContentPageSpec,
  type ContentValue,
  type ListField,
  type RichDocument,
} from '@brightwave/common';

/** A record of values: a content page's fields, a section's, a list entry's, a built page's document or block. */
export type ValueRecord = { [field: string]: ContentValue };

/** The field whose value is at a path of a form's values (undefined for a record, a section or no field). */
export type FieldLookup = (values: ValueRecord, path: string) => ContentField | undefined;

/** The value at a path, if there is one. */
export function valueAt(fields: ValueRecord, path: string): ContentValue | undefined {
  let value: ContentValue | undefined = fields;
  for (const segment of path.split('.')) {
    if (Array.isArray(value)) value = value[Number(segment)];
    else if (isContentRecord(value)) value = value[segment];
    else return undefined;
  }
  return value;
}

/** A copy of the fields with one value replaced; only the records and lists on the path are copied. */
export function withValueAt<Fields extends ValueRecord>(fields: Fields, path: string, value: ContentValue): Fields {
  const segments = path.split('.');
  const replace = (current: ContentValue | undefined, depth: number): ContentValue => {
    const segment = segments[depth];
    if (segment === undefined) return value;
    if (Array.isArray(current)) {
      const copy = [...current];
      copy[Number(segment)] = replace(current[Number(segment)], depth + 1);
      return copy;
    }
    const record = isContentRecord(current) ? current : {};
    return { ...record, [segment]: replace(record[segment], depth + 1) };
  };
  // The value replaced is the one the path's field holds: the record keeps its shape.
  return replace(fields, 0) as Fields;
}

/** A document with one empty paragraph: what the rich-text editor holds once everything is deleted. */
const emptyDocument = (): ContentValue => ({ type: 'doc', content: [{ type: 'paragraph' }] });

/** Whether a value is a rich-text document (the check of rich-text.ts says whether it is one the site accepts). */
export function isRichDocument(value: unknown): value is RichDocument {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc' && Array.isArray((value as { content?: unknown }).content);
}

/** An empty value of a field: what a new list entry starts with (the checks then say what it still needs). */
export function emptyValueOf(field: ContentField): ContentValue {
  if (field.kind === 'rich') return emptyDocument();
  if (field.kind !== 'list') return '';
  return Array.from({ length: field.min }, () => newEntryOf(field));
}

/** A new entry of a list: an empty value, or a record of empty values. */
export function newEntryOf(list: ListField): ContentValue {
  if (list.of) return emptyValueOf(list.of);
  return Object.fromEntries(Object.entries(list.fields ?? {}).map(([name, field]) => [name, emptyValueOf(field)]));
}

/** The list with the entry at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  copy.splice(to, 0, ...copy.splice(from, 1));
  return copy;
}

/** The spec's field at a path of values ("offer.cards.2.description"); undefined for a section, a record or no field. */
export function fieldAt(spec: ContentPageSpec, path: string): ContentField | undefined {
  const [sectionKey, ...segments] = path.split('.');
  const section = spec.sections.find((candidate) => candidate.key === sectionKey);
  return section && fieldIn(section.fields, segments);
}

/** The field at a path inside a record of fields (["cards", "2", "title"]); undefined for a record or no field. */
export function fieldIn(specs: Record<string, ContentField>, segments: readonly string[]): ContentField | undefined {
  let fields: Record<string, ContentField> | undefined = specs;
  let field: ContentField | undefined;
  for (const segment of segments) {
    if (field?.kind === 'list') {
      // The segment is an entry's place: a single value, or a record of the list's fields.
      fields = field.of ? undefined : field.fields;
      field = field.of;
      continue;
    }
    field = fields?.[segment];
    fields = undefined;
    if (!field) return undefined;
  }
  return field;
}

/**
 * Every text without the spaces around it (the server refuses them), numbers and structure as they are. A rich-text
 * document is kept whole: the spaces of its texts are the spaces between words ("Hello " before a bold word).
 */
export function trimmed(spec: ContentPageSpec, fields: ContentFields): ContentFields {
  return trimmedBy((_values, path) => fieldAt(spec, path), fields);
}

/** `trimmed` for any form's values, its fields found by `fieldOf`. */
export function trimmedBy<Fields extends ValueRecord>(fieldOf: FieldLookup, fields: Fields): Fields {
  const visit = (value: ContentValue, path: string): ContentValue => {
    if (fieldOf(fields, path)?.kind === 'rich') return value;
    if (typeof value === 'string') return value.trim();
    if (Array.isArray(value)) return value.map((entry, index) => visit(entry, `${path}.${index}`));
    if (isContentRecord(value)) return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, visit(entry, path ? `${path}.${name}` : name)]));
    return value;
  };
  return visit(fields, '') as Fields;
}

/** Whether two values hold the same content (the order of a record's keys aside: the database does not keep it). */
export function sameContent(a: ContentValue | undefined, b: ContentValue | undefined): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((entry, index) => sameContent(entry, b[index]));
  }
  if (isContentRecord(a) || isContentRecord(b)) {
    if (!isContentRecord(a) || !isContentRecord(b)) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameContent(a[key], b[key]));
  }
  return a === b;
}

/**
 * Every single value of the fields by its path ("offer.cards.2.features.0" → "Secure payments"); a rich-text document
 * as its text, blocks on lines of their own.
 */
export function flattenContent(fieldOf: FieldLookup, fields: ValueRecord): Map<string, string> {
  const flat = new Map<string, string>();
  const visit = (value: ContentValue, path: string) => {
    if (isRichDocument(value) && fieldOf(fields, path)?.kind === 'rich') flat.set(path, richPlainText(value));
    else if (Array.isArray(value)) value.forEach((entry, index) => visit(entry, `${path}.${index}`));
    else if (isContentRecord(value)) for (const [name, entry] of Object.entries(value)) visit(entry, path ? `${path}.${name}` : name);
    else flat.set(path, String(value));
  };
  visit(fields, '');
  return flat;
}

export interface ContentChange {
  path: string;
  /** Undefined when the value is not in that version (a list entry added or removed). */
  before: string | undefined;
  after: string | undefined;
  /** A rich-text document whose text is the same in both: only its formatting (bold, a link, a list) changed. */
  formattingOnly?: true;
}

/** The values that differ between two versions, in the order of the first (then what only the second has). */
export function contentChanges(spec: ContentPageSpec, before: ContentFields, after: ContentFields): ContentChange[] {
  return valueChanges((_values, path) => fieldAt(spec, path), before, after);
}

/** `contentChanges` for any form's values, its fields found by `fieldOf` in each version. */
export function valueChanges(fieldOf: FieldLookup, before: ValueRecord, after: ValueRecord): ContentChange[] {
  const old = flattenContent(fieldOf, before);
  const current = flattenContent(fieldOf, after);
  const paths = [...new Set([...old.keys(), ...current.keys()])];
  return paths.flatMap((path): ContentChange[] => {
    const change = { path, before: old.get(path), after: current.get(path) };
    if (change.before !== change.after) return [change];
    const formattingOnly = fieldOf(after, path)?.kind === 'rich' && !sameContent(valueAt(before, path), valueAt(after, path));
    return formattingOnly ? [{ ...change, formattingOnly: true }] : [];
  });
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What an entry of a list is called in the form: "Service card 3". */
export const entryName = (list: ListField, index: number) => `${capitalised(list.itemLabel)} ${index + 1}`;

/** A path's name for people: "Service cards › Service card 3 › Feature 2"; the path itself where the spec has none. */
export function pathLabel(spec: ContentPageSpec, path: string): string {
  const [sectionKey, ...segments] = path.split('.');
  const section = spec.sections.find((candidate) => candidate.key === sectionKey);
  const names = section && fieldNames(section.fields, segments);
  return names ? [section.title, ...names].join(' › ') : path;
}

/** The names of a path inside a record of fields (["Service card 3", "Feature 2"]); undefined where there is no such field. */
export function fieldNames(specs: Record<string, ContentField>, segments: readonly string[]): string[] | undefined {
  const names: string[] = [];
  let fields: Record<string, ContentField> | undefined = specs;
  let list: ListField | undefined;
  for (const [index, segment] of segments.entries()) {
    if (list) {
      names.push(entryName(list, Number(segment)));
      fields = list.fields;
      list = undefined;
      continue;
    }
    const field: ContentField | undefined = fields?.[segment];
    if (!field) return undefined;
    // A list is named by its entries ("Service card 3"), unless the path ends at the list itself.
    if (field.kind === 'list') list = field;
    if (field.kind !== 'list' || index === segments.length - 1) names.push(field.label);
  }
  return names;
}

/** The id of a field's control in the form (unique on the page: paths are). */
export const fieldDomId = (path: string) => `content-${path.replaceAll('.', '-')}`;

/** The paths the form shows an error beside: its fields, lists and list entries, as they are now. */
export function formPaths(spec: ContentPageSpec, fields: ContentFields): Set<string> {
  const paths = new Set<string>();
  for (const section of spec.sections) addFieldPaths(section.fields, fields[section.key], section.key, paths);
  return paths;
}

/** Adds the paths of a record's fields (under `prefix`, none at the top), its lists and their entries, to `paths`, in the form's order. */
export function addFieldPaths(specs: Record<string, ContentField>, values: ContentValue | undefined, prefix: string, paths: Set<string>): void {
  for (const [name, field] of Object.entries(specs)) {
    const path = prefix ? `${prefix}.${name}` : name;
    paths.add(path);
    if (field.kind !== 'list') continue;
    const entries = isContentRecord(values) ? values[name] : undefined;
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, index) => {
      paths.add(`${path}.${index}`);
      if (field.fields) addFieldPaths(field.fields, entry, `${path}.${index}`, paths);
    });
  }
}

/**
 * The lookups of a document whose fields one record of specs describes (a post's POST_FIELDS, a case study's
 * CASE_STUDY_FIELDS): a path's field, its name for people ("Results › Result 2") and the form's paths in order.
 */
export function fieldsDocument(specs: Record<string, ContentField>) {
  return {
    fieldAt: ((_values, path) => fieldIn(specs, path.split('.'))) satisfies FieldLookup,
    labelOf: (path: string) => (fieldNames(specs, path.split('.')) ?? [path]).join(' › '),
    formPaths: (values: ValueRecord) => {
      const paths = new Set<string>();
      addFieldPaths(specs, values, '', paths);
      return paths;
    },
  };
}
