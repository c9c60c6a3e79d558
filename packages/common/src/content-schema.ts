// The shape of the site's editable content (docs/features/site-content.md): each page is a list of sections, each
// section a set of fields. One description serves the backend (it refuses a draft that does not fit, field by
// field), the admin (it builds each section's form from it) and the tests (the seed must fit it).

import { parseMediaSrc } from './media';
import { canonicalRichDoc, richDoc, richParagraph, richTextProblem, type RichDocument } from './rich-text';

/** One line of text, or several lines when `multiline`. */
interface TextField {
  kind: 'text';
  label: string;
  max: number;
  /** Empty allowed (the site then leaves the element out). */
  optional?: boolean;
  multiline?: boolean;
  /** Letters a value must consist of, with the message shown when it does not. */
  pattern?: { regex: RegExp; message: string };
}
/** An http(s) address (social profiles). */
interface UrlField {
  kind: 'url';
  label: string;
}
/** Where a button or card leads: a path of this site (`/contact`, `/services#cloud`) or an http(s) address. */
interface LinkField {
  kind: 'link';
  label: string;
  /** Empty allowed (no button or link then). */
  optional?: boolean;
}
interface EmailField {
  kind: 'email';
  label: string;
}
interface PhoneField {
  kind: 'phone';
  label: string;
}
interface NumberField {
  kind: 'number';
  label: string;
  min: number;
  max: number;
  /** What a new entry or block starts with (else `min`). */
  initial?: number;
}
/**
 * A picture: one of the site's own (a path under /images/) or an uploaded one (its src, `/media/<id>-<width>x<height>`;
 * the backend also checks that it exists). Its description for screen readers is a text field beside it.
 */
interface ImageField {
  kind: 'image';
  label: string;
  /** None allowed (the page then shows no picture there). */
  optional?: boolean;
}
/** Prose: a document of the admin's rich-text editor (rich-text.ts says what it may hold); `max` bounds its text. */
interface RichTextField {
  kind: 'rich';
  label: string;
  max: number;
}
interface ListBase {
  kind: 'list';
  label: string;
  /** What one entry is called in the form ("Add service card"). */
  itemLabel: string;
  min: number;
  max: number;
}
/** An ordered list of single values. */
interface ValueListField extends ListBase {
  of: ScalarField;
  fields?: never;
  unique?: never;
}
/** An ordered list of small records. */
interface RecordListField extends ListBase {
  of?: never;
  fields: Record<string, ScalarField | ListField>;
  /** A field of each record whose values must differ between records (anchors). */
  unique?: string;
}
/** An ordered list, of single values (`of`) or of small records (`fields`), never both. */
export type ListField = ValueListField | RecordListField;
export type ScalarField = TextField | UrlField | LinkField | EmailField | PhoneField | NumberField | ImageField | RichTextField;
export type ContentField = ScalarField | ListField;

export interface ContentSection {
  key: string;
  title: string;
  fields: Record<string, ContentField>;
}

export interface ContentPageSpec {
  key: string;
  /** The name of the page in the admin. */
  title: string;
  /** The site's paths that show this page's content (the `site` page shows on all of them). */
  paths: readonly string[];
  sections: readonly ContentSection[];
}

/**
 * A page's fields: section key → field key → value (strings, numbers, prose documents, lists of values or of records).
 * What the API carries and the database stores; the spec of the page says which value each field holds.
 */
export type ContentValue = string | number | RichDocument | ContentValue[] | { [field: string]: ContentValue };
export type ContentFields = Record<string, Record<string, ContentValue>>;

// The value each field of a spec holds, derived from the spec itself (as Payload derives a collection's type from its
// config): a page's texts written against these types miss no field of its spec and hold none it lacks.
/** The value of one field: a number, a prose document, a list of values or of records, else a string. */
export type FieldValue<Field> = Field extends { kind: 'number' }
  ? number
  : Field extends { kind: 'rich' }
    ? RichDocument
    : Field extends { kind: 'list'; of: infer Of }
      ? FieldValue<Of>[]
      : Field extends { kind: 'list'; fields: infer Fields }
        ? RecordValues<Fields>[]
        : string;
/** `true` when A and B are the same type (each assignable to the other), else `false`: typed `true`, a check that compiles only then. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The values of a section's (or a list entry's) fields, by field key. */
export type RecordValues<Fields> = { -readonly [Name in keyof Fields]: FieldValue<Fields[Name]> };
/** The values of a page's fields: section key → its fields' values. */
export type PageValues<Spec extends ContentPageSpec> = { [Section in Spec['sections'][number] as Section['key']]: RecordValues<Section['fields']> };

export const CONTENT_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  url: (label: string) => `${label} must be a web address starting with https:// or http://`,
  link: (label: string) => `${label} must be a path of this site starting with / (such as /contact) or a web address starting with https://`,
  email: (label: string) => `${label} must be a valid e-mail address`,
  phone: (label: string) => `${label} must be a phone number (digits, spaces, + ( ) and -)`,
  number: (label: string, min: number, max: number) => `${label} must be a number from ${min} to ${max}`,
  image: (label: string) => `${label} must be a picture of the site (a path under /images/) or an uploaded picture (/media/…)`,
  listSize: (label: string, min: number, max: number) =>
    min === max ? `${label} must have exactly ${min} entries` : `${label} must have from ${min} to ${max} entries`,
  duplicate: (label: string) => `${label} must differ from the other entries'`,
  unknownSection: 'This page has no such section',
  notAList: (label: string) => `${label} must be a list`,
  notText: (label: string) => `${label} must be text`,
} as const;

// A dot with a character either side somewhere in the domain, checked once from after the `@` (two overlapping runs
// around the dot backtracked quadratically on a domain of dots).
const EMAIL = /^[^\s@<>"]+@(?=[^\s@<>"]+\.[^\s@<>"])[^\s@<>"]+$/;
const PHONE = /^\+?[\d\s().-]{6,30}$/;
const IMAGE_PATH = /^\/images\/[a-z0-9/_-]+\.(?:svg|png|jpe?g|webp|avif)$/;
// Letters a person can read: no control characters or the invisible direction overrides.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** Checks one page's fields against its spec: the field errors by path ("cards.2.title"), empty when it fits. */
export function validateContent(spec: ContentPageSpec, fields: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isContentRecord(fields)) return { fields: 'The page content must be an object of sections' };
  for (const name of Object.keys(fields)) {
    if (!spec.sections.some((section) => section.key === name)) errors[name] = CONTENT_MESSAGES.unknownSection;
  }
  for (const section of spec.sections) {
    const values = fields[section.key];
    if (!isContentRecord(values)) {
      errors[section.key] = `${section.title} is missing`;
      continue;
    }
    checkRecord(section.fields, values, section.key, errors);
  }
  return errors;
}

/**
 * Checks a record's values (a section's, a list entry's, a block's) against its fields' specs, adding the errors by
 * path (`prefix.field`) to `errors`.
 */
export function checkRecord(specs: Record<string, ContentField>, values: Record<string, unknown>, prefix: string, errors: Record<string, string>): void {
  for (const name of Object.keys(values)) {
    if (!(name in specs)) errors[`${prefix}.${name}`] = 'This field does not exist';
  }
  for (const [name, field] of Object.entries(specs)) {
    const path = `${prefix}.${name}`;
    if (field.kind === 'list') checkList(field, values[name], path, errors);
    else checkScalar(field, values[name], path, errors);
  }
}

function checkList(field: ListField, value: unknown, path: string, errors: Record<string, string>): void {
  if (!Array.isArray(value)) {
    errors[path] = CONTENT_MESSAGES.notAList(field.label);
    return;
  }
  if (value.length < field.min || value.length > field.max) errors[path] = CONTENT_MESSAGES.listSize(field.label, field.min, field.max);
  const seen = new Set<unknown>();
  value.slice(0, field.max).forEach((item, index) => {
    const itemPath = `${path}.${index}`;
    if (field.of) return checkScalar(field.of, item, itemPath, errors);
    if (!isContentRecord(item)) {
      errors[itemPath] = `${field.itemLabel} must be a record`;
      return;
    }
    checkRecord(field.fields ?? {}, item, itemPath, errors);
    if (field.unique) {
      const key = item[field.unique];
      if (seen.has(key)) errors[`${itemPath}.${field.unique}`] = CONTENT_MESSAGES.duplicate(fieldLabel(field, field.unique));
      seen.add(key);
    }
  });
}

function fieldLabel(field: ListField, name: string): string {
  return field.fields?.[name]?.label ?? name;
}

function checkScalar(field: ScalarField, value: unknown, path: string, errors: Record<string, string>): void {
  if (field.kind === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < field.min || value > field.max) {
      errors[path] = CONTENT_MESSAGES.number(field.label, field.min, field.max);
    }
    return;
  }
  if (field.kind === 'rich') {
    const problem = richTextProblem(value, field.max);
    if (problem) errors[path] = `${field.label} ${problem}`;
    return;
  }
  if (typeof value !== 'string') {
    errors[path] = CONTENT_MESSAGES.notText(field.label);
    return;
  }
  const text = value.trim();
  if (text !== value || CONTROL.test(value)) {
    errors[path] = `${field.label} must not start or end with spaces or hold control characters`;
    return;
  }
  if (text === '') {
    if (!((field.kind === 'text' || field.kind === 'image' || field.kind === 'link') && field.optional)) errors[path] = CONTENT_MESSAGES.required(field.label);
    return;
  }
  if (field.kind === 'text') {
    if (text.length > field.max) errors[path] = CONTENT_MESSAGES.tooLong(field.label, field.max);
    else if (!field.multiline && /[\r\n]/.test(text)) errors[path] = `${field.label} must be one line`;
    else if (field.pattern && !field.pattern.regex.test(text)) errors[path] = field.pattern.message;
  } else if (field.kind === 'url') {
    if (!isWebAddress(text)) errors[path] = CONTENT_MESSAGES.url(field.label);
  } else if (field.kind === 'link') {
    if (!isSitePath(text) && !isWebAddress(text)) errors[path] = CONTENT_MESSAGES.link(field.label);
  } else if (field.kind === 'email') {
    if (text.length > 254 || !EMAIL.test(text)) errors[path] = CONTENT_MESSAGES.email(field.label);
  } else if (field.kind === 'phone') {
    if (!PHONE.test(text) || !/\d{3}/.test(text.replace(/\D/g, ''))) errors[path] = CONTENT_MESSAGES.phone(field.label);
  } else if ((!IMAGE_PATH.test(text) || text.includes('..')) && !parseMediaSrc(text)) {
    errors[path] = CONTENT_MESSAGES.image(field.label);
  }
}

/**
 * Stored fields as the spec has them now: in the spec's order (stored JSON, jsonb, keeps no key order, and a page
 * rendered from it must be byte for byte the page the build prerendered from the same texts), without keys the spec
 * does not know, and upgraded from what an earlier release stored: a field added since takes its value from
 * `defaults` (the page's installed texts), or is empty inside a list's entries (the editor then asks for it); text
 * stored where prose is now becomes a document of its paragraphs.
 */
export function inSpecOrder(spec: ContentPageSpec, fields: ContentFields, defaults?: ContentFields): ContentFields {
  const ordered: ContentFields = {};
  for (const section of spec.sections) {
    const values = fields[section.key] ?? defaults?.[section.key];
    const sectionDefaults = defaults?.[section.key];
    if (isContentRecord(values)) ordered[section.key] = recordInOrder(section.fields, values, isContentRecord(sectionDefaults) ? sectionDefaults : undefined);
  }
  return ordered;
}

function recordInOrder(
  specs: Record<string, ContentField>,
  values: Record<string, ContentValue>,
  defaults: Record<string, ContentValue> | undefined,
): Record<string, ContentValue> {
  const ordered: Record<string, ContentValue> = {};
  for (const [name, field] of Object.entries(specs)) {
    const value = values[name] ?? defaults?.[name] ?? emptyValue(field);
    if (value === undefined) continue;
    if (field.kind === 'rich') ordered[name] = typeof value === 'string' ? proseOf(value) : canonicalRichDoc(value);
    else if (field.kind === 'list' && field.fields && Array.isArray(value)) {
      const itemFields = field.fields;
      ordered[name] = value.map((item) => (isContentRecord(item) ? recordInOrder(itemFields, item, undefined) : item));
    } else ordered[name] = value;
  }
  return ordered;
}

/** What a field added since a value was stored holds: nothing for numbers and lists (the check then asks for one). */
function emptyValue(field: ContentField): ContentValue | undefined {
  return field.kind === 'number' || field.kind === 'list' || field.kind === 'rich' ? undefined : '';
}

/** Plain text as prose: a paragraph for each block of lines. */
function proseOf(text: string): ContentValue {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return richDoc(...paragraphs.map((paragraph) => richParagraph(paragraph)));
}

// A path of this site: a slash, then path letters, an optional #anchor or ?query; never `//` (another host).
const SITE_PATH = /^\/(?!\/)[\w\-./~%]*(?:\?[\w\-.~%=&+]*)?(?:#[\w\-.~%]*)?$/;

function isSitePath(text: string): boolean {
  return text.length <= 300 && SITE_PATH.test(text) && !text.includes('..');
}

function isWebAddress(text: string): boolean {
  if (text.length > 500) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Whether a value is a record of values (a section's, a list entry's): an object that is not a list. */
export function isContentRecord(value: unknown): value is { [field: string]: ContentValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
