// /search?q= (docs/features/search.md): the results of a site search, rendered by the backend for each search with the
// results in its page data. No route of its own: the path is one no route names, whose page (built-page.tsx,
// OtherPage) shows the search the page data holds; so the boot script and the app carry nothing for it. It needs no
// script: the server entry renders it (SearchRenderer, given by entry-server.tsx with search-view.tsx), and the
// browser keeps the HTML it was sent. Never indexed: its head has no canonical link, so it says noindex.
import type { SearchPageData, SiteContent } from '@brightwave/common';
import { createContext, useContext, type ReactNode } from 'react';
import type { HeadMeta } from '../lib/head-tags';
import type { PageData } from '../lib/page-data';

const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/(?<!\/)\/+$/, '') : pathname);

// SEARCH_PATH: not imported, as that would bring the search module of the shared package into this chunk.
const SEARCH = '/search';

/** The search the server sent for /search. */
export function searchAt(pathname: string, data: PageData): SearchPageData | undefined {
  return data.search && withoutTrailingSlash(pathname) === SEARCH ? data.search : undefined;
}

/** The head of the search page: no canonical path, so it is never indexed. */
export function searchMeta(search: SearchPageData, site: SiteContent): HeadMeta {
  const company = site.company.name;
  return {
    title: search.query ? `Search results for “${search.query}” | ${company}` : `Search | ${company}`,
    description: `Search the pages, case studies, news, services and open jobs of ${company}.`,
  };
}

/** Renders the search page: given by the server entry only. */
export const SearchRenderer = createContext<((search: SearchPageData) => ReactNode) | null>(null);

// The HTML the server sent, read as hydration finds it and kept for a navigation back.
let sentHtml: string | undefined;

/** The search page: rendered on the server; in the browser, the same element with the HTML the server put in it. */
export function SearchPage({ search }: { search: SearchPageData }) {
  const render = useContext(SearchRenderer);
  if (render) return <div data-search="">{render(search)}</div>;
  sentHtml ??= document.querySelector('[data-search]')?.innerHTML ?? '';
  return <div data-search="" dangerouslySetInnerHTML={{ __html: sentHtml }} />;
}
