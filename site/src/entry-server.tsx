// Renders one route to HTML: at build time for every route (scripts/prerender.mjs), and at request time in
// the backend for the pages that show data (GET /portfolio, GET /careers/<slug>). Never shipped to browsers.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app';
import { company } from './content/company';
import { PageDataContext, pageDataElement, type PageData } from './lib/page-data';
import { CLOSED_JOB_META, jobHeadMeta } from './lib/job-head';
import { headHtml } from './lib/seo';
import { publicRoutes, routeForPath } from './routes';
import './index.css';

async function render(url: string, data: PageData): Promise<{ html: string; head: string }> {
  await routeForPath(url).Page.preload();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageDataContext.Provider value={data}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </PageDataContext.Provider>
    </StrictMode>,
    // Never outline a completed boundary: outlining needs inline <script> tags, which the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  const pageMeta = data.job ? jobHeadMeta(data.job) : data.jobClosed ? CLOSED_JOB_META : undefined;
  const head = [await headHtml(url, pageMeta), pageDataElement(data)].filter(Boolean).join('\n    ');
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
