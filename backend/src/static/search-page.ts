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
import type { PublishedContent } from '../content/content.service';
import { encodedPage, pageContent, perRequestPageBody, refusalAsPage, sendPageUnavailable } from './per-request-page';

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
  async function searchAnswer(request: FastifyRequest<SearchPageRequest>, reply: FastifyReply): Promise<FastifyReply> {
    const { query, message } = searchPageQuery(request.query.q);
    let html: string;
    try {
      const content = await options.content();
      const results = query !== '' && !message ? (await options.search(query)).results : [];
      const search: SearchPageData = { query, results, searched: query !== '' && !message, ...(message ? { message } : {}) };
      const url = query ? `${SEARCH_PATH}?${new URLSearchParams({ q: query }).toString()}` : SEARCH_PATH;
      html = await options.render(url, { search, ...pageContent(content) });
    } catch (error) {
      request.log.warn({ err: error }, 'the search page could not be rendered');
      return sendPageUnavailable(reply);
    }
    return reply.status(message ? HttpStatus.BAD_REQUEST : HttpStatus.OK).send(perRequestPageBody(request, reply, encodedPage(html)));
  }

  // Without the content (the database away), the site's own texts fill the refusal page's layout.
  const onSend = refusalAsPage({
    page: 'search',
    rateLimited: MESSAGES.searchRateLimited,
    content: options.content,
    render: (_status, message, content) =>
      options.render(SEARCH_PATH, { search: { query: '', results: [], searched: false, message }, ...pageContent(content) }),
  });

  for (const url of [SEARCH_PATH, `${SEARCH_PATH}/`]) {
    fastify.get<SearchPageRequest>(url, { config: { rateLimit: ['search'] }, onSend }, searchAnswer);
  }
}
