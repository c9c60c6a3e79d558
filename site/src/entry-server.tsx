// Prerenders one route to HTML at build time (used by scripts/prerender.mjs, never shipped to browsers).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app';
import { company } from './content/company';
import { headHtml } from './lib/seo';
import { publicRoutes, routeForPath } from './routes';
import './index.css';

export async function render(url: string): Promise<{ html: string; head: string }> {
  await routeForPath(url).Page.preload();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // Never outline a completed boundary: outlining needs inline <script> tags, which the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return { html, head: await headHtml(url) };
}

export const routes = publicRoutes.map(({ path }) => ({ path }));
export const siteUrl = company.siteUrl;
