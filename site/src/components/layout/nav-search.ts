/**
 * The navbar's search box as HTML: rendered by the server entry alone (SiteSearchForm, a plain GET form that needs no
 * script) and handed here before it renders any page; in the browser, the HTML the page was sent with, which hydration
 * leaves as it is (and a remount puts back). So its code never ships: the navbar keeps every page's first load within
 * its budget (docs/features/search.md).
 */
let html: { __html: string } | undefined;

/** The server entry's: the search box every page it renders shows. */
export function provideNavSearchHtml(given: string): void {
  html = { __html: given };
}

export const navSearchHtml = (): { __html: string } => (html ??= { __html: document.getElementById('nav-search')?.innerHTML ?? '' });
