// The search page as the server renders it (docs/features/search.md). Only the server entry imports this module: the
// page needs no script, so the browser keeps the HTML it was sent (search-page.tsx) and this code never ships.
import { SEARCH_KIND_LABELS, type SearchPageData } from '@brightwave/common';
import { SiteSearchForm } from '../components/layout/site-search-form';
import { PageHero } from '../components/ui/page-hero';

export function SearchView({ search }: { search: SearchPageData }) {
  const { query, results, searched, message } = search;
  return (
    <>
      <PageHero title="Search" tagline={searched ? `Results for “${query}”` : undefined} crumbs={[{ label: 'Home', to: '/' }, { label: 'Search' }]} />
      <section aria-label="Search results" className="py-16">
        <div className="mx-auto max-w-3xl space-y-8 px-4 sm:px-6">
          <SiteSearchForm id="search-page-query" label="Search again" query={query} className="max-w-xl" />
          {message && (
            <p role="alert" className="text-lg text-red-700 dark:text-red-300">
              {message}
            </p>
          )}
          {searched && results.length === 0 && <p className="text-lg text-slate-700 dark:text-slate-300">No results for “{query}”.</p>}
          {results.length > 0 && (
            <ol className="space-y-6">
              {results.map((result) => (
                <li key={result.url} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
                  <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{SEARCH_KIND_LABELS[result.kind]}</p>
                  <h2 className="mt-1 text-xl font-semibold">
                    <a
                      href={result.url}
                      className="text-indigo-700 underline underline-offset-4 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
                    >
                      {result.title}
                    </a>
                  </h2>
                  {/* Escaped by the backend, with <mark> around the words found and no other tag (SearchService). */}
                  <p
                    className="mt-2 text-slate-700 dark:text-slate-300 [&_mark]:rounded [&_mark]:bg-yellow-200 [&_mark]:px-0.5 [&_mark]:text-slate-900"
                    dangerouslySetInnerHTML={{ __html: result.snippet }}
                  />
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </>
  );
}
