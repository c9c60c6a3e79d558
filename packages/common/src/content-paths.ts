// Which of the site's paths show which page's content. A module of its own: the site's browser code reads it (which
// content a navigation needs) and must not carry the pages' specs or their installed texts with it.
import type { ContentKey } from './content-pages';

/**
 * The site's paths that show each page's content (the `site` page shows on all of them).
 */
export const CONTENT_PAGE_PATHS = {
  site: ['*'],
  services: ['/services', '/about'],
  home: ['/'],
  about: ['/about'],
  mission: ['/about/mission'],
  'security-policy': ['/about/security-policy'],
  careers: ['/careers'],
  contact: ['/contact'],
  privacy: ['/privacy'],
} as const satisfies Record<ContentKey, readonly string[]>;

/** The content a page of the site shows: the company's (in the layout) and the services' (the navbar's menu). */
export const LAYOUT_CONTENT_KEYS: readonly ContentKey[] = ['site', 'services'];
