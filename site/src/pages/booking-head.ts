// The head of a booking link's page (booking-page.tsx), written by the server entry only: no canonical path, so the
// page says noindex, as its X-Robots-Tag does (a link is one visitor's).
import { BOOKING_PAGE_TEXTS, bookingPageTexts, type BookingPageData, type SiteContent } from '@brightwave/common';
import type { HeadMeta } from '../lib/head-tags';

const TITLES = {
  404: BOOKING_PAGE_TEXTS.notFoundTitle,
  410: BOOKING_PAGE_TEXTS.goneTitle,
  429: BOOKING_PAGE_TEXTS.unavailableTitle,
  503: BOOKING_PAGE_TEXTS.unavailableTitle,
};

export function bookingMeta(booking: BookingPageData, site: SiteContent): HeadMeta {
  const company = site.company.name;
  if ('refused' in booking) return { title: `${TITLES[booking.refused.status]} | ${company}`, description: booking.refused.message };
  const { details } = booking;
  const texts = bookingPageTexts(details.kind);
  return { title: `${texts.title(details.with)} | ${company}`, description: texts.tagline(details.meetingMinutes) };
}
