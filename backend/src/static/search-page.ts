import { DATABASE_AWAY_RETRY_AFTER_SECONDS } from '../config/operations';
import {
  MESSAGES,
  SEARCH_MESSAGES,
  SEARCH_PATH,
  SEARCH_QUERY_MAX,
  type ContentFields,
  type ContentKey,
  type NavPageLink,
  type SearchAnswer,
  type SearchPageData,
} from '@brightwave/common';
import { HttpStatus } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../common/http-exception.filter';
import type { PublishedContent } from '../content/content.service';
import { encodedPage, perRequestPageBody, type EncodedPage } from './per-request-page';

/** The refusals a visitor's browser is answered with the page for, instead of the API's envelope. */
type Refusal = HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE;
const REFUSAL_MESSAGES: Record<Refusal, string> = {
  [HttpStatus.TOO_MANY_REQUESTS]: MESSAGES.searchRateLimited,
  [HttpStatus.SERVICE_UNAVAILABLE]: MESSAGES.serviceUnavailable,
};
const isRefusal = (status: number): status is Refusal => status in REFUSAL_MESSAGES;

interface SearchPageRequest {
  Querystring: { q?: unknown };
}

/**
 * What the search page reads from the request: the trimmed query, or the message a query that cannot be searched
 * shows (none given is the empty form, not a mistake).
 */
export function searchPageQuery(q: unknown): { query: string; message?: string } {
  if (q === undefined) return { query: '' };
  if (typeof q !== 'string') return { query: '', message: SEARCH_MESSAGES.query };
  const query = q.trim();
  if (query.length > SEARCH_QUERY_MAX) return { query: query.slice(0, SEARCH_QUERY_MAX), message: SEARCH_MESSAGES.query };
  return { query };
}

/**
 * GET /search?q= (docs/features/search.md): the site's page of search results, rendered by the site's server entry for
 * each search (the results are never kept: a query is anything a visitor types) and never indexed (its head has no
 * canonical link, so it says noindex; the sitemap leaves it out). It needs no script. Counted in the `search` rate
 * limit per address, as GET /api/search is. A search refused (over that limit, the database or the instance
 * unavailable) is answered with the page too, saying so, with the refusal's status (and its Retry-After): the API's
 * JSON envelope is no answer for a browser.
 */
export function registerSearchPage(
  fastify: FastifyInstance,
  options: {
    search: (query: string) => Promise<SearchAnswer>;
    content: () => Promise<PublishedContent>;
    render: (url: string, data: { search: SearchPageData; content?: Record<ContentKey, ContentFields>; navPages?: NavPageLink[] }) => Promise<string>;
  },
): void {
  const withContent = (content: PublishedContent | undefined) =>
    content ? { content: content.pages, ...(content.navPages.length > 0 ? { navPages: content.navPages } : {}) } : {};

  // A refusal's page is the same for every visitor (an empty form and the message): it is rendered once per
  // published content and kept, as rendering it for each request over the limit would spend what the limit saves.
  // Without the content (the database away), the site's own texts fill the layout.
  const refusals = new Map<Refusal, { stamp: string; page: Promise<EncodedPage> }>();
  function refusalPage(status: Refusal, content: PublishedContent | undefined): Promise<EncodedPage> {
    const stamp = content?.stamp ?? '';
    const kept = refusals.get(status);
    if (kept?.stamp === stamp) return kept.page;
    const search: SearchPageData = { query: '', results: [], searched: false, message: REFUSAL_MESSAGES[status] };
    const page = options.render(SEARCH_PATH, { search, ...withContent(content) }).then(encodedPage);
    refusals.set(status, { stamp, page });
    page.catch(() => {
      if (refusals.get(status)?.page === page) refusals.delete(status);
    });
    return page;
  }

  async function searchAnswer(request: FastifyRequest<SearchPageRequest>, reply: FastifyReply): Promise<FastifyReply> {
    const { query, message } = searchPageQuery(request.query.q);
    let html: string;
    try {
      const content = await options.content();
      const results = query !== '' && !message ? (await options.search(query)).results : [];
      const search: SearchPageData = { query, results, searched: query !== '' && !message, ...(message ? { message } : {}) };
      const url = query ? `${SEARCH_PATH}?${new URLSearchParams({ q: query }).toString()}` : SEARCH_PATH;
      html = await options.render(url, { search, ...withContent(content) });
    } catch (error) {
      request.log.warn({ err: error }, 'the search page could not be rendered');
      // Answered as the page that says so (refusalAsPage).
      return sendError(reply, HttpStatus.SERVICE_UNAVAILABLE, { success: false, message: MESSAGES.serviceUnavailable }, DATABASE_AWAY_RETRY_AFTER_SECONDS);
    }
    return reply.status(message ? HttpStatus.BAD_REQUEST : HttpStatus.OK).send(perRequestPageBody(request, reply, encodedPage(html)));
  }

  /**
   * A refused search (the rate limit's 429; a 503 from the page itself or an overloaded instance): the page with the
   * refusal's message instead of the API's envelope, its status and Retry-After kept. Should the page itself fail,
   * the envelope stays.
   */
  async function refusalAsPage(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const status = reply.statusCode;
    if (!isRefusal(status) || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    try {
      const content = await options.content().catch(() => undefined);
      return perRequestPageBody(request, reply, await refusalPage(status, content));
    } catch (error) {
      request.log.warn({ err: error }, 'the search refusal page could not be rendered');
      return payload;
    }
  }

  for (const url of [SEARCH_PATH, `${SEARCH_PATH}/`]) {
    fastify.get<SearchPageRequest>(url, { config: { rateLimit: ['search'] }, onSend: refusalAsPage }, searchAnswer);
  }
}
