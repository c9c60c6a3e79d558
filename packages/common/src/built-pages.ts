// Pages that editors build from blocks (docs/features/built-pages.md): a landing page, a page for a new service. Each
// is a document `{ title, slug, seo, blocks }` kept with the same drafts, versions, schedules and previews as the
// site's content. The blocks' fields are described with the content's field kinds (content-schema.ts), so the
// backend checks them, the admin builds each block's form from them, and the site renders them, from one description.

import { checkRecord, isContentRecord, type ContentField, type ContentSection, type FieldValue, type RecordValues } from './content-schema';
import { CASE_STUDY_MESSAGES, isCaseStudySlug } from './case-studies';
import type { BadgeColor } from './enums';
import { isTag } from './posts';
import { SITE_PAGE_PATHS } from './site-pages';
import { SLUG_WORDS } from './slugs';

const IMAGE_ALT = { kind: 'text', label: 'Image description (for screen readers)', max: 150, optional: true } as const;
const HEADING = { kind: 'text', label: 'Heading', max: 80 } as const;
const OPTIONAL_HEADING = { kind: 'text', label: 'Heading', max: 80, optional: true } as const;
const BUTTON_LABEL = { kind: 'text', label: 'Button text', max: 40, optional: true } as const;
const BUTTON_LINK = { kind: 'link', label: 'Button link', optional: true } as const;

/**
 * Every kind of block, in the order of the editor's "Add block" menu: its name there and its fields. A picture's
 * description is required whenever the picture is set, and a button's link whenever its text is (checkBlock).
 */
export const PAGE_BLOCKS = {
  hero: {
    title: 'Hero',
    fields: {
      heading: HEADING,
      text: { kind: 'text', label: 'Text', max: 300, multiline: true, optional: true },
      image: { kind: 'image', label: 'Picture', optional: true },
      imageAlt: IMAGE_ALT,
      buttonLabel: BUTTON_LABEL,
      buttonLink: BUTTON_LINK,
    },
  },
  richText: {
    title: 'Text',
    fields: { body: { kind: 'rich', label: 'Text', max: 20_000 } },
  },
  picture: {
    title: 'Picture',
    fields: {
      image: { kind: 'image', label: 'Picture' },
      imageAlt: { ...IMAGE_ALT, optional: false },
      caption: { kind: 'text', label: 'Caption', max: 200, optional: true },
    },
  },
  cards: {
    title: 'Cards',
    fields: {
      heading: OPTIONAL_HEADING,
      cards: {
        kind: 'list',
        label: 'Cards',
        itemLabel: 'card',
        min: 2,
        max: 12,
        fields: {
          title: { kind: 'text', label: 'Title', max: 80 },
          text: { kind: 'text', label: 'Text', max: 300, multiline: true, optional: true },
          image: { kind: 'image', label: 'Picture', optional: true },
          imageAlt: IMAGE_ALT,
          link: { kind: 'link', label: 'Link', optional: true },
        },
      },
    },
  },
  callToAction: {
    title: 'Call to action',
    fields: {
      heading: HEADING,
      text: { kind: 'text', label: 'Text', max: 300, multiline: true, optional: true },
      buttonLabel: { ...BUTTON_LABEL, optional: false },
      buttonLink: { ...BUTTON_LINK, optional: false },
    },
  },
  quoteForm: {
    title: 'Quote form',
    fields: { heading: OPTIONAL_HEADING },
  },
  contactForm: {
    title: 'Contact form',
    fields: { heading: OPTIONAL_HEADING },
  },
  faq: {
    title: 'Questions and answers',
    fields: {
      heading: OPTIONAL_HEADING,
      items: {
        kind: 'list',
        label: 'Questions',
        itemLabel: 'question',
        min: 1,
        max: 30,
        fields: { question: { kind: 'text', label: 'Question', max: 200 }, answer: { kind: 'rich', label: 'Answer', max: 3000 } },
      },
    },
  },
  stats: {
    title: 'Figures',
    fields: {
      heading: OPTIONAL_HEADING,
      items: {
        kind: 'list',
        label: 'Figures',
        itemLabel: 'figure',
        min: 1,
        max: 8,
        fields: { value: { kind: 'text', label: 'Value', max: 20 }, label: { kind: 'text', label: 'Label', max: 80 } },
      },
    },
  },
  testimonial: {
    title: 'Testimonial',
    fields: {
      quote: { kind: 'text', label: 'Quote', max: 600, multiline: true },
      name: { kind: 'text', label: 'Name', max: 80 },
      role: { kind: 'text', label: 'Role and company', max: 80, optional: true },
      image: { kind: 'image', label: 'Photo', optional: true },
      imageAlt: IMAGE_ALT,
    },
  },
  logos: {
    title: 'Logos',
    fields: {
      heading: OPTIONAL_HEADING,
      logos: {
        kind: 'list',
        label: 'Logos',
        itemLabel: 'logo',
        min: 1,
        max: 24,
        fields: {
          image: { kind: 'image', label: 'Logo' },
          imageAlt: { kind: 'text', label: 'Name (for screen readers)', max: 150 },
          link: { kind: 'link', label: 'Link', optional: true },
        },
      },
    },
  },
  openPositions: {
    title: 'Open positions',
    fields: {
      heading: OPTIONAL_HEADING,
      department: { kind: 'text', label: 'Only this department (empty: every open job)', max: 80, optional: true },
    },
  },
  caseStudies: {
    title: 'Case studies',
    fields: {
      heading: HEADING,
      intro: { kind: 'text', label: 'Introduction', max: 300, multiline: true, optional: true },
      count: { kind: 'number', label: 'How many of the newest (when none are chosen)', min: 1, max: 6, initial: 3 },
      chosen: {
        kind: 'list',
        label: 'Chosen case studies (empty: the newest published)',
        itemLabel: 'case study',
        min: 0,
        max: 6,
        // Numbers written out: the contract's schema generator reads this object's type (80: CASE_STUDY_SLUG_MAX).
        of: { kind: 'text', label: 'Case study address (after /portfolio/)', max: 80 },
      },
    },
  },
  latestNews: {
    title: 'Latest news',
    fields: {
      heading: HEADING,
      count: { kind: 'number', label: 'How many posts', min: 1, max: 6, initial: 3 },
      tag: { kind: 'text', label: 'Only posts with this tag (empty: every post)', max: 30, optional: true },
    },
  },
} as const satisfies Record<string, Pick<ContentSection, 'title' | 'fields'>>;

export type PageBlockType = keyof typeof PAGE_BLOCKS;
export const PAGE_BLOCK_TYPES = Object.keys(PAGE_BLOCKS) as PageBlockType[];

/** One block as stored and sent: its type and its fields' values. */
export type PageBlockOf<T extends PageBlockType> = { type: T } & RecordValues<(typeof PAGE_BLOCKS)[T]['fields']>;
export type PageBlock = { [T in PageBlockType]: PageBlockOf<T> }[PageBlockType];

export const MAX_PAGE_BLOCKS = 40;

/** The page's own fields beside its blocks. */
export const BUILT_PAGE_FIELDS = {
  title: { kind: 'text', label: 'Title', max: 80 },
  slug: { kind: 'text', label: 'Address', max: 120 },
} as const satisfies Record<string, ContentField>;

export const BUILT_PAGE_SEO_FIELDS = {
  title: { kind: 'text', label: 'Page title (search results and the browser tab)', max: 80, optional: true },
  description: { kind: 'text', label: 'Description', max: 200, multiline: true, optional: true },
  image: { kind: 'image', label: 'Share picture (shown where the page is shared; 1200 × 630 suits every network)', optional: true },
} as const satisfies Record<string, ContentField>;

/**
 * A page as edited, saved and published. A type, not an interface: it is then a record of content values too, which
 * the admin's form code (read and replace by path) takes.
 */
export type BuiltPageDocument = {
  title: FieldValue<(typeof BUILT_PAGE_FIELDS)['title']>;
  /** Its path without the leading slash: `cloud-audit`, `services/cloud-audit`. */
  slug: string;
  seo: RecordValues<typeof BUILT_PAGE_SEO_FIELDS>;
  blocks: PageBlock[];
};

export type BuiltPageStatus = 'draft' | 'published' | 'scheduled';
export const BUILT_PAGE_STATUS_LABELS: Record<BuiltPageStatus, string> = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' };
export const BUILT_PAGE_STATUS_COLORS: Record<BuiltPageStatus, BadgeColor> = { draft: 'yellow', published: 'green', scheduled: 'blue' };
export type NavPlacement = 'none' | 'header' | 'footer';
export const NAV_PLACEMENTS: readonly NavPlacement[] = ['none', 'header', 'footer'];
export const NAV_PLACEMENT_LABELS: Record<NavPlacement, string> = { none: 'Not in the navigation', header: 'Header', footer: 'Footer' };
export interface PageNav {
  placement: NavPlacement;
  /** The link's text in the navigation (the page's title when empty). */
  label: string;
  /** Its place among the other pages' links there, lowest first. */
  order: number;
}
export const NAV_LABEL_MAX = 40;
export const NAV_ORDER_MAX = 999;
/** Built pages a navigation shows at most beside its own links (the header's row has room for few). */
export const NAV_PAGES_MAX = { header: 4, footer: 10 } as const;

/** A published page's link in the site's header or footer, as every page of the site renders it. */
export interface NavPageLink {
  path: string;
  label: string;
  placement: Exclude<NavPlacement, 'none'>;
}

// Slugs: one or more segments of lower-case letters, digits and single hyphens, joined by slashes.
const BUILT_PAGE_SLUG_PATTERN = new RegExp(`^${SLUG_WORDS}(?:/${SLUG_WORDS}){0,4}$`);

export const BUILT_PAGE_MESSAGES = {
  slug: 'Address must be lower-case letters, digits and hyphens, in one to five parts separated by /, such as cloud-audit or services/cloud-audit',
  slugTaken: (owner: string) => `This address is already used by ${owner}; choose another`,
  imageAlt: 'Describe the picture for screen readers',
  buttonLink: 'A button needs a link',
  buttonLabel: 'A button needs its text',
  blocks: `A page holds from 0 to ${MAX_PAGE_BLOCKS} blocks`,
  blockType: `Block type must be one of: ${PAGE_BLOCK_TYPES.join(', ')}`,
  tag: 'A tag is lower-case letters, digits and single hyphens, such as design',
  chosenTwice: 'This case study is chosen twice',
  unknownCaseStudy: 'No case study has this address',
  notFound: 'No such page',
  created: 'Page created. Visitors see it once you publish it.',
  deleted: 'Page deleted. Its address now answers that the page is gone.',
  navSaved: 'Navigation saved. Visitors see it within a few seconds.',
  navNotPublished: 'Publish the page first: only a published page can be put in the navigation',
  navPlacement: 'Placement must be none, header or footer',
  navLabel: `The link text must be at most ${NAV_LABEL_MAX} characters`,
  navOrder: `Order must be a whole number from 0 to ${NAV_ORDER_MAX}`,
  navFull: (placement: 'header' | 'footer') => `The ${placement} holds at most ${NAV_PAGES_MAX[placement]} pages: take another page out of it first`,
} as const;

/** The site path of a slug. */
export const builtPagePath = (slug: string): string => `/${slug}`;

/**
 * Paths (and everything under them) that the site, the admin, the API and the collections own: a page may not take
 * them. Named for the message that refuses a slug.
 */
const RESERVED_PREFIXES: readonly { prefix: string; owner: string }[] = [
  { prefix: '/admin', owner: 'the admin' },
  { prefix: '/api', owner: 'the API' },
  { prefix: '/media', owner: 'uploaded pictures' },
  { prefix: '/images', owner: "the site's pictures" },
  { prefix: '/assets', owner: "the site's scripts and styles" },
  { prefix: '/preview', owner: 'preview links' },
  { prefix: '/careers', owner: 'the job pages' },
  { prefix: '/portfolio', owner: 'the case studies' },
  { prefix: '/news', owner: 'the news' },
  { prefix: '/search', owner: 'the site search' },
];
/** Single paths the site serves as files or pages. */
const RESERVED_PATHS: readonly { path: string; owner: string }[] = [
  ...SITE_PAGE_PATHS.map((path) => ({ path, owner: `the site's page ${path}` })),
  { path: '/404', owner: "the site's not-found page" },
  { path: '/sitemap.xml', owner: 'the sitemap' },
  { path: '/robots.txt', owner: 'the robots file' },
];

/** Who owns a path already among the site's own routes, or undefined when a page may take it. */
export function reservedPathOwner(path: string): string | undefined {
  const exact = RESERVED_PATHS.find((reserved) => reserved.path === path);
  if (exact) return exact.owner;
  return RESERVED_PREFIXES.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.owner;
}

/**
 * Checks a page's document: the field errors by path (`title`, `slug`, `seo.description`, `blocks.2.heading`), empty
 * when it fits. Whether another page owns the slug is the backend's to check (it needs the database).
 */
export function validateBuiltPage(document: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isContentRecord(document)) return { draft: 'The page must be an object with title, slug, seo and blocks' };
  for (const name of Object.keys(document)) {
    if (!['title', 'slug', 'seo', 'blocks'].includes(name)) errors[name] = 'This field does not exist';
  }
  const { blocks: _blocks, seo, ...own } = document;
  checkRecord(BUILT_PAGE_FIELDS, own, '', errors);
  if (!errors['.slug'] && typeof document.slug === 'string') {
    if (!BUILT_PAGE_SLUG_PATTERN.test(document.slug)) errors['.slug'] = BUILT_PAGE_MESSAGES.slug;
    else {
      const owner = reservedPathOwner(builtPagePath(document.slug));
      if (owner) errors['.slug'] = BUILT_PAGE_MESSAGES.slugTaken(owner);
    }
  }
  if (!isContentRecord(seo)) errors.seo = 'Search and sharing must be an object of title, description and image';
  else checkRecord(BUILT_PAGE_SEO_FIELDS, seo, 'seo', errors);
  const blocks = document.blocks;
  if (!Array.isArray(blocks)) errors.blocks = 'Blocks must be a list';
  else {
    if (blocks.length > MAX_PAGE_BLOCKS) errors.blocks = BUILT_PAGE_MESSAGES.blocks;
    blocks.slice(0, MAX_PAGE_BLOCKS).forEach((block, index) => checkBlock(block, `blocks.${index}`, errors));
  }
  // checkRecord names top-level fields with the prefix's dot: `.title` is `title`.
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.startsWith('.') ? path.slice(1) : path, message]));
}

function checkBlock(block: unknown, path: string, errors: Record<string, string>): void {
  if (!isContentRecord(block)) {
    errors[path] = 'A block must be an object with its type and fields';
    return;
  }
  const { type, ...values } = block;
  if (typeof type !== 'string' || !Object.hasOwn(PAGE_BLOCKS, type)) {
    errors[`${path}.type`] = BUILT_PAGE_MESSAGES.blockType;
    return;
  }
  const fields: Record<string, ContentField> = PAGE_BLOCKS[type as PageBlockType].fields;
  checkRecord(fields, values, path, errors);
  checkPairs(values, path, errors);
  checkListings(type, values, path, errors);
  for (const [name, field] of Object.entries(fields)) {
    const list = values[name];
    if (field.kind === 'list' && Array.isArray(list)) {
      list.forEach((item, index) => isContentRecord(item) && checkPairs(item, `${path}.${name}.${index}`, errors));
    }
  }
}

/** The listing blocks' own rules: a tag as posts have them, case study addresses as items have them, none twice. */
function checkListings(type: string, values: Record<string, unknown>, path: string, errors: Record<string, string>): void {
  const { tag, chosen } = values;
  if (type === 'latestNews' && typeof tag === 'string' && tag !== '' && !isTag(tag) && !errors[`${path}.tag`]) errors[`${path}.tag`] = BUILT_PAGE_MESSAGES.tag;
  if (type !== 'caseStudies' || !Array.isArray(chosen)) return;
  chosen.slice(0, PAGE_BLOCKS.caseStudies.fields.chosen.max).forEach((slug, index) => {
    const itemPath = `${path}.chosen.${index}`;
    if (typeof slug !== 'string' || errors[itemPath]) return;
    if (!isCaseStudySlug(slug)) errors[itemPath] = CASE_STUDY_MESSAGES.slug;
    else if (chosen.indexOf(slug) < index) errors[itemPath] = BUILT_PAGE_MESSAGES.chosenTwice;
  });
}

/** A picture needs its description; a button its link and its text. */
function checkPairs(values: Record<string, unknown>, path: string, errors: Record<string, string>): void {
  const filled = (name: string) => typeof values[name] === 'string' && values[name] !== '';
  if (filled('image') && 'imageAlt' in values && !filled('imageAlt') && !errors[`${path}.imageAlt`]) errors[`${path}.imageAlt`] = BUILT_PAGE_MESSAGES.imageAlt;
  if ('buttonLabel' in values && 'buttonLink' in values) {
    if (filled('buttonLabel') && !filled('buttonLink') && !errors[`${path}.buttonLink`]) errors[`${path}.buttonLink`] = BUILT_PAGE_MESSAGES.buttonLink;
    if (filled('buttonLink') && !filled('buttonLabel') && !errors[`${path}.buttonLabel`]) errors[`${path}.buttonLabel`] = BUILT_PAGE_MESSAGES.buttonLabel;
  }
}

/** A new page's document: its title and slug, nothing else yet. */
export function newBuiltPage(title: string, slug: string): BuiltPageDocument {
  return { title, slug, seo: { title: '', description: '', image: '' }, blocks: [] };
}

/** An empty block of a type, as the editor's "Add block" menu inserts it. */
export function emptyBlock(type: PageBlockType): PageBlock {
  const values: Record<string, unknown> = { type };
  for (const [name, field] of Object.entries(PAGE_BLOCKS[type].fields as Record<string, ContentField>)) {
    if (field.kind === 'list') values[name] = [];
    else if (field.kind === 'rich') values[name] = { type: 'doc', content: [{ type: 'paragraph' }] };
    else if (field.kind === 'number') values[name] = field.initial ?? field.min;
    else values[name] = '';
  }
  return values as PageBlock;
}
