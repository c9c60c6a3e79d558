// Every public route and its code-split page, in the order of page-loaders.ts (the sitemap's order too).
import { createElement, lazy, type ComponentType } from 'react';
import { isBookingPath, isJobPath, loadBookingPage, loadJobPage, loadOtherPage, normalizePath, pageLoaders, type PageLoader } from './page-loaders';

export type PageComponent = ComponentType & { preload: () => Promise<void> };

/**
 * A code-split page that can also be loaded ahead of rendering. The prerender and the first hydration
 * preload the page, so no Suspense boundary ever suspends there: a suspended boundary would make React
 * stream inline <script> tags (forbidden by the CSP) and would delay hydration.
 */
function lazyPage(load: PageLoader, path?: string): PageComponent {
  let loaded: ComponentType | undefined;
  // A navigation in the browser loads the page's code and its published content together (lib/content.ts).
  const Lazy = lazy(async () => {
    const pathname = path ?? window.location.pathname;
    const [module] = await Promise.all([load(), import('./lib/content-loader').then((loader) => loader.loadContentForPath(pathname))]);
    loaded = module.default;
    return module;
  });
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, {
    preload: async () => {
      loaded = (await load()).default;
    },
  });
}

export interface SiteRoute {
  path: string;
  Page: PageComponent;
}

export const publicRoutes: SiteRoute[] = Object.entries(pageLoaders).map(([path, load]) => ({ path, Page: lazyPage(load, path) }));

/** A path no route names: the page built from blocks the server sent for it, else the 404 page. */
export const otherRoute = { Page: lazyPage(loadOtherPage) };

/** /careers/:slug, apart from publicRoutes: those are prerendered and listed in the sitemap as they are. */
export const jobRoute: SiteRoute = { path: '/careers/:slug', Page: lazyPage(loadJobPage) };

/** /book/:token, apart from publicRoutes too: a booking link's page is neither prerendered nor in the sitemap. */
export const bookingRoute: SiteRoute = { path: '/book/:token', Page: lazyPage(loadBookingPage) };

export function routeForPath(pathname: string): Pick<SiteRoute, 'Page'> {
  const normalized = normalizePath(pathname);
  return publicRoutes.find((item) => item.path === normalized) ?? (isJobPath(normalized) ? jobRoute : isBookingPath(normalized) ? bookingRoute : otherRoute);
}
