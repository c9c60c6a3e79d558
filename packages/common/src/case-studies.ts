// Case studies (docs/features/case-studies.md): every portfolio item has a page at /portfolio/<slug>. The item's own
// fields (the SPEC's, and its slug) change at once, as the SPEC's PUT /api/portfolio/:id says; its story (client,
// industry, services, results, gallery, body) is a document kept with the same drafts, versions, schedules and previews
// as the site's content, under the key `case:<item id>`. One description of its fields serves the backend (it refuses
// what does not fit, field by field), the admin (its form) and the site.

import { checkRecord, isContentRecord, type ContentField, type RecordValues, type Same } from './content-schema';
import type { RichDocument } from './rich-text';
import { SLUG_PATTERN, slugFromTitle } from './slugs';

/** A service card's anchor on /services (the services page's `offer.cards.anchor`). */
const SERVICE_ANCHOR = { regex: /^[a-z][a-z0-9-]{0,39}$/, message: 'A service must be the anchor of a service card, such as web-design' };

/** The case study's fields, in the order of the editor's form. */
export const CASE_STUDY_FIELDS = {
  client: { kind: 'text', label: 'Client', max: 80, optional: true },
  industry: { kind: 'text', label: 'Industry', max: 60, optional: true },
  services: {
    kind: 'list',
    label: 'Services',
    itemLabel: 'service',
    min: 0,
    max: 12,
    of: { kind: 'text', label: 'Service', max: 40, pattern: SERVICE_ANCHOR },
  },
  results: {
    kind: 'list',
    label: 'Results',
    itemLabel: 'result',
    min: 0,
    max: 8,
    fields: { value: { kind: 'text', label: 'Value', max: 20 }, label: { kind: 'text', label: 'Label', max: 80 } },
  },
  gallery: {
    kind: 'list',
    label: 'Gallery',
    itemLabel: 'picture',
    min: 0,
    max: 12,
    fields: {
      image: { kind: 'image', label: 'Picture' },
      imageAlt: { kind: 'text', label: 'Image description (for screen readers)', max: 150 },
      caption: { kind: 'text', label: 'Caption', max: 200, optional: true },
    },
  },
  body: { kind: 'rich', label: 'Story', max: 40_000 },
} as const satisfies Record<string, ContentField>;

/**
 * A case study's story as edited, saved and published (a type: it is a record of content values too). Written out, not
 * derived: the contract's schema generator cannot read the fields' regular expression; the check below keeps the two
 * equal (a field added to one only fails to compile).
 */
export type CaseStudyDocument = {
  client: string;
  industry: string;
  services: string[];
  results: { value: string; label: string }[];
  gallery: { image: string; imageAlt: string; caption: string }[];
  body: RichDocument;
};
export const CASE_STUDY_TYPE_MATCHES_FIELDS: Same<CaseStudyDocument, RecordValues<typeof CASE_STUDY_FIELDS>> = true;

/** An empty story: what a new item (and every item the migration found) starts with. */
export function emptyCaseStudy(): CaseStudyDocument {
  return { client: '', industry: '', services: [], results: [], gallery: [], body: { type: 'doc', content: [{ type: 'paragraph' }] } };
}

export const CASE_STUDY_SLUG_MAX = 80;

export const CASE_STUDY_MESSAGES = {
  slug: `Address must be lower-case letters, digits and single hyphens, at most ${CASE_STUDY_SLUG_MAX} characters, such as atlas-booking`,
  slugTaken: (title: string) => `This address is already used by the case study “${title}”; choose another`,
  document: 'The case study must be an object of client, industry, services, results, gallery and body',
  unknownService: 'This is not a service card of the Services page',
  duplicateService: 'This service is listed twice',
  notFound: 'Portfolio item not found',
  preview: 'A preview link was made; it works for one hour.',
} as const;

export const CASE_STUDY_BASE = '/portfolio/';
/** The base of a case study's preview link: `/preview/portfolio/<item id>?token=…`. */
export const CASE_STUDY_PREVIEW_BASE = '/preview/portfolio/';
/** The site path of a case study. */
export const caseStudyPath = (slug: string): string => `${CASE_STUDY_BASE}${slug}`;
export const isCaseStudySlug = (slug: string): boolean => slug.length <= CASE_STUDY_SLUG_MAX && SLUG_PATTERN.test(slug);

/**
 * A new item's slug from its title: `Atlas — Booking App` → `atlas-booking-app`, `project` when the title has no
 * letter or digit; 4 characters short of the longest, for the `-2` the backend adds to make it unique.
 */
export const caseStudySlugFromTitle = (title: string): string => slugFromTitle(title, CASE_STUDY_SLUG_MAX - 4) || 'project';

/**
 * Checks a case study's story: the field errors by path (`client`, `results.1.value`, `gallery.0.imageAlt`), empty
 * when it fits. Whether a service names a card of the Services page is the backend's to check (the published content).
 */
export function validateCaseStudy(document: unknown): Record<string, string> {
  if (!isContentRecord(document)) return { caseStudy: CASE_STUDY_MESSAGES.document };
  const errors: Record<string, string> = {};
  const { body, ...rest } = document;
  // An empty story is allowed; any other is checked as the editor's prose.
  const fields: Record<string, ContentField> = { ...CASE_STUDY_FIELDS };
  const values: Record<string, unknown> = { ...rest };
  if (!isEmptyBody(body)) values.body = body;
  else delete fields.body;
  checkRecord(fields, values, '', errors);
  const services = document.services;
  if (Array.isArray(services)) {
    services.forEach((service, index) => {
      if (services.indexOf(service) !== index && !errors[`.services.${index}`]) errors[`.services.${index}`] = CASE_STUDY_MESSAGES.duplicateService;
    });
  }
  // checkRecord names top-level fields with the prefix's dot: `.client` is `client`.
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.startsWith('.') ? path.slice(1) : path, message]));
}

/** A document of the editor with no text (one empty paragraph, as the editor starts), or none at all. */
function isEmptyBody(body: unknown): boolean {
  if (body === undefined) return false;
  if (!isContentRecord(body) || body.type !== 'doc' || !Array.isArray(body.content)) return false;
  return body.content.every(
    (block) =>
      isContentRecord(block) && block.type === 'paragraph' && (block.content === undefined || (Array.isArray(block.content) && block.content.length === 0)),
  );
}
