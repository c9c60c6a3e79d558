import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { CACHE_CONTROL, JOB_PAGE_BASE, MESSAGES, jobPath, jobSlugOfPath, slugIdOf, type AnswerOf, type Job, type PortfolioItem } from '@brightwave/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../common/http-exception.filter';
import type { JobPageLookup } from '../jobs/jobs.service';
import { chooseEncoding, type RenderedPagesCache } from './static-files';

/** What the site's server entry (site/dist-ssr/entry-server.cjs, see site/vite.config.ts) exports. */
interface SiteServerEntry {
  renderDocument(template: string, url: string, data: { portfolio?: PortfolioItem[]; job?: Job; jobClosed?: string }): Promise<string>;
  sitemapXml(jobs: Job[], builtOn: string): string;
  jobFeedXml(jobs: Job[]): string;
  jobFeedJson(jobs: Job[]): string;
}

interface RenderedPage {
  /** The GET /api/portfolio answer the page shows. */
  source: Buffer;
  body: Buffer;
  brotli: Buffer;
  gzipped: Buffer;
}

/** Pages rendered at request time; the prerendered copies of these paths are only their fallback. */
export const RENDERED_PATHS: ReadonlySet<string> = new Set(['/portfolio', '/portfolio/', '/sitemap.xml', '/careers/feed.xml', '/careers/feed.json']);

/** The sitemap and the job feeds, built from the open jobs. */
const FEEDS = {
  '/sitemap.xml': {
    contentType: 'application/xml; charset=utf-8',
    build: (entry: SiteServerEntry, jobs: Job[], builtOn: string) => entry.sitemapXml(jobs, builtOn),
  },
  '/careers/feed.xml': { contentType: 'application/xml; charset=utf-8', build: (entry: SiteServerEntry, jobs: Job[]) => entry.jobFeedXml(jobs) },
  '/careers/feed.json': { contentType: 'application/feed+json; charset=utf-8', build: (entry: SiteServerEntry, jobs: Job[]) => entry.jobFeedJson(jobs) },
} as const;
type FeedPath = keyof typeof FEEDS;

/** Whether a site path is answered by a route here rather than by a file: /portfolio and every job page. */
export function isRenderedPath(urlPath: string): boolean {
  const slug = jobSlugOfPath(urlPath);
  return RENDERED_PATHS.has(urlPath) || (slug !== undefined && slugIdOf(slug) !== undefined);
}

/** Rendered job pages (and closed ones) kept at most: far more than there are open jobs. */
const MAX_JOB_PAGES = 500;

export const SITE_SERVER_ENTRY = 'entry-server.cjs';
export const SITE_TEMPLATE = 'template.html';

/**
 * GET /portfolio with the current projects in the HTML: the largest paint (the first project's picture) then
 * needs no script, no API call and no hydration first. The page is rendered once per change of the public list
 * (the same 5-second cache as GET /api/portfolio) and kept compressed. When the database or the render fails,
 * the prerendered page answers (it loads the projects in the browser), else a 503 lets nginx serve it.
 * GET /careers/<slug> likewise shows one open job (docs/features/job-pages.md): 301 from an old slug, 410 for a
 * closed job, the site's 404 for an unknown one; it has no prerendered copy.
 */
export function registerRenderedPages(
  fastify: FastifyInstance,
  options: {
    ssrDir: string;
    portfolioJson: () => Promise<Buffer>;
    /** The public list of open jobs as JSON (JobsService.publicListJson): the sitemap and the feeds follow it. */
    jobsJson: () => Promise<Buffer>;
    /** The job of a page slug (JobsService.jobPage). */
    jobPage: (slug: string) => Promise<JobPageLookup>;
    /** The public list's bytes while its cache is fresh, else undefined (JobsService.freshPublicListJson). */
    freshJobsJson: () => Buffer | undefined;
    /** Sends the prerendered copy of a path; false when there is none (nginx serves the site). */
    sendSiteFile: (request: FastifyRequest, reply: FastifyReply, urlPath: string, status?: number) => boolean;
  },
): RenderedPagesCache {
  const template = fs.readFileSync(path.join(options.ssrDir, SITE_TEMPLATE), 'utf8');
  const entryFile = path.join(options.ssrDir, SITE_SERVER_ENTRY);
  // Loaded on the first visit, not at start: React's server renderer costs memory only where it is used.
  let entry: SiteServerEntry | undefined;
  let current: RenderedPage | undefined;
  let rendering: Promise<RenderedPage> | undefined;

  function loadEntry(): SiteServerEntry {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a built file found at run time
    entry ??= require(entryFile) as SiteServerEntry;
    return entry;
  }

  async function renderPage(source: Buffer, url: string, data: Parameters<SiteServerEntry['renderDocument']>[2]): Promise<RenderedPage> {
    return compressed(source, Buffer.from(await loadEntry().renderDocument(template, url, data)));
  }

  function compressed(source: Buffer, body: Buffer): RenderedPage {
    return {
      source,
      body,
      brotli: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzipped: gzipSync(body, { level: 9 }),
    };
  }

  function render(source: Buffer): Promise<RenderedPage> {
    const answer = JSON.parse(source.toString('utf8')) as AnswerOf<'GET /api/portfolio'>;
    return renderPage(source, '/portfolio', { portfolio: answer.portfolios });
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

  function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, status = 200, contentType = 'text/html; charset=utf-8'): FastifyReply {
    reply.status(status).header('content-type', contentType).header('cache-control', CACHE_CONTROL.revalidate).header('vary', 'Accept-Encoding');
    const encoding = chooseEncoding(request, page);
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.brotli);
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzipped);
    return reply.send(page.body);
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
    return sendPage(request, reply, page);
  }

  for (const url of ['/portfolio', '/portfolio/']) fastify.get(url, answer);

  // The sitemap and the feeds: built again only when the public list's bytes change (5 s cache per instance).
  const builtOn = fs.statSync(path.join(options.ssrDir, SITE_TEMPLATE)).mtime.toISOString().slice(0, 10);
  let feeds: { source: Buffer; files: Record<FeedPath, RenderedPage> } | undefined;

  async function feedFiles(): Promise<Record<FeedPath, RenderedPage>> {
    const source = await options.jobsJson();
    if (feeds?.source.equals(source)) return feeds.files;
    const jobs = (JSON.parse(source.toString('utf8')) as AnswerOf<'GET /api/jobs'>).jobs ?? [];
    const site = loadEntry();
    const build = (feed: FeedPath) => compressed(source, Buffer.from(FEEDS[feed].build(site, jobs, builtOn)));
    feeds = {
      source,
      files: { '/sitemap.xml': build('/sitemap.xml'), '/careers/feed.xml': build('/careers/feed.xml'), '/careers/feed.json': build('/careers/feed.json') },
    };
    return feeds.files;
  }

  for (const feed of Object.keys(FEEDS) as FeedPath[]) {
    fastify.get(feed, async (request, reply) => {
      let file: RenderedPage;
      try {
        file = (await feedFiles())[feed];
      } catch (error) {
        request.log.warn({ err: error }, `GET ${feed} could not be built`);
        // The sitemap has a prerendered copy (without the jobs); the feeds have none.
        if (options.sendSiteFile(request, reply, feed)) return reply;
        return sendError(reply, 503, { success: false, message: MESSAGES.serviceUnavailable });
      }
      return sendPage(request, reply, file, 200, FEEDS[feed].contentType);
    });
  }

  // Job pages: one rendered copy per open job, rendered again only when the job's fields change.
  const jobPages = new Map<string, RenderedPage>();
  const closedPages = new Map<string, RenderedPage>();

  async function jobPage(job: Job): Promise<RenderedPage> {
    const source = Buffer.from(JSON.stringify(job));
    const cached = jobPages.get(job._id);
    if (cached?.source.equals(source)) return cached;
    const page = await renderPage(source, jobPath(job), { job });
    // Jobs that closed leave their copy behind; a bound keeps that from growing without end.
    if (jobPages.size >= MAX_JOB_PAGES) jobPages.clear();
    jobPages.set(job._id, page);
    return page;
  }

  /** The closed page of a slug: the same text for every job, rendered at the slug's own path for hydration. */
  async function closedJobPage(slug: string): Promise<RenderedPage> {
    const cached = closedPages.get(slug);
    if (cached) return cached;
    const page = await renderPage(Buffer.alloc(0), `${JOB_PAGE_BASE}${slug}`, { jobClosed: slug });
    if (closedPages.size >= MAX_JOB_PAGES) closedPages.clear();
    closedPages.set(slug, page);
    return page;
  }

  /**
   * An open job's page as last answered, with the copy of the public list it was found in. While that very copy is
   * the fresh one, the static files' onRequest hook answers the page from here (answerFromCache), before the router's
   * later stages and the handler, exactly as it answers GET /: a job's page then costs what the home page does
   * (bench:api). The next copy of the list (a change on this instance, or the 5-second cache running out) sends the
   * request through the handler again, which looks the job up anew.
   */
  const openPageAnswers = new Map<string, { list: Buffer; page: RenderedPage }>();

  function answerFromCache(request: FastifyRequest, reply: FastifyReply, urlPath: string): boolean {
    if (request.method !== 'GET') return false;
    const slug = jobSlugOfPath(urlPath);
    const answered = slug === undefined ? undefined : openPageAnswers.get(slug);
    const list = options.freshJobsJson();
    if (!answered || !list || answered.list !== list) return false;
    sendPage(request, reply, answered.page);
    return true;
  }

  async function jobAnswer(request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply): Promise<FastifyReply> {
    try {
      const found = await options.jobPage(request.params.slug);
      if (found.kind === 'moved') return reply.redirect(`${JOB_PAGE_BASE}${found.slug}`, 301);
      if (found.kind === 'open') {
        const page = await jobPage(found.job);
        if (openPageAnswers.size >= MAX_JOB_PAGES) openPageAnswers.clear();
        openPageAnswers.set(request.params.slug, { list: found.list, page });
        return sendPage(request, reply, page);
      }
      if (found.kind === 'closed') return sendPage(request, reply, await closedJobPage(request.params.slug), 410);
    } catch (error) {
      request.log.warn({ err: error }, 'a job page could not be rendered');
      return sendError(reply, 503, { success: false, message: MESSAGES.serviceUnavailable });
    }
    if (options.sendSiteFile(request, reply, '/404.html', 404)) return reply;
    return sendError(reply, 404, { success: false, message: MESSAGES.notFound });
  }

  fastify.get(`${JOB_PAGE_BASE}:slug`, jobAnswer);
  fastify.get(`${JOB_PAGE_BASE}:slug/`, jobAnswer);
  return { answerFromCache };
}

/** The site's server entry and template, when built: `npm run build -w @brightwave/site` writes both. */
export function hasSiteServerEntry(ssrDir: string): boolean {
  return fs.existsSync(path.join(ssrDir, SITE_SERVER_ENTRY)) && fs.existsSync(path.join(ssrDir, SITE_TEMPLATE));
}
