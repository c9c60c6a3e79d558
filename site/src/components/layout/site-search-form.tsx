import { SEARCH_PATH, SEARCH_QUERY_MAX } from '@brightwave/common';
import { lucideIcon } from '../ui/icons';

// Declared here, not with the shell's icons: only the server renders this form (nav-search.ts).
const LuSearch = lucideIcon([
  ['circle', { cx: '11', cy: '11', r: '8' }],
  ['path', { d: 'm21 21-4.3-4.3' }],
]);

/**
 * The site's search box (docs/features/search.md): a plain GET form to /search, which the server answers with the
 * results, so it works before (and without) any script. `label` names its landmark: the navbar's and the search page's
 * differ.
 */
export function SiteSearchForm({ id, label, query, className = '' }: { id: string; label: string; query?: string; className?: string }) {
  return (
    <form method="get" action={SEARCH_PATH} role="search" aria-label={label} className={`flex min-w-0 items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        Search the site
      </label>
      <input
        id={id}
        type="search"
        name="q"
        required
        maxLength={SEARCH_QUERY_MAX}
        defaultValue={query}
        placeholder="Search"
        className="h-9 w-full min-w-0 rounded-l-full border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:text-white dark:placeholder-slate-400"
      />
      <button type="submit" aria-label="Search" className="flex h-9 shrink-0 items-center rounded-r-full bg-indigo-700 px-3 text-white hover:bg-indigo-800">
        <LuSearch aria-hidden="true" className="h-4 w-4" />
      </button>
    </form>
  );
}
