// Which of the site's paths show which page's content, and so which pages there are. A module of its own: the site's
// browser code reads it (which content a navigation needs) and must not carry the pages' specs or their installed
// texts with it. It imports nothing: the specs (content-pages.ts) build on it.

/**
 * The site's paths that show each page's content (the `site` page shows on all of them). Its keys are the pages:
 * content-pages.ts has a spec for each, no more and no fewer.
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
} as const satisfies Record<string, readonly string[]>;

/** An editable page of the site. */
export type ContentKey = keyof typeof CONTENT_PAGE_PATHS;

/** The content a page of the site shows: the company's (in the layout) and the services' (the navbar's menu). */
export const LAYOUT_CONTENT_KEYS: readonly ContentKey[] = ['site', 'services'];
