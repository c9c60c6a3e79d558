// The site's editable content (docs/features/site-content.md): the published texts the page was rendered with on the
// server, embedded in it for hydration (page-data.ts). Every page carries the layout's content (the company's details,
// the services' menu) and its own; a navigation in the browser to another page loads that page's content from the API
// with the page's code (content-loader.ts). The client holds no copy of its own: a text published in the admin is in
// the next page the server renders, or the next one loaded after a navigation, and nowhere else.
import type { ContentKey, ServicesContent, SiteContent, SiteContentPages } from '@brightwave/common';
import { usePageData, type PageData } from './page-data';

/** Pages' content loaded by navigations (content-loader.ts), and the first page's (its page data). */
export const loaded: Partial<SiteContentPages> = {};

function missing(key: string): never {
  throw new Error(`The page was rendered without its "${key}" content`);
}

/** Keeps the content the first page was rendered with (its page data), so navigations load only what it lacks. */
export function rememberContent(content: PageData['content']): void {
  Object.assign(loaded, content);
}

/** The content a page can read: what it was rendered with, and what navigations loaded since. */
export function pageContent(data: PageData): SiteContentPages {
  const content = { ...loaded, ...data.content };
  if (!content.site) missing('site');
  if (!content.services) missing('services');
  return content as SiteContentPages;
}

/** One page's content; the page must be one the path shows (contentKeysForPath). */
export function usePageContent<K extends ContentKey>(key: K): SiteContentPages[K] {
  return usePageData().content?.[key] ?? loaded[key] ?? missing(key);
}

/** The company's details (navbar, footer, contact cards, map). */
export const useSiteContent = (): SiteContent => usePageContent('site');

/** The services page's texts, and its cards (the navbar's Services menu, the about page). */
export const useServicesContent = (): ServicesContent => usePageContent('services');
