// Every public route and its code-split page (whose module also exports the page's head, `meta`).
import { createElement, lazy, type ComponentType } from 'react';
import { isPublicPath, loadNotFoundPage, normalizePath, pageLoaderForPath, pageLoaders, type PageMeta, type PageModule } from './page-loaders';

export type PageComponent = ComponentType & { preload: () => Promise<void> };

/**
 * A code-split page that can also be loaded ahead of rendering. The prerender and the first hydration
 * preload the page, so no Suspense boundary ever suspends there: a suspended boundary would make React
 * stream inline <script> tags (forbidden by the CSP) and would delay hydration.
 */
function lazyPage(load: () => Promise<PageModule>): PageComponent {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(async () => {
    const module = await load();
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

export const publicRoutes: SiteRoute[] = [
  {
    path: '/',
    Page: lazyPage(pageLoaders['/']),
  },
  {
    path: '/services',
    Page: lazyPage(pageLoaders['/services']),
  },
  {
    path: '/about',
    Page: lazyPage(pageLoaders['/about']),
  },
  {
    path: '/about/mission',
    Page: lazyPage(pageLoaders['/about/mission']),
  },
  {
    path: '/about/security-policy',
    Page: lazyPage(pageLoaders['/about/security-policy']),
  },
  {
    path: '/portfolio',
    Page: lazyPage(pageLoaders['/portfolio']),
  },
  {
    path: '/careers',
    Page: lazyPage(pageLoaders['/careers']),
  },
  {
    path: '/contact',
    Page: lazyPage(pageLoaders['/contact']),
  },
  {
    path: '/privacy',
    Page: lazyPage(pageLoaders['/privacy']),
  },
];

export const notFoundRoute = { Page: lazyPage(loadNotFoundPage) };

export function routeForPath(pathname: string): Pick<SiteRoute, 'Page'> {
  const normalized = normalizePath(pathname);
  return publicRoutes.find((item) => item.path === normalized) ?? notFoundRoute;
}

/** The head of a path: its page's meta, and its canonical path when it is a public route. */
export async function metaForPath(pathname: string): Promise<PageMeta & { canonicalPath?: string }> {
  const { meta } = await pageLoaderForPath(pathname)();
  return isPublicPath(pathname) ? { ...meta, canonicalPath: normalizePath(pathname) } : meta;
}
