import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { CACHE_CONTROL, MESSAGES, type AnswerOf, type PortfolioItem } from '@brightwave/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../common/http-exception.filter';
import { chooseEncoding } from './static-files';

/** What the site's server entry (site/dist-ssr/entry-server.cjs, see site/vite.config.ts) exports. */
interface SiteServerEntry {
  renderDocument(template: string, url: string, data: { portfolio?: PortfolioItem[] }): Promise<string>;
}

interface RenderedPage {
  /** The GET /api/portfolio answer the page shows. */
  source: Buffer;
  body: Buffer;
  brotli: Buffer;
  gzipped: Buffer;
}

/** Pages rendered at request time; the prerendered copies of these paths are only their fallback. */
export const RENDERED_PATHS: ReadonlySet<string> = new Set(['/portfolio', '/portfolio/']);

export const SITE_SERVER_ENTRY = 'entry-server.cjs';
export const SITE_TEMPLATE = 'template.html';

/**
 * GET /portfolio with the current projects in the HTML: the largest paint (the first project's picture) then
 * needs no script, no API call and no hydration first. The page is rendered once per change of the public list
 * (the same 5-second cache as GET /api/portfolio) and kept compressed. When the database or the render fails,
 * the prerendered page answers (it loads the projects in the browser), else a 503 lets nginx serve it.
 */
export function registerRenderedPages(
  fastify: FastifyInstance,
  options: {
    ssrDir: string;
    portfolioJson: () => Promise<Buffer>;
    /** Sends the prerendered copy of a path; false when there is none (nginx serves the site). */
    sendSiteFile: (request: FastifyRequest, reply: FastifyReply, urlPath: string) => boolean;
  },
): void {
  const template = fs.readFileSync(path.join(options.ssrDir, SITE_TEMPLATE), 'utf8');
  const entryFile = path.join(options.ssrDir, SITE_SERVER_ENTRY);
  // Loaded on the first visit, not at start: React's server renderer costs memory only where it is used.
  let entry: SiteServerEntry | undefined;
  let current: RenderedPage | undefined;
  let rendering: Promise<RenderedPage> | undefined;

  async function render(source: Buffer): Promise<RenderedPage> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a built file found at run time
    entry ??= require(entryFile) as SiteServerEntry;
    const answer = JSON.parse(source.toString('utf8')) as AnswerOf<'GET /api/portfolio'>;
    const body = Buffer.from(await entry.renderDocument(template, '/portfolio', { portfolio: answer.portfolios }));
    return {
      source,
      body,
      brotli: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzipped: gzipSync(body, { level: 9 }),
    };
  }

  async function portfolioPage(): Promise<RenderedPage> {
    const source = await options.portfolioJson();
    // The list cache hands out new bytes every few seconds; the page is rendered again only when they differ.
    if (current?.source.equals(source)) return current;
    rendering ??= render(source)
      .then((page) => (current = page))
      .finally(() => {
        rendering = undefined;
      });
    return rendering;
  }

  async function answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let page: RenderedPage;
    try {
      page = await portfolioPage();
    } catch (error) {
      request.log.warn({ err: error }, 'GET /portfolio could not be rendered; the prerendered page answers');
      if (options.sendSiteFile(request, reply, '/portfolio/index.html')) return reply;
      return sendError(reply, 503, { success: false, message: MESSAGES.serviceUnavailable });
    }
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', CACHE_CONTROL.revalidate).header('vary', 'Accept-Encoding');
    const encoding = chooseEncoding(request, page);
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.brotli);
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzipped);
    return reply.send(page.body);
  }

  for (const url of RENDERED_PATHS) fastify.get(url, answer);
}

/** The site's server entry and template, when built: `npm run build -w @brightwave/site` writes both. */
export function hasSiteServerEntry(ssrDir: string): boolean {
  return fs.existsSync(path.join(ssrDir, SITE_SERVER_ENTRY)) && fs.existsSync(path.join(ssrDir, SITE_TEMPLATE));
}
