// News (docs/features/news.md): each post is a content document under `post:<id>`, kept with the same drafts,
// versions, schedules and previews as the site's content; its row (posts) holds what the list and the addresses need
// once it is published. One description of its fields serves the backend (it refuses what does not fit, field by
// field), the admin (its form) and the site.

import { checkRecord, isContentRecord, type ContentField, type RecordValues, type Same } from './content-schema';
import { richDoc, richParagraph, richPlainText, type RichDocument } from './rich-text';
import { SLUG_PATTERN } from './slugs';

export const POST_SLUG_MAX = 80;
/** A tag is written as a slug is. */
const TAG_PATTERN = SLUG_PATTERN;

/** A post's fields, in the order of the editor's form. */
export const POST_FIELDS = {
  title: { kind: 'text', label: 'Title', max: 120 },
  slug: {
    kind: 'text',
    label: 'Address (after /news/)',
    max: POST_SLUG_MAX,
    pattern: {
      regex: SLUG_PATTERN,
      message: `Address must be lower-case letters, digits and single hyphens, at most ${POST_SLUG_MAX} characters, such as our-new-office`,
    },
  },
  summary: { kind: 'text', label: 'Summary', max: 300, multiline: true },
  cover: { kind: 'image', label: 'Cover picture', optional: true },
  coverAlt: { kind: 'text', label: 'Cover picture description (for screen readers)', max: 150, optional: true },
  tags: {
    kind: 'list',
    label: 'Tags',
    itemLabel: 'tag',
    min: 0,
    max: 8,
    of: {
      kind: 'text',
      label: 'Tag',
      max: 30,
      pattern: { regex: TAG_PATTERN, message: 'A tag is lower-case letters, digits and single hyphens, such as design' },
    },
  },
  authorName: { kind: 'text', label: 'Author’s public name', max: 80 },
  authorPhoto: { kind: 'image', label: 'Author’s photo', optional: true },
  body: { kind: 'rich', label: 'Text', max: 60_000 },
} as const satisfies Record<string, ContentField>;

/**
 * A post as edited, saved and published. Written out, not derived (the contract's schema generator cannot read the
 * fields' regular expressions); the check below keeps the two equal.
 */
export type PostDocument = {
  title: string;
  slug: string;
  summary: string;
  cover: string;
  coverAlt: string;
  tags: string[];
  authorName: string;
  authorPhoto: string;
  body: RichDocument;
};
export const POST_TYPE_MATCHES_FIELDS: Same<PostDocument, RecordValues<typeof POST_FIELDS>> = true;

export const POST_MESSAGES = {
  document: 'The post must be an object of title, slug, summary, cover, coverAlt, tags, authorName, authorPhoto and body',
  slugTaken: (title: string) => `This address is already used by the post “${title}”; choose another`,
  coverAlt: 'Please describe the cover picture for screen readers',
  duplicateTag: 'This tag is listed twice',
  notFound: 'Post not found',
  created: 'Post created',
  deleted: 'Post deleted',
  page: 'Page must be a whole number from 1 to 1000',
  tag: 'Tag must be lower-case letters, digits and single hyphens, such as design',
} as const;

/** Posts a page of /news (and of GET /api/posts) shows. */
export const POSTS_PAGE_SIZE = 12;
export const POSTS_PAGE_MAX = 1000;
/** Posts the RSS feed carries, the newest first. */
export const POSTS_FEED_SIZE = 20;

export const NEWS_PATH = '/news';
export const NEWS_BASE = '/news/';
export const NEWS_FEED_PATH = '/news/feed.xml';
/** The base of a post's preview link: `/preview/news/<post id>?token=…`. */
export const POST_PREVIEW_BASE = '/preview/news/';
export const postPath = (slug: string): string => `${NEWS_BASE}${slug}`;
export const isTag = (tag: string): boolean => tag.length <= 30 && TAG_PATTERN.test(tag);

/** The path of a page of /news: its tag and page number as query parameters, none for the first page of all posts. */
export function newsListPath(tag: string | null, page: number): string {
  const query = new URLSearchParams();
  if (tag) query.set('tag', tag);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${NEWS_PATH}?${text}` : NEWS_PATH;
}

/** Words a reader reads in a minute, for the reading time. */
const WORDS_PER_MINUTE = 220;

/** Minutes to read a post (at least one). */
export function readingMinutes(document: Pick<PostDocument, 'body'>): number {
  const words = richPlainText(document.body).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The text a new post starts with (a post's text is required, so that a draft always fits the rules). */
export const NEW_POST_TEXT = 'Write the post here.';

/** A new post's draft: its title and address, the creator's name as its author, a first line to write over. */
export function newPost(title: string, slug: string, authorName: string): PostDocument {
  return {
    title,
    slug,
    summary: title,
    cover: '',
    coverAlt: '',
    tags: [],
    authorName,
    authorPhoto: '',
    body: richDoc(richParagraph(NEW_POST_TEXT)),
  };
}

/**
 * Checks a post: the field errors by path (`title`, `tags.1`), empty when it fits. Whether its address is free and
 * its pictures exist is the backend's to check.
 */
export function validatePost(document: unknown): Record<string, string> {
  if (!isContentRecord(document)) return { post: POST_MESSAGES.document };
  const errors: Record<string, string> = {};
  checkRecord(POST_FIELDS, document, '', errors);
  if (typeof document.cover === 'string' && document.cover !== '' && document.coverAlt === '' && !errors['.coverAlt']) {
    errors['.coverAlt'] = POST_MESSAGES.coverAlt;
  }
  const tags = document.tags;
  if (Array.isArray(tags)) {
    tags.forEach((tag, index) => {
      if (tags.indexOf(tag) !== index && !errors[`.tags.${index}`]) errors[`.tags.${index}`] = POST_MESSAGES.duplicateTag;
    });
  }
  // checkRecord names top-level fields with the prefix's dot: `.title` is `title`.
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.startsWith('.') ? path.slice(1) : path, message]));
}

/** One post as lists show it (/news, GET /api/posts, the admin's list has more). */
export interface PostCard {
  _id: string;
  title: string;
  slug: string;
  path: string;
  summary: string;
  cover: string;
  coverAlt: string;
  tags: string[];
  authorName: string;
  publishedAt: string;
  readingMinutes: number;
}

/** A page of published posts (GET /api/posts, /news). */
export interface PostsPage {
  posts: PostCard[];
  tag: string | null;
  page: number;
  pages: number;
  total: number;
  /** Every tag of the published posts, the most used first. */
  tags: string[];
}

/** A published post's page (/news/<slug>): the post, when it was published, its author's photo. */
export interface PostPageData {
  id: string;
  post: PostDocument;
  publishedAt: string;
  updatedAt: string;
}

export type PostStatus = 'draft' | 'published' | 'scheduled';
