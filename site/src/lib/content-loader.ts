// Which content a path shows, and loading it for a navigation inside the site (lib/content.ts). A chunk of its own,
// loaded with the first navigation: a page's first load has its content in its page data and needs none of this.
import { CONTENT_PAGE_PATHS, LAYOUT_CONTENT_KEYS, type ContentKey, type SiteContentPages } from '@brightwave/common';
import { loaded } from './content';
import { API_BASE_URL } from './env';

const normalized = (pathname: string) => (pathname.length > 1 ? pathname.replace(/(?<!\/)\/+$/, '') : pathname);

/** The content a path shows: the layout's, and the pages whose texts it shows. */
export function contentKeysForPath(pathname: string): ContentKey[] {
  const path = normalized(pathname);
  const keys = Object.keys(CONTENT_PAGE_PATHS) as ContentKey[];
  return keys.filter((key) => LAYOUT_CONTENT_KEYS.includes(key) || (CONTENT_PAGE_PATHS[key] as readonly string[]).includes(path));
}

/** Loads one page's published content into `loaded`. */
async function load<K extends ContentKey>(key: K): Promise<void> {
  const response = await fetch(`${API_BASE_URL}/api/content/${key}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The content of "${key}" answered ${response.status}`);
  const answer = (await response.json()) as { content: SiteContentPages[K] };
  loaded[key] = answer.content;
}

/**
 * Loads the published content a path shows that this page does not hold yet (before a navigation renders it). When
 * the API cannot answer, the browser loads the page itself: the server renders it with its content.
 */
export async function loadContentForPath(pathname: string): Promise<void> {
  const wanted = contentKeysForPath(pathname).filter((key) => !loaded[key]);
  try {
    await Promise.all(wanted.map(load));
  } catch (error) {
    console.error('The page content failed to load; loading the page from the server', error);
    window.location.reload();
    // Never settles: the page is being replaced.
    await new Promise(() => {});
  }
}
