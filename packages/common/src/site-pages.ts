// The pages of the public site by path. The site's router is typed against this list (site/src/page-loaders.ts), so
// a page added there and not here, or the other way round, fails to compile.

/** Every page of the site at a path of its own; each open job's page (/careers/<slug>) comes on top. */
export const SITE_PAGE_PATHS = [
  '/',
  '/services',
  '/about',
  '/about/mission',
  '/about/security-policy',
  '/portfolio',
  '/careers',
  '/contact',
  '/privacy',
] as const;
export type SitePagePath = (typeof SITE_PAGE_PATHS)[number];
