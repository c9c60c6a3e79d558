import {
  CACHE_CONTROL,
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
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../common/http-exception.filter';
import type { PublishedContent } from '../content/content.service';
import { chooseEncoding } from './static-files';

/** Brotli for a page compressed on every request: 4 ms for 70 KB, against 60 ms at the build's quality. */
const SEARCH_PAGE_BROTLI_QUALITY = 5;
const BOTH_ENCODINGS = { brotli: Buffer.alloc(0), gzipped: Buffer.alloc(0) };

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
 * limit per address, as GET /api/search is.
 */
export function registerSearchPage(
  fastify: FastifyInstance,
  options: {
    search: (query: string) => Promise<SearchAnswer>;
    content: () => Promise<PublishedContent>;
    render: (url: string, data: { search: SearchPageData; content: Record<ContentKey, ContentFields>; navPages?: NavPageLink[] }) => Promise<string>;
  },
): void {
  async function searchAnswer(request: FastifyRequest<{ Querystring: { q?: unknown } }>, reply: FastifyReply): Promise<FastifyReply> {
    const { query, message } = searchPageQuery(request.query.q);
    let html: string;
    try {
      const content = await options.content();
      const results = query !== '' && !message ? (await options.search(query)).results : [];
      const search: SearchPageData = { query, results, searched: query !== '' && !message, ...(message ? { message } : {}) };
      const url = query ? `${SEARCH_PATH}?${new URLSearchParams({ q: query }).toString()}` : SEARCH_PATH;
      html = await options.render(url, { search, content: content.pages, ...(content.navPages.length > 0 ? { navPages: content.navPages } : {}) });
    } catch (error) {
      request.log.warn({ err: error }, 'the search page could not be rendered');
      return sendError(reply, 503, { success: false, message: MESSAGES.serviceUnavailable });
    }
    reply
      .status(message ? 400 : 200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', CACHE_CONTROL.noStore)
      .header('x-robots-tag', 'noindex')
      .header('vary', 'Accept-Encoding');
    const body = Buffer.from(html);
    const encoding = chooseEncoding(request, BOTH_ENCODINGS);
    if (encoding === 'br') {
      return reply
        .header('content-encoding', 'br')
        .send(brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: SEARCH_PAGE_BROTLI_QUALITY } }));
    }
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(body));
    return reply.send(body);
  }

  for (const url of [SEARCH_PATH, `${SEARCH_PATH}/`]) fastify.get(url, { config: { rateLimit: ['search'] } }, searchAnswer);
}
