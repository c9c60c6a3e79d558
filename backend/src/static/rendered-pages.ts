import fs from 'node:fs';
import path from 'node:path';
import {
  CACHE_CONTROL,
  CASE_STUDY_BASE,
  CASE_STUDY_PREVIEW_BASE,
  CONTENT_PREVIEW_BASE,
  JOB_PAGE_BASE,
  MESSAGES,
  NEWS_BASE,
  NEWS_FEED_PATH,
  NEWS_PATH,
  POSTS_FEED_SIZE,
  POSTS_PAGE_MAX,
  POST_PREVIEW_BASE,
  isTag,
  postPath,
  builtPagePath,
  caseStudyPath,
  contentPagePath,
  isContentKey,
  jobPath,
  jobSlugOfPath,
  slugIdOf,
  type AnswerOf,
  type BookingDetails,
  type BookingPageData,
  type BuiltPageDocument,
  type CaseStudyDocument,
  type ContentFields,
  type ContentKey,
  type FormQuestion,
  type Job,
  type NavPageLink,
  type PortfolioItem,
  type PostDocument,
  type PostPageData,
  type PostsPage,
  type QuestionForm,
  type SearchAnswer,
  type SearchPageData,
  SEARCH_PATH,
} from '@brightwave/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../common/http-exception.filter';
import type { PublishedBuiltPage, PublishedContent } from '../content/content.service';
import { postPageData, postsPage } from '../posts/post-pages';
import { caseStudyPageData, type CaseStudyPageData } from '../portfolio/case-study-pages';
import { blockListings, showsCaseStudies, type BlockListings } from '../pages/block-listings';
import { BUILT_PAGE_PREVIEW_BASE } from '../content/content-preview';
import type { JobPageLookup } from '../jobs/jobs.service';
import { encodedBody, lazilyEncoded, type EncodedPage } from './per-request-page';
import type { RenderedPagesCache } from './static-files';
import { registerSearchPage } from './search-page';
import { isBookingPagePath, registerBookingPage } from './booking-page';
import { FormQuestionPages, formsOfBuiltPage, formsOfPath, pageFormsOf, type PageForms } from './form-question-pages';

/** What the site's server entry (site/dist-ssr/entry-server.cjs, see site/vite.config.ts) exports. */
interface SiteServerEntry {
  renderDocument(
    template: string,
    url: string,
    data: {
      portfolio?: PortfolioItem[];
      job?: Job;
      jobClosed?: string;
      content?: Partial<Record<ContentKey, ContentFields>>;
      preview?: boolean;
      builtPage?: BuiltPageDocument;
      caseStudy?: CaseStudyPageData;
      jobs?: Job[];
      navPages?: NavPageLink[];
      news?: { list?: PostsPage; post?: PostPageData };
      search?: SearchPageData;
      booking?: BookingPageData;
      forms?: PageForms;
    } & BlockListings,
  ): Promise<string>;
  /** The news' RSS 2.0 feed (the newest posts, each with its whole text). */
  newsFeedXml(posts: PostPageData[], site: ContentFields): string;
  /** `pages`: the published built pages, each with the day it was last published. */
  sitemapXml(jobs: Job[], builtOn: string, pages?: { path: string; lastmod: string }[]): string;
  jobFeedXml(jobs: Job[], site?: ContentFields): string;
  jobFeedJson(jobs: Job[], site?: ContentFields): string;
  /** The paths of the site's pages (every one is rendered here with the published content). */
  routes: { path: string }[];
}

interface RenderedPage extends EncodedPage {
  /** What the page was rendered from (the data's bytes and the published content's stamp): equal means still current. */
  source: Buffer;
  /** The published content's stamp alone: the onRequest hook compares two strings, allocating nothing per request. */
  stamp: string;
}

/** The kinds of page rendered here, as site_page_renders_total counts them. */
export type RenderedPageKind =
  'content' | 'portfolio' | 'feeds' | 'job' | 'closed-job' | 'preview' | 'built-page' | 'case-study' | 'news' | 'post' | 'search' | 'booking';

/**
 * Rendered pages by key, each kept with what it was rendered from. A page is rendered again only when its source
 * changes, and once: the visits that arrive while it is being rendered wait for that render instead of starting
 * their own (a publish followed by a burst of visitors renders each page once).
 */
class PageCache<K> {
  private readonly pages = new Map<K, RenderedPage>();
  private readonly rendering = new Map<K, { source: Buffer; page: Promise<RenderedPage> }>();

  /** `maxPages`: a bound on keys that come and go (jobs that closed leave their copy behind). */
  constructor(private readonly maxPages: number) {}

  get(key: K): RenderedPage | undefined {
    return this.pages.get(key);
  }

  page(key: K, source: Buffer, render: () => Promise<RenderedPage>): Promise<RenderedPage> {
    const cached = this.pages.get(key);
    if (cached?.source.equals(source)) return Promise.resolve(cached);
    const inFlight = this.rendering.get(key);
    if (inFlight?.source.equals(source)) return inFlight.page;
    const page = render()
      .then((rendered) => {
        if (this.pages.size >= this.maxPages && !this.pages.has(key)) this.pages.clear();
        this.pages.set(key, rendered);
        return rendered;
      })
      .finally(() => {
        if (this.rendering.get(key)?.page === page) this.rendering.delete(key);
      });
    this.rendering.set(key, { source, page });
    return page;
  }
}

/** Paths rendered at request time whatever the build: the portfolio and the feeds. */
const DATA_PATHS: ReadonlySet<string> = new Set(['/portfolio', '/portfolio/', '/sitemap.xml', '/careers/feed.xml', '/careers/feed.json']);

/** The sitemap and the job feeds, built from the open jobs and the company's details. */
const FEEDS = {
  '/sitemap.xml': {
    contentType: 'application/xml; charset=utf-8',
    build: (entry: SiteServerEntry, jobs: Job[], builtOn: string, content: PublishedContent, portfolio: PortfolioItem[]) =>
      entry.sitemapXml(jobs, builtOn, [
        ...[...content.builtPages.values()].map((page) => ({ path: page.path, lastmod: page.publishedAt.slice(0, 10) })),
        // Every item's case study, last changed when its story was published (else when the item was added).
        ...portfolio.map((item) => ({
          path: caseStudyPath(item.slug),
          lastmod: (content.caseStudies.get(item._id)?.publishedAt ?? item.createdAt).slice(0, 10),
        })),
        // The news (docs/features/news.md): its list, changed with its newest post, and every published post.
        ...(content.posts[0] ? [{ path: NEWS_PATH, lastmod: content.posts[0].publishedAt.slice(0, 10) }] : []),
        ...content.posts.map((post) => ({ path: post.path, lastmod: post.updatedAt.slice(0, 10) })),
      ]),
  },
  '/careers/feed.xml': {
    contentType: 'application/xml; charset=utf-8',
    build: (entry: SiteServerEntry, jobs: Job[], _builtOn: string, content: PublishedContent) => entry.jobFeedXml(jobs, content.pages.site),
  },
  '/careers/feed.json': {
    contentType: 'application/feed+json; charset=utf-8',
    build: (entry: SiteServerEntry, jobs: Job[], _builtOn: string, content: PublishedContent) => entry.jobFeedJson(jobs, content.pages.site),
  },
} as const;
type FeedPath = keyof typeof FEEDS;

/** Rendered job pages (and closed ones) kept at most: far more than there are open jobs. */
const MAX_JOB_PAGES = 500;
/** Rendered built pages kept at most: far more than a site has. */
const MAX_BUILT_PAGES = 500;
/** Rendered case studies kept at most: far more than a portfolio holds. */
const MAX_CASE_STUDIES = 500;
/** Rendered posts, and pages of the news list (by tag and page), kept at most. */
const MAX_NEWS_PAGES = 500;

export const SITE_SERVER_ENTRY = 'entry-server.cjs';
export const SITE_TEMPLATE = 'template.html';
/** The paths of the site's pages, written beside the server entry by site/scripts/prerender.mjs. */
export const SITE_ROUTES_FILE = 'routes.json';

const NOT_FOUND_PATH = '/404';

/**
 * Brotli of a page rendered whenever its data changes (the portfolio, a job's page, the feeds): 14 ms for the home
 * page's 78 KB. A page rendered once per publish gets the build's quality: 61 ms, and 9 % fewer bytes (13.0 to 11.8 KB)
 * on every visit's first load (measured 2026-11-26). Each copy is made by the first request that asks for it, not with
 * the render: browsers take brotli alone, so the gzip copy waits for a client that asks for it.
 */
const FREQUENT_RENDER_BROTLI_QUALITY = 9;
const ONCE_PER_PUBLISH_BROTLI_QUALITY = 11;

/** The rendered pages of the site, as the static files' hook uses them. */
export interface RenderedPages extends RenderedPagesCache {
  /** Whether a site path is answered by a route here rather than by a file. */
  isRenderedPath(urlPath: string): boolean;
}

const normalized = (urlPath: string) => (urlPath.length > 1 && urlPath.endsWith('/') ? urlPath.slice(0, -1) : urlPath);

/**
 * The built pages in the navigation, which every page renders. Left out when there are none, so that a page with none
 * is byte for byte the build's prerendered copy.
 */
const navOf = (content: PublishedContent): { navPages?: NavPageLink[] } => (content.navPages.length > 0 ? { navPages: content.navPages } : {});

/** Whether a built page shows the open jobs (an "Open positions" block): it is rendered again when they change. */
const showsJobs = (document: BuiltPageDocument) => document.blocks.some((block) => block.type === 'openPositions');

/**
 * Every page of the site, rendered at request time with the published content (docs/features/site-content.md), and
 * the pages that show data: GET /portfolio with the current projects (the largest paint then needs no script), each
 * open job's page (docs/features/job-pages.md: 301 from an old slug, 410 for a closed job, the site's 404 for an
 * unknown one), the sitemap and the job feeds. A page is rendered once per change of what it shows and kept
 * compressed; while that is still current, the static files' onRequest hook answers it from here (answerFromCache),
 * as cheaply as a file. When the database or the render fails, the prerendered page answers (built with the
 * install's texts), else a 503 lets nginx serve it. GET /preview/<key>?token=… shows a page with its draft to the
 * holder of a signed link: never cached, never indexed. Pages built from blocks (docs/features/built-pages.md) answer
 * at their paths, which no route has: the static files' hook hands such a path here (sendNotFound), and a published
 * page answers (from its cache while current), a deleted one 410, anything else the site's 404 page; every page gets
 * the navigation's built pages (navPages); GET /preview/pages/<id>?token=… shows a built page's draft. A deleted case
 * study's or post's address answers 410 too (the published content's gonePaths).
 */
export function registerRenderedPages(
  fastify: FastifyInstance,
  options: {
    ssrDir: string;
    /** The public list of the portfolio as JSON (PortfolioService.listJson): the portfolio, the case studies, the sitemap. */
    portfolioJson: () => Promise<Buffer>;
    /** The public list of open jobs as JSON (JobsService.publicListJson): the sitemap and the feeds follow it. */
    jobsJson: () => Promise<Buffer>;
    /** The job of a page slug (JobsService.jobPage). */
    jobPage: (slug: string) => Promise<JobPageLookup>;
    /** The public list's bytes while its cache is fresh, else undefined (JobsService.freshPublicListJson). */
    freshJobsJson: () => Buffer | undefined;
    /** The same for the portfolio (PortfolioService.freshListJson): a case study's page follows it. */
    freshPortfolioJson: () => Buffer | undefined;
    /** What visitors see (ContentService.publishedContent), and the same while it is fresh, else undefined. */
    content: () => Promise<PublishedContent>;
    freshContent: () => PublishedContent | undefined;
    /** The content of a preview link, or undefined when its token does not grant `key` (ContentService.previewContent). */
    previewContent: (key: string, token: unknown) => Promise<{ key: ContentKey; pages: Record<ContentKey, ContentFields> } | undefined>;
    /** The same for a built page's preview link (ContentService.previewBuiltPage). */
    previewBuiltPage: (id: string, token: unknown) => Promise<{ document: BuiltPageDocument; content: PublishedContent } | undefined>;
    /** The same for a post's preview link (ContentService.previewPost). */
    previewPost: (id: string, token: unknown) => Promise<{ document: PostDocument; content: PublishedContent } | undefined>;
    /** The same for a case study's preview link (ContentService.previewCaseStudy). */
    previewCaseStudy: (id: string, token: unknown) => Promise<{ document: CaseStudyDocument; content: PublishedContent } | undefined>;
    /** Sends the prerendered copy of a path; false when there is none (nginx serves the site). */
    sendSiteFile: (request: FastifyRequest, reply: FastifyReply, urlPath: string, status?: number) => boolean;
    /** Counts a render (Metrics.countRender). */
    countRender: (page: RenderedPageKind) => void;
    /** The results of a search (SearchService.search): GET /search shows them. */
    search: (query: string) => Promise<SearchAnswer>;
    /** A form's custom questions (FormQuestionsRepository.questionsOf): the pages that show the form carry them. */
    formQuestions: (form: QuestionForm) => Promise<FormQuestion[]>;
    /** What a booking link is for (BookingService.details): GET /book/<token> shows it. */
    bookingDetails: (token: string) => Promise<BookingDetails>;
  },
): RenderedPages {
  const template = fs.readFileSync(path.join(options.ssrDir, SITE_TEMPLATE), 'utf8');
  const entryFile = path.join(options.ssrDir, SITE_SERVER_ENTRY);
  const contentPaths = new Set(readRoutes(options.ssrDir).filter((route) => !DATA_PATHS.has(route)));
  // Loaded on the first visit, not at start: React's server renderer costs memory only where it is used.
  let entry: SiteServerEntry | undefined;

  function loadEntry(): SiteServerEntry {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a built file found at run time
    entry ??= require(entryFile) as SiteServerEntry;
    return entry;
  }

  async function renderPage(
    kind: RenderedPageKind,
    content: PublishedContent,
    source: Buffer,
    url: string,
    data: Parameters<SiteServerEntry['renderDocument']>[2],
    brotliQuality = FREQUENT_RENDER_BROTLI_QUALITY,
  ): Promise<RenderedPage> {
    options.countRender(kind);
    return compressed(content, source, Buffer.from(await loadEntry().renderDocument(template, url, data)), brotliQuality);
  }

  function compressed(content: PublishedContent, source: Buffer, body: Buffer, brotliQuality = FREQUENT_RENDER_BROTLI_QUALITY): RenderedPage {
    return { source, stamp: content.stamp, ...lazilyEncoded(body, brotliQuality, 9) };
  }

  const sourceOf = (content: PublishedContent, data?: Buffer) => Buffer.concat([Buffer.from(`${content.stamp}\n`), data ?? Buffer.alloc(0)]);

  function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, status = 200, contentType = 'text/html; charset=utf-8'): FastifyReply {
    reply.status(status).header('content-type', contentType).header('cache-control', CACHE_CONTROL.revalidate);
    return reply.send(encodedBody(request, reply, page));
  }

  /** A page failed: its prerendered copy (the install's texts) answers, else a 503 lets nginx serve it. */
  function fallBack(request: FastifyRequest, reply: FastifyReply, file: string, error: unknown, status = 200): FastifyReply {
    request.log.warn({ err: error }, `${request.url} could not be rendered; the prerendered page answers`);
    if (options.sendSiteFile(request, reply, file, status)) return reply;
    return sendError(reply, 503, { success: false, message: MESSAGES.serviceUnavailable });
  }

  // The forms' custom questions (docs/features/form-questions.md): a page with a form is rendered with its questions,
  // and again when they change.
  const formQuestions = new FormQuestionPages(options.formQuestions);
  /** The questions' bytes each page with a form was last answered with: the static files' hook compares them. */
  const formPageQuestions = new Map<string, Buffer>();

  /** The page data of the forms a page shows: their questions, only of those that have some. */
  async function formsData(forms: QuestionForm[]): Promise<{ forms?: PageForms }> {
    return forms.length > 0 ? pageFormsOf(await formQuestions.json(), forms) : {};
  }

  // The pages that show only content (every page of the site but the portfolio), one copy per published stamp (and, for
  // the home and contact pages, per copy of their form's questions), keyed by the site's own path (never by the
  // request's, which a visitor can vary without end).
  const contentPages = new PageCache<string>(contentPaths.size + 1);

  async function contentPage(url: string): Promise<RenderedPage> {
    const forms = formsOfPath(url);
    const [content, questions] = await Promise.all([options.content(), forms.length > 0 ? formQuestions.json() : undefined]);
    const source = sourceOf(content, questions);
    const page = await contentPages.page(url, source, () =>
      renderPage(
        'content',
        content,
        source,
        url,
        { content: content.pages, ...navOf(content), ...(questions ? pageFormsOf(questions, forms) : {}) },
        ONCE_PER_PUBLISH_BROTLI_QUALITY,
      ),
    );
    if (questions) formPageQuestions.set(url, questions);
    return page;
  }

  const fileOf = (url: string) => (url === '/' ? '/index.html' : url === NOT_FOUND_PATH ? '/404.html' : `${url}/index.html`);

  async function contentAnswer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // The route's own path: the request's may be spelled otherwise (%-escapes) for the same route.
    const url = normalized(request.routeOptions.url ?? '/');
    try {
      return sendPage(request, reply, await contentPage(url));
    } catch (error) {
      return fallBack(request, reply, fileOf(url), error);
    }
  }

  for (const url of contentPaths) {
    fastify.get(url, contentAnswer);
    if (url !== '/') fastify.get(`${url}/`, contentAnswer);
  }

  /** The site's 404 page with the published content (with `status` 410 for a deleted page); the prerendered copy when that fails. */
  async function sendNotFound(request: FastifyRequest, reply: FastifyReply, status: 404 | 410 = 404): Promise<FastifyReply> {
    try {
      return sendPage(request, reply, await contentPage(NOT_FOUND_PATH), status);
    } catch (error) {
      if (options.sendSiteFile(request, reply, '/404.html', status)) return reply;
      request.log.warn({ err: error }, 'the 404 page could not be rendered');
      return sendError(reply, status, { success: false, message: MESSAGES.notFound });
    }
  }

  let portfolio: RenderedPage | undefined;
  let renderingPortfolio: Promise<RenderedPage> | undefined;

  async function portfolioPage(): Promise<RenderedPage> {
    const [list, content] = await Promise.all([options.portfolioJson(), options.content()]);
    const source = sourceOf(content, list);
    // The list cache hands out new bytes every few seconds; the page is rendered again only when they differ.
    if (portfolio?.source.equals(source)) return portfolio;
    renderingPortfolio ??= renderPage('portfolio', content, source, '/portfolio', {
      portfolio: portfolioOf(list),
      content: content.pages,
      ...navOf(content),
    })
      .then((page) => (portfolio = page))
      .finally(() => {
        renderingPortfolio = undefined;
      });
    return renderingPortfolio;
  }

  async function portfolioAnswer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    try {
      return sendPage(request, reply, await portfolioPage());
    } catch (error) {
      return fallBack(request, reply, '/portfolio/index.html', error);
    }
  }

  for (const url of ['/portfolio', '/portfolio/']) fastify.get(url, portfolioAnswer);

  // The sitemap and the feeds: built again only when the public list's bytes or the content change.
  const builtOn = fs.statSync(path.join(options.ssrDir, SITE_TEMPLATE)).mtime.toISOString().slice(0, 10);
  let feeds: { source: Buffer; files: Record<FeedPath, RenderedPage> } | undefined;

  async function feedFiles(): Promise<Record<FeedPath, RenderedPage>> {
    const [list, content, portfolioList] = await Promise.all([options.jobsJson(), options.content(), options.portfolioJson()]);
    const source = Buffer.concat([sourceOf(content, list), portfolioList]);
    if (feeds?.source.equals(source)) return feeds.files;
    const jobs = jobsOf(list);
    const portfolio = portfolioOf(portfolioList);
    const site = loadEntry();
    options.countRender('feeds');
    const build = (feed: FeedPath) => compressed(content, source, Buffer.from(FEEDS[feed].build(site, jobs, builtOn, content, portfolio)));
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

  // Job pages: one rendered copy per open job, rendered again only when the job's fields or the content change.
  const jobPages = new PageCache<string>(MAX_JOB_PAGES);
  // Closed ones: one copy per job (its short id), whatever words precede the digits in the address asked for.
  const closedPages = new PageCache<string>(MAX_JOB_PAGES);

  async function jobPage(job: Job, content: PublishedContent): Promise<RenderedPage> {
    const source = sourceOf(content, Buffer.from(JSON.stringify(job)));
    return jobPages.page(job._id, source, () => renderPage('job', content, source, jobPath(job), { job, content: content.pages, ...navOf(content) }));
  }

  /**
   * The closed page of a job: the same text for every job, rendered at the digits-only address of the job
   * (/careers/<short id>) and answered at every address that ends with them; the page knows the job by its short id,
   * so that it hydrates at any of them.
   */
  async function closedJobPage(shortId: string, content: PublishedContent): Promise<RenderedPage> {
    const source = sourceOf(content);
    return closedPages.page(shortId, source, () =>
      renderPage('closed-job', content, source, `${JOB_PAGE_BASE}${shortId}`, { jobClosed: shortId, content: content.pages, ...navOf(content) }),
    );
  }

  // Built pages (docs/features/built-pages.md): one copy per path, rendered again when the published content changes (a
  // publish, a deletion, the navigation: the news of a "Latest news" block and the stories of a "Case studies" block
  // are published content too), for a page with an "Open positions" block when the open jobs do, and for a page with
  // a "Case studies" block when the portfolio does (an item added, changed or deleted).
  const builtPages = new PageCache<string>(MAX_BUILT_PAGES);
  /**
   * A built page as last answered, with the copies of the public lists of jobs and of the portfolio it showed
   * (undefined: it shows none): while they are current, the static files' hook answers it as cheaply as GET /
   * (answerBuiltPageFromCache).
   */
  const builtPageAnswers = new Map<
    string,
    { stamp: string; list: Buffer | undefined; portfolio: Buffer | undefined; questions: Buffer | undefined; page: RenderedPage }
  >();

  /**
   * What a built page shows beside its document: the open jobs, the listing blocks' case studies and posts, its forms'
   * custom questions.
   */
  async function builtPageData(document: BuiltPageDocument, content: PublishedContent) {
    const forms = formsOfBuiltPage(document);
    const [list, portfolio, questions] = await Promise.all([
      showsJobs(document) ? options.jobsJson() : undefined,
      showsCaseStudies(document) ? options.portfolioJson() : undefined,
      forms.length > 0 ? formQuestions.json() : undefined,
    ]);
    const data = {
      ...(list ? { jobs: jobsOf(list) } : {}),
      ...blockListings(document, content, portfolio ? portfolioOf(portfolio) : []),
      ...(questions ? pageFormsOf(questions, forms) : {}),
    };
    return { list, portfolio, questions, data };
  }

  async function builtPage(
    published: PublishedBuiltPage,
    content: PublishedContent,
  ): Promise<{ list: Buffer | undefined; portfolio: Buffer | undefined; questions: Buffer | undefined; page: RenderedPage }> {
    const { list, portfolio, questions, data } = await builtPageData(published.document, content);
    const source = Buffer.concat([sourceOf(content, list), Buffer.from('\n'), portfolio ?? Buffer.alloc(0), Buffer.from('\n'), questions ?? Buffer.alloc(0)]);
    const page = await builtPages.page(published.path, source, () =>
      renderPage(
        'built-page',
        content,
        source,
        published.path,
        { builtPage: published.document, content: content.pages, ...data, ...navOf(content) },
        list || portfolio ? FREQUENT_RENDER_BROTLI_QUALITY : ONCE_PER_PUBLISH_BROTLI_QUALITY,
      ),
    );
    return { list, portfolio, questions, page };
  }

  function answerBuiltPageFromCache(request: FastifyRequest, reply: FastifyReply, urlPath: string): boolean {
    if (request.method !== 'GET') return false;
    const content = options.freshContent();
    const answer = content ? builtPageAnswers.get(normalized(urlPath)) : undefined;
    if (!content || answer?.stamp !== content.stamp) return false;
    if (answer.list !== undefined && answer.list !== options.freshJobsJson()) return false;
    if (answer.portfolio !== undefined && answer.portfolio !== options.freshPortfolioJson()) return false;
    if (answer.questions !== undefined && answer.questions !== formQuestions.fresh()) return false;
    sendPage(request, reply, answer.page);
    return true;
  }

  /** A path no file or route of the site has: a published built page, a deleted one (410), else the site's 404. */
  async function answerOtherPath(request: FastifyRequest, reply: FastifyReply, urlPath: string): Promise<FastifyReply> {
    let content: PublishedContent;
    try {
      content = await options.content();
    } catch {
      return sendNotFound(request, reply);
    }
    const pagePath = normalized(urlPath);
    const published = content.builtPages.get(pagePath);
    if (published) {
      try {
        const { list, portfolio, questions, page } = await builtPage(published, content);
        if (builtPageAnswers.size >= MAX_BUILT_PAGES && !builtPageAnswers.has(pagePath)) builtPageAnswers.clear();
        builtPageAnswers.set(pagePath, { stamp: content.stamp, list, portfolio, questions, page });
        return sendPage(request, reply, page);
      } catch (error) {
        request.log.warn({ err: error }, 'a built page could not be rendered');
        return sendError(reply, 503, { success: false, message: MESSAGES.serviceUnavailable });
      }
    }
    return sendNotFound(request, reply, content.gonePaths.has(pagePath) ? 410 : 404);
  }

  /**
   * An open job's page as last answered, with the copy of the public list it was found in. While that very copy is
   * the fresh one (and the content did not change), the static files' onRequest hook answers the page from here,
   * before the router's later stages and the handler, exactly as it answers GET /: a job's page then costs what the
   * home page does (bench:api). The next copy of the list (a change on this instance, or the 5-second cache running
   * out) sends the request through the handler again, which looks the job up anew.
   */
  const openPageAnswers = new Map<string, { list: Buffer; stamp: string; page: RenderedPage }>();
  // The same for closed jobs, by short id: a job that is closed in one copy of the list stays so until the next.
  const closedPageAnswers = new Map<string, { list: Buffer; stamp: string; page: RenderedPage }>();

  function rememberAnswer(
    answers: Map<string, { list: Buffer; stamp: string; page: RenderedPage }>,
    key: string,
    list: Buffer,
    stamp: string,
    page: RenderedPage,
  ): void {
    if (answers.size >= MAX_JOB_PAGES && !answers.has(key)) answers.clear();
    answers.set(key, { list, stamp, page });
  }

  function answerFromCache(request: FastifyRequest, reply: FastifyReply, urlPath: string): boolean {
    if (request.method !== 'GET') return false;
    const caseStudySlug = caseStudySlugOf(urlPath);
    if (caseStudySlug !== undefined) return answerCaseStudyFromCache(request, reply, caseStudySlug);
    const postSlug = postSlugOf(urlPath);
    if (postSlug !== undefined) return answerPostFromCache(request, reply, postSlug);
    const content = options.freshContent();
    if (!content) return false;
    const pagePath = normalized(urlPath);
    const cached = contentPaths.has(pagePath) ? contentPages.get(pagePath) : undefined;
    if (cached) {
      if (cached.stamp !== content.stamp) return false;
      // A page with a form: only while its questions' copy is the fresh one (else the handler looks at them again).
      const questions = formPageQuestions.get(pagePath);
      if (questions !== undefined && questions !== formQuestions.fresh()) return false;
      sendPage(request, reply, cached);
      return true;
    }
    const slug = jobSlugOfPath(urlPath);
    const list = options.freshJobsJson();
    if (slug === undefined || !list) return false;
    const open = openPageAnswers.get(slug);
    if (isCurrent(open, list, content.stamp)) {
      sendPage(request, reply, open.page);
      return true;
    }
    const closed = closedPageAnswers.get(slugIdOf(slug) ?? '');
    if (isCurrent(closed, list, content.stamp)) {
      sendPage(request, reply, closed.page, 410);
      return true;
    }
    return false;
  }

  async function jobAnswer(request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply): Promise<FastifyReply> {
    try {
      const found = await options.jobPage(request.params.slug);
      if (found.kind === 'moved') return reply.redirect(`${JOB_PAGE_BASE}${found.slug}`, 301);
      if (found.kind === 'open') {
        const content = await options.content();
        const page = await jobPage(found.job, content);
        rememberAnswer(openPageAnswers, request.params.slug, found.list, content.stamp, page);
        return sendPage(request, reply, page);
      }
      if (found.kind === 'closed') {
        const content = await options.content();
        const page = await closedJobPage(found.shortId, content);
        rememberAnswer(closedPageAnswers, found.shortId, found.list, content.stamp, page);
        return sendPage(request, reply, page, 410);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'a job page could not be rendered');
      return sendError(reply, 503, { success: false, message: MESSAGES.serviceUnavailable });
    }
    return sendNotFound(request, reply);
  }

  fastify.get(`${JOB_PAGE_BASE}:slug`, jobAnswer);
  fastify.get(`${JOB_PAGE_BASE}:slug/`, jobAnswer);

  // Case studies (docs/features/case-studies.md): one copy per item, rendered again when the public list of the
  // portfolio (the item, its neighbours) or the published content (its story, the services) changes. While both are
  // the ones it was rendered from, the static files' hook answers it as cheaply as GET / (answerCaseStudyFromCache).
  const caseStudyPages = new PageCache<string>(MAX_CASE_STUDIES);
  const caseStudyAnswers = new Map<string, { list: Buffer; stamp: string; page: RenderedPage }>();

  function answerCaseStudyFromCache(request: FastifyRequest, reply: FastifyReply, slug: string): boolean {
    const content = options.freshContent();
    const list = options.freshPortfolioJson();
    const answer = caseStudyAnswers.get(slug);
    if (!content || !list || !isCurrent(answer, list, content.stamp)) return false;
    sendPage(request, reply, answer.page);
    return true;
  }

  async function caseStudyAnswer(request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply): Promise<FastifyReply> {
    const { slug } = request.params;
    let page: RenderedPage | undefined;
    let gone = false;
    try {
      const [list, content] = await Promise.all([options.portfolioJson(), options.content()]);
      const data = caseStudyPageData(portfolioOf(list), slug, content);
      gone = content.gonePaths.has(caseStudyPath(slug));
      if (data) {
        const source = sourceOf(content, list);
        page = await caseStudyPages.page(data.item._id, source, () =>
          renderPage('case-study', content, source, caseStudyPath(slug), { caseStudy: data, content: content.pages, ...navOf(content) }),
        );
        if (caseStudyAnswers.size >= MAX_CASE_STUDIES && !caseStudyAnswers.has(slug)) caseStudyAnswers.clear();
        caseStudyAnswers.set(slug, { list, stamp: content.stamp, page });
      }
    } catch (error) {
      request.log.warn({ err: error }, 'a case study could not be rendered');
      return sendError(reply, 503, { success: false, message: MESSAGES.serviceUnavailable });
    }
    // A deleted item's address answers 410 (a redirect from it wins: the static files' hook applies it first).
    return page ? sendPage(request, reply, page) : sendNotFound(request, reply, gone ? 410 : 404);
  }

  fastify.get(`${CASE_STUDY_BASE}:slug`, caseStudyAnswer);
  fastify.get(`${CASE_STUDY_BASE}:slug/`, caseStudyAnswer);

  // A case study with its draft, for the holder of its signed link only; nothing here is kept.
  fastify.get(`${CASE_STUDY_PREVIEW_BASE}:id`, async (request: FastifyRequest<{ Params: { id: string }; Querystring: { token?: unknown } }>, reply) => {
    reply.header('cache-control', CACHE_CONTROL.noStore).header('x-robots-tag', 'noindex, nofollow');
    const preview = await options.previewCaseStudy(request.params.id, request.query.token);
    const items = preview ? portfolioOf(await options.portfolioJson()) : [];
    const item = items.find((candidate) => candidate._id === request.params.id);
    if (!preview || !item) {
      return reply.status(403).header('content-type', 'text/html; charset=utf-8').send(PREVIEW_REFUSED_HTML);
    }
    const { document, content } = preview;
    const data = caseStudyPageData(items, item.slug, content, document);
    options.countRender('preview');
    const html = await loadEntry().renderDocument(template, caseStudyPath(item.slug), {
      caseStudy: data,
      content: content.pages,
      preview: true,
      ...navOf(content),
    });
    return reply.status(200).header('content-type', 'text/html; charset=utf-8').send(html);
  });

  // The news (docs/features/news.md): /news by tag and page, each post at /news/<slug>, the RSS feed. Each is rendered
  // once per published stamp (a post's publish, at its time on every instance, changes it); while a post's copy is the
  // current one, the static files' hook answers it as cheaply as GET / (answerPostFromCache).
  const newsPages = new PageCache<string>(MAX_NEWS_PAGES);
  const postAnswers = new Map<string, { stamp: string; page: RenderedPage }>();

  function answerPostFromCache(request: FastifyRequest, reply: FastifyReply, slug: string): boolean {
    const content = options.freshContent();
    const answer = postAnswers.get(slug);
    if (!content || answer?.stamp !== content.stamp) return false;
    sendPage(request, reply, answer.page);
    return true;
  }

  async function newsListAnswer(request: FastifyRequest<{ Querystring: { tag?: unknown; page?: unknown } }>, reply: FastifyReply): Promise<FastifyReply> {
    const { tag, page } = newsQueryOf(request.query);
    if (page === undefined || tag === undefined) return sendNotFound(request, reply);
    let rendered: RenderedPage | undefined;
    try {
      const content = await options.content();
      const list = postsPage(content.posts, tag, page);
      // A page past the last is no page (the first always is, empty or not).
      if (page <= list.pages) {
        const source = sourceOf(content);
        rendered = await newsPages.page(`list:${tag ?? ''}:${page}`, source, () =>
          renderPage('news', content, source, NEWS_PATH, { news: { list }, content: content.pages, ...navOf(content) }, ONCE_PER_PUBLISH_BROTLI_QUALITY),
        );
      }
    } catch (error) {
      request.log.warn({ err: error }, 'the news could not be rendered');
      return sendError(reply, 503, { success: false, message: MESSAGES.serviceUnavailable });
    }
    return rendered ? sendPage(request, reply, rendered) : sendNotFound(request, reply);
  }

  fastify.get(NEWS_PATH, newsListAnswer);
  fastify.get(NEWS_BASE, newsListAnswer);

  fastify.get(NEWS_FEED_PATH, async (request, reply) => {
    try {
      const content = await options.content();
      const source = sourceOf(content);
      const feed = await newsPages.page('feed', source, async () => {
        options.countRender('feeds');
        const posts = content.posts.slice(0, POSTS_FEED_SIZE).flatMap((post) => postPageData(content.posts, post.document.slug) ?? []);
        return compressed(content, source, Buffer.from(loadEntry().newsFeedXml(posts, content.pages.site)));
      });
      return sendPage(request, reply, feed, 200, 'application/rss+xml; charset=utf-8');
    } catch (error) {
      request.log.warn({ err: error }, `GET ${NEWS_FEED_PATH} could not be built`);
      return sendError(reply, 503, { success: false, message: MESSAGES.serviceUnavailable });
    }
  });

  async function postAnswer(request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply): Promise<FastifyReply> {
    const { slug } = request.params;
    let page: RenderedPage | undefined;
    let gone = false;
    try {
      const content = await options.content();
      const data = postPageData(content.posts, slug);
      gone = content.gonePaths.has(postPath(slug));
      if (data) {
        const source = sourceOf(content);
        page = await newsPages.page(`post:${data.id}`, source, () =>
          renderPage(
            'post',
            content,
            source,
            postPath(slug),
            { news: { post: data }, content: content.pages, ...navOf(content) },
            ONCE_PER_PUBLISH_BROTLI_QUALITY,
          ),
        );
        if (postAnswers.size >= MAX_NEWS_PAGES && !postAnswers.has(slug)) postAnswers.clear();
        postAnswers.set(slug, { stamp: content.stamp, page });
      }
    } catch (error) {
      request.log.warn({ err: error }, 'a post could not be rendered');
      return sendError(reply, 503, { success: false, message: MESSAGES.serviceUnavailable });
    }
    // A deleted post's address answers 410 (a redirect from it wins: the static files' hook applies it first).
    return page ? sendPage(request, reply, page) : sendNotFound(request, reply, gone ? 410 : 404);
  }

  fastify.get(`${NEWS_BASE}:slug`, postAnswer);
  fastify.get(`${NEWS_BASE}:slug/`, postAnswer);

  // A post with its draft, for the holder of its signed link only; nothing here is kept.
  fastify.get(`${POST_PREVIEW_BASE}:id`, async (request: FastifyRequest<{ Params: { id: string }; Querystring: { token?: unknown } }>, reply) => {
    reply.header('cache-control', CACHE_CONTROL.noStore).header('x-robots-tag', 'noindex, nofollow');
    const preview = await options.previewPost(request.params.id, request.query.token);
    if (!preview) {
      return reply.status(403).header('content-type', 'text/html; charset=utf-8').send(PREVIEW_REFUSED_HTML);
    }
    const { document, content } = preview;
    const published = content.posts.find((post) => post.id === request.params.id);
    const now = new Date().toISOString();
    options.countRender('preview');
    const html = await loadEntry().renderDocument(template, postPath(document.slug), {
      news: { post: { id: request.params.id, post: document, publishedAt: published?.publishedAt ?? now, updatedAt: now } },
      content: content.pages,
      preview: true,
      ...navOf(content),
    });
    return reply.status(200).header('content-type', 'text/html; charset=utf-8').send(html);
  });

  // A page with its draft, for the holder of a signed link only; nothing here is kept.
  fastify.get(`${CONTENT_PREVIEW_BASE}:key`, async (request: FastifyRequest<{ Params: { key: string }; Querystring: { token?: unknown } }>, reply) => {
    reply.header('cache-control', CACHE_CONTROL.noStore).header('x-robots-tag', 'noindex, nofollow');
    const { key } = request.params;
    const preview = isContentKey(key) ? await options.previewContent(key, request.query.token) : undefined;
    if (!preview) {
      return reply.status(403).header('content-type', 'text/html; charset=utf-8').send(PREVIEW_REFUSED_HTML);
    }
    options.countRender('preview');
    const html = await loadEntry().renderDocument(template, contentPagePath(preview.key), {
      content: preview.pages,
      preview: true,
      ...navOf(await options.content()),
      ...(await formsData(formsOfPath(contentPagePath(preview.key)))),
    });
    return reply.status(200).header('content-type', 'text/html; charset=utf-8').send(html);
  });

  // A built page with its draft, for the holder of its signed link only; nothing here is kept.
  fastify.get(`${BUILT_PAGE_PREVIEW_BASE}:id`, async (request: FastifyRequest<{ Params: { id: string }; Querystring: { token?: unknown } }>, reply) => {
    reply.header('cache-control', CACHE_CONTROL.noStore).header('x-robots-tag', 'noindex, nofollow');
    const preview = await options.previewBuiltPage(request.params.id, request.query.token);
    if (!preview) {
      return reply.status(403).header('content-type', 'text/html; charset=utf-8').send(PREVIEW_REFUSED_HTML);
    }
    const { document, content } = preview;
    const { data } = await builtPageData(document, content);
    options.countRender('preview');
    const html = await loadEntry().renderDocument(template, builtPagePath(document.slug), {
      builtPage: document,
      content: content.pages,
      preview: true,
      ...data,
      ...navOf(content),
    });
    return reply.status(200).header('content-type', 'text/html; charset=utf-8').send(html);
  });

  registerSearchPage(fastify, {
    search: options.search,
    content: options.content,
    render: (url, data) => {
      options.countRender('search');
      return loadEntry().renderDocument(template, url, data);
    },
  });

  registerBookingPage(fastify, {
    details: options.bookingDetails,
    content: options.content,
    render: (url, data) => {
      options.countRender('booking');
      return loadEntry().renderDocument(template, url, data);
    },
  });

  return {
    answerFromCache,
    isRenderedPath: (urlPath) => {
      if (normalized(urlPath) === SEARCH_PATH || isBookingPagePath(urlPath)) return true;
      if (DATA_PATHS.has(urlPath) || contentPaths.has(normalized(urlPath)) || urlPath.startsWith(CONTENT_PREVIEW_BASE)) return true;
      if (caseStudySlugOf(urlPath) !== undefined) return true;
      if (normalized(urlPath) === NEWS_PATH || urlPath === NEWS_FEED_PATH || postSlugOf(urlPath) !== undefined) return true;
      const slug = jobSlugOfPath(urlPath);
      return slug !== undefined && slugIdOf(slug) !== undefined;
    },
    sendNotFound: (request, reply, urlPath) => {
      if (answerBuiltPageFromCache(request, reply, urlPath)) return true;
      void answerOtherPath(request, reply, urlPath);
      return true;
    },
  };
}

const portfolioOf = (list: Buffer): PortfolioItem[] => (JSON.parse(list.toString('utf8')) as AnswerOf<'GET /api/portfolio'>).portfolios;

const jobsOf = (list: Buffer): Job[] => (JSON.parse(list.toString('utf8')) as AnswerOf<'GET /api/jobs'>).jobs ?? [];

/** The slug of a case study's path (`/portfolio/<slug>`, with or without a trailing slash), else undefined. */
function caseStudySlugOf(urlPath: string): string | undefined {
  if (!urlPath.startsWith(CASE_STUDY_BASE)) return undefined;
  const slug = normalized(urlPath).slice(CASE_STUDY_BASE.length);
  return slug !== '' && !slug.includes('/') ? slug : undefined;
}

/** The slug of a post's path (`/news/<slug>`, with or without a trailing slash; not the feed), else undefined. */
function postSlugOf(urlPath: string): string | undefined {
  if (!urlPath.startsWith(NEWS_BASE) || urlPath === NEWS_FEED_PATH) return undefined;
  const slug = normalized(urlPath).slice(NEWS_BASE.length);
  return slug !== '' && !slug.includes('/') ? slug : undefined;
}

/**
 * The tag and page of a request for /news: null for all posts, page 1 when not given; undefined for either when the
 * query names no tag or page that can be (the site's 404 then answers).
 */
function newsQueryOf(query: { tag?: unknown; page?: unknown }): { tag: string | null | undefined; page: number | undefined } {
  const tag = query.tag === undefined || query.tag === '' ? null : typeof query.tag === 'string' && isTag(query.tag) ? query.tag : undefined;
  const page = query.page === undefined ? 1 : typeof query.page === 'string' && /^[1-9]\d{0,3}$/.test(query.page) ? Number(query.page) : undefined;
  return { tag, page: page !== undefined && page <= POSTS_PAGE_MAX ? page : undefined };
}

/** Whether a page's answer was found in this very copy of the public list, with the content published now. */
function isCurrent<T extends { list: Buffer; stamp: string }>(answer: T | undefined, list: Buffer, stamp: string): answer is T {
  return answer !== undefined && answer.list === list && answer.stamp === stamp;
}

/** What a preview link that is not (or no longer) valid shows: a page of its own, with no content of the site. */
const PREVIEW_REFUSED_HTML = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">',
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Preview link not valid</title></head>',
  '<body><main><h1>This preview link is not valid or has expired</h1>',
  '<p>Preview links work for one hour. Open the page in the admin (Content, or Pages) and choose Preview again.</p></main></body></html>',
].join('');

/** The site's page paths from the build; none when the build predates them (every page is then its prerendered file). */
function readRoutes(ssrDir: string): string[] {
  try {
    const routes = JSON.parse(fs.readFileSync(path.join(ssrDir, SITE_ROUTES_FILE), 'utf8')) as unknown;
    return Array.isArray(routes) ? routes.filter((route): route is string => typeof route === 'string' && route.startsWith('/')) : [];
  } catch {
    return [];
  }
}

/** The site's server entry and template, when built: `npm run build -w @brightwave/site` writes both. */
export function hasSiteServerEntry(ssrDir: string): boolean {
  return fs.existsSync(path.join(ssrDir, SITE_SERVER_ENTRY)) && fs.existsSync(path.join(ssrDir, SITE_TEMPLATE));
}
