// Every public route: its page chunk (code-split), its source (for the prerender's modulepreload) and head.
import { createElement, lazy, type ComponentType } from 'react';

type PageModule = { default: ComponentType };
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

export interface PageMeta {
  title: string;
  description: string;
}

export interface SiteRoute extends PageMeta {
  path: string;
  /** Source file of the page, the key of the Vite manifest. */
  source: string;
  Page: PageComponent;
}

export const publicRoutes: SiteRoute[] = [
  {
    path: '/',
    source: 'src/pages/home-page.tsx',
    Page: lazyPage(() => import('./pages/home-page')),
    title: 'Brightwave Technologies | Web, Mobile, Blockchain and Marketing Services',
    description:
      'Brightwave Technologies designs and builds e-commerce stores, websites, mobile apps, blockchain solutions and CRMs, and markets them. Request a free quote.',
  },
  {
    path: '/services',
    source: 'src/pages/services-page.tsx',
    Page: lazyPage(() => import('./pages/services-page')),
    title: 'Our Services | Brightwave Technologies',
    description:
      'E-commerce design, web and logo design, social media management, marketing, mobile apps, blockchain, health and beauty solutions and CRMs.',
  },
  {
    path: '/about',
    source: 'src/pages/about-page.tsx',
    Page: lazyPage(() => import('./pages/about-page')),
    title: 'About Us | Brightwave Technologies',
    description:
      'Over 10 years, 500+ clients in 30+ countries and a 98% success rate: meet the team, our process and the clients we build for.',
  },
  {
    path: '/about/mission',
    source: 'src/pages/mission-page.tsx',
    Page: lazyPage(() => import('./pages/mission-page')),
    title: 'Mission & Vision | Brightwave Technologies',
    description: 'Why Brightwave Technologies exists, where we are heading and the values that guide every project.',
  },
  {
    path: '/about/security-policy',
    source: 'src/pages/security-policy-page.tsx',
    Page: lazyPage(() => import('./pages/security-policy-page')),
    title: 'Security Policy | Brightwave Technologies',
    description:
      'How Brightwave Technologies protects client data: encryption, access control, network security, incident response, compliance and training.',
  },
  {
    path: '/portfolio',
    source: 'src/pages/portfolio-page.tsx',
    Page: lazyPage(() => import('./pages/portfolio-page')),
    title: 'Our Portfolio | Brightwave Technologies',
    description: 'Selected projects by Brightwave Technologies: marketplaces, apps, blockchain wallets, brands and CRMs.',
  },
  {
    path: '/careers',
    source: 'src/pages/careers-page.tsx',
    Page: lazyPage(() => import('./pages/careers-page')),
    title: 'Careers | Join Our Team at Brightwave Technologies',
    description: 'Open positions at Brightwave Technologies in engineering, design, marketing and more. Apply online today.',
  },
  {
    path: '/contact',
    source: 'src/pages/contact-page.tsx',
    Page: lazyPage(() => import('./pages/contact-page')),
    title: 'Contact Us | Brightwave Technologies',
    description: 'Talk to Brightwave Technologies: send a message to sales, support, billing or our general team.',
  },
];

export const notFoundRoute = {
  source: 'src/pages/not-found-page.tsx',
  Page: lazyPage(() => import('./pages/not-found-page')),
  title: 'Page Not Found | Brightwave Technologies',
  description: 'The page you are looking for does not exist.',
};

export function routeForPath(pathname: string): Pick<SiteRoute, 'Page' | 'source'> {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return publicRoutes.find((item) => item.path === normalized) ?? notFoundRoute;
}

export function metaForPath(pathname: string): PageMeta & { canonicalPath?: string } {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = publicRoutes.find((item) => item.path === normalized);
  return route ? { title: route.title, description: route.description, canonicalPath: route.path } : notFoundRoute;
}
