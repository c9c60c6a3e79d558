// Site search (docs/features/search.md): GET /api/search?q= and the site's /search page look through what visitors
// can already see (published pages, case studies, posts, the service cards, open jobs), never a draft.

/** What a result is, as its label on /search says it. */
export type SearchResultKind = 'page' | 'case-study' | 'post' | 'service' | 'job';

export const SEARCH_KIND_LABELS: Record<SearchResultKind, string> = {
  page: 'Page',
  'case-study': 'Case study',
  post: 'News',
  service: 'Service',
  job: 'Job',
};

export interface SearchResult {
  kind: SearchResultKind;
  title: string;
  /** A path of this site (`/portfolio/atlas-booking`, `/services#web-design`). */
  url: string;
  /** HTML: the text around the words found, escaped, with each match in `<mark>…</mark>` (and no other tag). */
  snippet: string;
}

export interface SearchAnswer {
  /** The search as it was made (trimmed). */
  query: string;
  /** The best matches first, SEARCH_RESULTS_MAX at most. */
  results: SearchResult[];
}

/** What the site's /search page is rendered with. */
export interface SearchPageData {
  /** As typed (trimmed); empty for the form alone. */
  query: string;
  results: SearchResult[];
  /** Whether a search was made (the page then says when nothing was found). */
  searched: boolean;
  /** Why the query could not be searched (too long). */
  message?: string;
}

export const SEARCH_PATH = '/search';
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_RESULTS_MAX = 20;

export const SEARCH_MESSAGES = {
  query: `Please enter what to search for, from 1 to ${SEARCH_QUERY_MAX} characters`,
} as const;
