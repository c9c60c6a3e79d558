// The code-split page of every public route, by path (each page module exports its component and its meta).
// Kept apart from routes.ts (the app's imports) so the boot script can start loading the page chunk without
// loading anything else first.
import type { SitePagePath } from '@brightwave/common';
import type { PageModule } from './lib/page-meta';

export type PageLoader = () => Promise<PageModule>;

// One page per path of SITE_PAGE_PATHS, no more and no fewer (the backend counts page views by that list).
export const pageLoaders: Record<string, PageLoader> = {
  '/': () => import('./pages/home-page'),
  '/services': () => import('./pages/services-page'),
  '/about': () => import('./pages/about-page'),
  '/about/mission': () => import('./pages/mission-page'),
  '/about/security-policy': () => import('./pages/security-policy-page'),
  '/portfolio': () => import('./pages/portfolio-page'),
  '/careers': () => import('./pages/careers-page'),
  '/contact': () => import('./pages/contact-page'),
  '/privacy': () => import('./pages/privacy-page'),
} satisfies Record<SitePagePath, PageLoader>;

/**
 * A path no route names: the page built from blocks that the server sent for it (its page data says which;
 * docs/features/built-pages.md), else the 404 page. One module for both, so that neither the boot script nor the
 * router needs a rule of its own for the built pages, whose paths are editors' to choose.
 */
export const loadOtherPage: PageLoader = () => import('./pages/built-page');

/** The page of one job, /careers/<slug> (rendered by the backend; never prerendered). */
export const loadJobPage: PageLoader = () => import('./pages/job-page');

/** Whether a path is a job's page. A local pattern, not the shared package: this module is in the boot script. */
export const isJobPath = (pathname: string): boolean => /^\/careers\/[^/]+$/.test(normalizePath(pathname));

/** The page of a booking link, /book/<token> (rendered by the backend for each request; never prerendered). */
export const loadBookingPage: PageLoader = () => import('./pages/booking-page');

/** Whether a path is a booking link's page (BOOKING_PAGE_BASE: not imported, for the same reason). */
export const isBookingPath = (pathname: string): boolean => /^\/book\/[^/]+$/.test(normalizePath(pathname));

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/(?<!\/)\/+$/, '') : pathname;
}

export function pageLoaderForPath(pathname: string): PageLoader {
  return pageLoaders[normalizePath(pathname)] ?? (isJobPath(pathname) ? loadJobPage : isBookingPath(pathname) ? loadBookingPage : loadOtherPage);
}

export const isPublicPath = (pathname: string): boolean => normalizePath(pathname) in pageLoaders;
