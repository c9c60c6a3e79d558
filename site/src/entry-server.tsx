// Renders one route to HTML: at build time for every route (scripts/prerender.mjs, with the install's texts), and at
// request time in the backend for every page, with the published content (docs/features/site-content.md), the
// portfolio's projects or a job. Never shipped to browsers.
import { DEFAULT_CONTENT, type ContentKey, type SiteContentPages } from '@brightwave/common';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app';
import { company } from './content/company';
import { contentKeysForPath } from './lib/content-loader';
import { PageDataContext, pageDataElement, type PageData } from './lib/page-data';
import { closedJobMeta, jobHeadMeta } from './lib/job-head';
import { builtPageJsonLd, builtPageMeta } from './lib/built-page-head';
import { headHtml } from './lib/seo';
import { renderStaticBlock } from './components/blocks/static-block';
import { builtPageAt, StaticBlockRenderer } from './pages/built-page';
import { caseStudyAt, caseStudyMeta, CaseStudyRenderer } from './pages/case-study-page';
import { caseStudyJsonLd, CaseStudyView } from './pages/case-study-view';
import { newsAt, newsMeta, NewsRenderer } from './pages/news-page';
import { NewsView, postJsonLd } from './pages/news-view';
import { searchAt, searchMeta, SearchRenderer } from './pages/search-page';
import { SearchView } from './pages/search-view';
import { bookingMeta } from './pages/booking-head';
import { provideNavSearchHtml } from './components/layout/nav-search';
import { SiteSearchForm } from './components/layout/site-search-form';
import { renderToStaticMarkup } from 'react-dom/server';
import { publicRoutes, routeForPath } from './routes';
import './index.css';

/**
 * The content a page carries: the layout's and its own (lib/content.ts), as given (published), else as installed. Only
 * the pages its path shows (contentKeysForPath), which are the ones it reads.
 */
function contentOf(url: string, given: PageData['content']): SiteContentPages {
  const path = new URL(url, 'http://site').pathname;
  const content: Partial<SiteContentPages> = {};
  const carry = <K extends ContentKey>(key: K) => {
    content[key] = given?.[key] ?? DEFAULT_CONTENT[key];
  };
  contentKeysForPath(path).forEach(carry);
  return content as SiteContentPages;
}

// The navbar's search box (nav-search.ts): the same on every page, rendered here only.
provideNavSearchHtml(renderToStaticMarkup(<SiteSearchForm id="site-search" label="Site search" className="mx-3 flex-1 lg:mx-0 lg:max-w-40 xl:max-w-56" />));

async function render(url: string, given: PageData): Promise<{ html: string; head: string }> {
  const content = contentOf(url, given.content);
  const data: PageData = { ...given, content };
  await routeForPath(url).Page.preload();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageDataContext.Provider value={data}>
        {/* A built page's blocks that need no script are rendered here only: the browser keeps their HTML. */}
        <StaticBlockRenderer.Provider value={renderStaticBlock}>
          {/* A case study needs no script either: the browser keeps the HTML rendered here. */}
          <CaseStudyRenderer.Provider value={(caseStudy, pageData) => <CaseStudyView data={caseStudy} content={pageData.content ?? {}} />}>
            {/* The news too (news-view.tsx). */}
            <NewsRenderer.Provider value={(news) => <NewsView news={news} />}>
              {/* And the search page (search-view.tsx). */}
              <SearchRenderer.Provider value={(search) => <SearchView search={search} />}>
                <StaticRouter location={url}>
                  <App />
                </StaticRouter>
              </SearchRenderer.Provider>
            </NewsRenderer.Provider>
          </CaseStudyRenderer.Provider>
        </StaticBlockRenderer.Provider>
      </PageDataContext.Provider>
    </StrictMode>,
    // Never outline a completed boundary: outlining needs inline <script> tags, which the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  const builtPage = builtPageAt(new URL(url, 'http://site').pathname, data);
  const caseStudy = caseStudyAt(new URL(url, 'http://site').pathname, data);
  const news = newsAt(new URL(url, 'http://site').pathname, data);
  const search = searchAt(new URL(url, 'http://site').pathname, data);
  const pageMeta = data.booking
    ? bookingMeta(data.booking, content.site)
    : builtPage
      ? builtPageMeta(builtPage, content.site)
      : caseStudy
        ? caseStudyMeta(caseStudy, content.site)
        : news
          ? newsMeta(news, content.site)
          : search
            ? searchMeta(search, content.site)
            : data.job
              ? jobHeadMeta(data.job, content.site)
              : data.jobClosed
                ? closedJobMeta(content.site)
                : undefined;
  const head = [
    await headHtml(url, content, { pageMeta, preview: data.preview }),
    builtPage && builtPageJsonLd(builtPage),
    caseStudy && caseStudyJsonLd(caseStudy, content.site),
    news?.post && postJsonLd(news.post, content.site),
    pageDataElement(data),
  ]
    .filter(Boolean)
    .join('\n    ');
  return { html, head };
}

/**
 * The whole document of a path: `template` (the client build's index.html) with the page's head and HTML,
 * and `data` embedded for hydration. Replacer functions, not strings: `$&` or `$'` in a project's text must
 * stay text.
 */
export async function renderDocument(template: string, url: string, data: PageData = {}): Promise<string> {
  const { html, head } = await render(url, data);
  return template.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => html);
}

export const routes = publicRoutes.map(({ path }) => ({ path }));
export const siteUrl = company.siteUrl;
export { jobFeedJson, jobFeedXml, sitemapXml } from './job-feeds';
export { newsFeedXml } from './pages/news-view';
