import {
  BOOKING_CANCEL_PARAM,
  BOOKING_PAGE_BASE,
  MESSAGES,
  bookingCancelPath,
  bookingPath,
  type BookingDetails,
  type BookingPageData,
  type ContentFields,
  type ContentKey,
  type NavPageLink,
} from '@brightwave/common';
import { HttpStatus } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../common/domain-error';
import { sendError } from '../common/http-exception.filter';
import { DATABASE_AWAY_RETRY_AFTER_SECONDS } from '../config/operations';
import type { PublishedContent } from '../content/content.service';
import { encodedPage, perRequestPageBody, type EncodedPage } from './per-request-page';

/** The refusals a visitor's browser is answered with the page for, instead of the API's envelope. */
type Refusal = HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE;
const REFUSAL_MESSAGES: Record<Refusal, string> = {
  [HttpStatus.TOO_MANY_REQUESTS]: MESSAGES.rateLimited,
  [HttpStatus.SERVICE_UNAVAILABLE]: MESSAGES.serviceUnavailable,
};
const isRefusal = (status: number): status is Refusal => status in REFUSAL_MESSAGES;

/** The page of a refusal (429, 503): the same for every link, so it names none. */
const REFUSED_PATH = `${BOOKING_PAGE_BASE}link`;

// What a token can be (the server signs 50 characters of base64url), as long as the router takes a parameter: any other
// path under /book/ is no booking link, and gets the site's 404 page.
const BOOKING_PAGE_PATH = /^\/book\/[\w-]{1,100}\/?$/;

/** Whether a path is a booking link's page (the static files' hook leaves it to the route). */
export const isBookingPagePath = (urlPath: string): boolean => BOOKING_PAGE_PATH.test(urlPath);

interface BookingPageRequest {
  Params: { token: string };
  Querystring: Record<string, unknown>;
}

/** The page's data for a token: the link's details, or why it does not work (404 not ours, 410 no longer works). */
async function pageDataOf(token: string, details: (token: string) => Promise<BookingDetails>): Promise<BookingPageData> {
  try {
    return { token, details: await details(token) };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not-found') return { refused: { status: HttpStatus.NOT_FOUND, message: error.message } };
    if (error instanceof DomainError && error.code === 'gone') return { refused: { status: HttpStatus.GONE, message: error.message } };
    throw error;
  }
}

/**
 * GET /book/<token> (docs/features/booking.md, "The booking page"): the site's page of a booking link, rendered by the
 * site's server entry for each request with whom the call is with and its length (BookingService.details), or, for a
 * link this server did not sign (404) or one that no longer works (410), the page saying so with BOOKING_MESSAGES' words
 * and that status; at `?cancel=1` (BOOKING_CANCEL_PARAM, the visitor's mails link it), the page asks to confirm the
 * cancellation of the call booked. Never kept (`Cache-Control: no-store`: it shows the call booked), never indexed (X-Robots-Tag, and its
 * head says noindex; the sitemap leaves it out). Counted in the `booking` rate limits per address and per link, as the
 * link's API is; a refusal (over those limits, the database or the instance unavailable) is answered with the page
 * saying so, with its status and Retry-After.
 */
export function registerBookingPage(
  fastify: FastifyInstance,
  options: {
    details: (token: string) => Promise<BookingDetails>;
    content: () => Promise<PublishedContent>;
    render: (url: string, data: { booking: BookingPageData; content?: Record<ContentKey, ContentFields>; navPages?: NavPageLink[] }) => Promise<string>;
  },
): void {
  const withContent = (content: PublishedContent | undefined) =>
    content ? { content: content.pages, ...(content.navPages.length > 0 ? { navPages: content.navPages } : {}) } : {};

  // A refusal's page is the same for every visitor: rendered once per published content and status, and kept, as
  // rendering it for each request over the limit would spend what the limit saves.
  const refusals = new Map<Refusal, { stamp: string; page: Promise<EncodedPage> }>();
  function refusalPage(status: Refusal, content: PublishedContent | undefined): Promise<EncodedPage> {
    const stamp = content?.stamp ?? '';
    const kept = refusals.get(status);
    if (kept?.stamp === stamp) return kept.page;
    const booking: BookingPageData = { refused: { status, message: REFUSAL_MESSAGES[status] } };
    const page = options.render(REFUSED_PATH, { booking, ...withContent(content) }).then(encodedPage);
    refusals.set(status, { stamp, page });
    page.catch(() => {
      if (refusals.get(status)?.page === page) refusals.delete(status);
    });
    return page;
  }

  async function bookingAnswer(request: FastifyRequest<BookingPageRequest>, reply: FastifyReply): Promise<FastifyReply> {
    const { token } = request.params;
    let booking: BookingPageData;
    let html: string;
    try {
      const [data, content] = await Promise.all([pageDataOf(token, options.details), options.content()]);
      booking = data;
      // Opened from the visitor's mail to cancel the call: the page rendered at that address asks them to confirm.
      const url = request.query[BOOKING_CANCEL_PARAM] === undefined ? bookingPath(token) : bookingCancelPath(token);
      html = await options.render(url, { booking, ...withContent(content) });
    } catch (error) {
      request.log.warn({ err: error }, 'a booking page could not be rendered');
      // Answered as the page that says so (refusalAsPage).
      return sendError(reply, HttpStatus.SERVICE_UNAVAILABLE, { success: false, message: MESSAGES.serviceUnavailable }, DATABASE_AWAY_RETRY_AFTER_SECONDS);
    }
    const status = 'refused' in booking ? booking.refused.status : HttpStatus.OK;
    return reply.status(status).send(perRequestPageBody(request, reply, encodedPage(html)));
  }

  /** A refusal (the rate limits' 429, a 503): the page with its message instead of the API's envelope, status kept. */
  async function refusalAsPage(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const status = reply.statusCode;
    if (!isRefusal(status) || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    try {
      const content = await options.content().catch(() => undefined);
      return perRequestPageBody(request, reply, await refusalPage(status, content));
    } catch (error) {
      request.log.warn({ err: error }, 'the booking refusal page could not be rendered');
      return payload;
    }
  }

  for (const url of [`${BOOKING_PAGE_BASE}:token`, `${BOOKING_PAGE_BASE}:token/`]) {
    fastify.get<BookingPageRequest>(url, { config: { rateLimit: ['booking', 'booking-link'] }, onSend: refusalAsPage }, bookingAnswer);
  }
}
