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
import type { PublishedContent } from '../content/content.service';
import { encodedPage, pageContent, perRequestPageBody, refusalAsPage, sendPageUnavailable } from './per-request-page';

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
  async function bookingAnswer(request: FastifyRequest<BookingPageRequest>, reply: FastifyReply): Promise<FastifyReply> {
    const { token } = request.params;
    let booking: BookingPageData;
    let html: string;
    try {
      const [data, content] = await Promise.all([pageDataOf(token, options.details), options.content()]);
      booking = data;
      // Opened from the visitor's mail to cancel the call: the page rendered at that address asks them to confirm.
      const url = request.query[BOOKING_CANCEL_PARAM] === undefined ? bookingPath(token) : bookingCancelPath(token);
      html = await options.render(url, { booking, ...pageContent(content) });
    } catch (error) {
      request.log.warn({ err: error }, 'a booking page could not be rendered');
      return sendPageUnavailable(reply);
    }
    const status = 'refused' in booking ? booking.refused.status : HttpStatus.OK;
    return reply.status(status).send(perRequestPageBody(request, reply, encodedPage(html)));
  }

  const onSend = refusalAsPage({
    page: 'booking',
    rateLimited: MESSAGES.rateLimited,
    content: options.content,
    render: (status, message, content) => options.render(REFUSED_PATH, { booking: { refused: { status, message } }, ...pageContent(content) }),
  });

  for (const url of [`${BOOKING_PAGE_BASE}:token`, `${BOOKING_PAGE_BASE}:token/`]) {
    fastify.get<BookingPageRequest>(url, { config: { rateLimit: ['booking', 'booking-link'] }, onSend }, bookingAnswer);
  }
}
