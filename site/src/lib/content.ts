// The site's editable content (docs/features/site-content.md): the published texts the page was rendered with on the
// server, embedded in it for hydration (page-data.ts). Every page carries the layout's content (the company's details,
// the services' menu) and its own; a navigation in the browser to another page loads that page's content from the API
// with the page's code. The client holds no copy of its own: a text published in the admin is in the next page the
// server renders, or the next one loaded after a navigation, and nowhere else.
import { CONTENT_PAGE_PATHS, LAYOUT_CONTENT_KEYS, type ContentKey, type ServicesContent, type SiteContent, type SiteContentPages } from '@brightwave/common';
import { API_BASE_URL } from './env';
import { usePageData, type PageData } from './page-data';

/** Pages' content loaded after navigations (the first page's is in its page data). */
const loaded: Partial<SiteContentPages> = {};

function missing(key: string): never {
  throw new Error(`The page was rendered without its "${key}" content`);
}

const normalized = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The content a path shows: the layout's, and the pages whose texts it shows. */
export function contentKeysForPath(pathname: string): ContentKey[] {
  const path = normalized(pathname);
  const keys = Object.keys(CONTENT_PAGE_PATHS) as ContentKey[];
  return keys.filter((key) => LAYOUT_CONTENT_KEYS.includes(key) || (CONTENT_PAGE_PATHS[key] as readonly string[]).includes(path));
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

/**
 * Loads the published content a path shows that this page does not hold yet (before a navigation renders it). When
 * the API cannot answer, the browser loads the page itself: the server renders it with its content.
 */
export async function loadContentForPath(pathname: string): Promise<void> {
  const wanted = contentKeysForPath(pathname).filter((key) => !loaded[key]);
  try {
    await Promise.all(
      wanted.map(async (key) => {
        const response = await fetch(`${API_BASE_URL}/api/content/${key}`, { headers: { Accept: 'application/json' } });
        if (!response.ok) throw new Error(`The content of "${key}" answered ${response.status}`);
        const answer = (await response.json()) as { content: SiteContentPages[typeof key] };
        (loaded as Record<ContentKey, unknown>)[key] = answer.content;
      }),
    );
  } catch (error) {
    console.error('The page content failed to load; loading the page from the server', error);
    window.location.reload();
    // Never settles: the page is being replaced.
    await new Promise(() => {});
  }
}
