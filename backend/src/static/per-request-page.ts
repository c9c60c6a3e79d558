import { CACHE_CONTROL, MESSAGES, type ContentFields, type ContentKey, type NavPageLink } from '@brightwave/common';
import { HttpStatus } from '@nestjs/common';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../common/http-exception.filter';
import { DATABASE_AWAY_RETRY_AFTER_SECONDS } from '../config/operations';
import type { PublishedContent } from '../content/content.service';
import { chooseEncoding } from './static-files';

/** Brotli for a page compressed on every request: 4 ms for 70 KB, against 60 ms at the build's quality. */
const PER_REQUEST_BROTLI_QUALITY = 5;
const BOTH_ENCODINGS = { brotli: Buffer.alloc(0), gzipped: Buffer.alloc(0) };

/**
 * A page in the encodings a client may ask for, each compressed once, when first asked for: most clients take brotli,
 * and the gzip copy is made only for the few that do not.
 */
export interface EncodedPage {
  body: Buffer;
  brotli: () => Buffer;
  gzipped: () => Buffer;
}

/** `body` compressed lazily, at `brotliQuality` and gzip's `gzipLevel`. */
export function lazilyEncoded(body: Buffer, brotliQuality: number, gzipLevel?: number): EncodedPage {
  let brotli: Buffer | undefined;
  let gzipped: Buffer | undefined;
  return {
    body,
    brotli: () => (brotli ??= brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality } })),
    gzipped: () => (gzipped ??= gzipSync(body, { level: gzipLevel })),
  };
}

export function encodedPage(html: string): EncodedPage {
  return lazilyEncoded(Buffer.from(html), PER_REQUEST_BROTLI_QUALITY);
}

/** The copy of `page` the client prefers, after setting the headers that say which. */
export function encodedBody(request: FastifyRequest, reply: FastifyReply, page: EncodedPage): Buffer {
  reply.header('vary', 'Accept-Encoding');
  const encoding = chooseEncoding(request, BOTH_ENCODINGS);
  if (encoding === 'identity') return page.body;
  reply.header('content-encoding', encoding);
  return encoding === 'br' ? page.brotli() : page.gzipped();
}

/**
 * The body of a page rendered for one request (the search page, a booking link's page), after setting its headers:
 * HTML, never kept by a cache or a browser, never indexed. The copy the client prefers.
 */
export function perRequestPageBody(request: FastifyRequest, reply: FastifyReply, page: EncodedPage): Buffer {
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', CACHE_CONTROL.noStore).header('x-robots-tag', 'noindex');
  return encodedBody(request, reply, page);
}

/** The site's texts a per-request page is rendered with; none when the content could not be read (the site's own fill in). */
export function pageContent(content: PublishedContent | undefined): { content?: Record<ContentKey, ContentFields>; navPages?: NavPageLink[] } {
  return content ? { content: content.pages, ...(content.navPages.length > 0 ? { navPages: content.navPages } : {}) } : {};
}

/** A page that could not be rendered: the 503 envelope, which the route's refusal hook turns into the page saying so. */
export function sendPageUnavailable(reply: FastifyReply): FastifyReply {
  return sendError(reply, HttpStatus.SERVICE_UNAVAILABLE, { success: false, message: MESSAGES.serviceUnavailable }, DATABASE_AWAY_RETRY_AFTER_SECONDS);
}

/** The refusals a visitor's browser is answered with a page for, instead of the API's envelope. */
export type Refusal = HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE;

/**
 * The onSend hook of a per-request page's route: a refusal (the rate limits' 429; a 503 from the page itself or an
 * overloaded instance) is answered with the page saying so (`rateLimited` for a 429), its status and Retry-After
 * kept, as the API's JSON envelope is no answer for a browser. Should that page fail too, the envelope stays.
 * A refusal's page is the same for every visitor: rendered once per published content and status, and kept, as
 * rendering it for each request over the limit would spend what the limit saves.
 */
export function refusalAsPage(options: {
  page: string;
  rateLimited: string;
  content: () => Promise<PublishedContent>;
  render: (status: Refusal, message: string, content: PublishedContent | undefined) => Promise<string>;
}): (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown> {
  const messages: Record<Refusal, string> = {
    [HttpStatus.TOO_MANY_REQUESTS]: options.rateLimited,
    [HttpStatus.SERVICE_UNAVAILABLE]: MESSAGES.serviceUnavailable,
  };
  const isRefusal = (status: number): status is Refusal => status in messages;
  const kept = new Map<Refusal, { stamp: string; page: Promise<EncodedPage> }>();

  function refusalPage(status: Refusal, content: PublishedContent | undefined): Promise<EncodedPage> {
    const stamp = content?.stamp ?? '';
    const known = kept.get(status);
    if (known?.stamp === stamp) return known.page;
    const page = options.render(status, messages[status], content).then(encodedPage);
    kept.set(status, { stamp, page });
    page.catch(() => {
      if (kept.get(status)?.page === page) kept.delete(status);
    });
    return page;
  }

  return async (request, reply, payload) => {
    const status = reply.statusCode;
    if (!isRefusal(status) || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    try {
      const content = await options.content().catch(() => undefined);
      return perRequestPageBody(request, reply, await refusalPage(status, content));
    } catch (error) {
      request.log.warn({ err: error }, `the ${options.page} refusal page could not be rendered`);
      return payload;
    }
  };
}
