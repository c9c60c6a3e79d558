// Every public route: its page chunk (code-split), its source (for the prerender's modulepreload) and head.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PageMeta {
  title: string;
  description: string;
}

export interface SiteRoute extends PageMeta {
  path: string;
  /** Source file of the page, the key of the Vite manifest. */
  source: string;
  Page: LazyExoticComponent<ComponentType>;
}

export const publicRoutes: SiteRoute[] = [
  {
    path: '/',
    source: 'src/pages/home-page.tsx',
    Page: lazy(() => import('./pages/home-page')),
    title: 'Brightwave Technologies | Web, Mobile, Blockchain and Marketing Services',
    description:
      'Brightwave Technologies designs and builds e-commerce stores, websites, mobile apps, blockchain solutions and CRMs, and markets them. Request a free quote.',
  },
  {
    path: '/services',
    source: 'src/pages/services-page.tsx',
    Page: lazy(() => import('./pages/services-page')),
    title: 'Our Services | Brightwave Technologies',
    description:
      'E-commerce design, web and logo design, social media management, marketing, mobile apps, blockchain, health and beauty solutions and CRMs.',
  },
  {
    path: '/about',
    source: 'src/pages/about-page.tsx',
    Page: lazy(() => import('./pages/about-page')),
    title: 'About Us | Brightwave Technologies',
    description:
      'Over 10 years, 500+ clients in 30+ countries and a 98% success rate: meet the team, our process and the clients we build for.',
  },
  {
    path: '/about/mission',
    source: 'src/pages/mission-page.tsx',
    Page: lazy(() => import('./pages/mission-page')),
    title: 'Mission & Vision | Brightwave Technologies',
    description: 'Why Brightwave Technologies exists, where we are heading and the values that guide every project.',
  },
  {
    path: '/about/security-policy',
    source: 'src/pages/security-policy-page.tsx',
    Page: lazy(() => import('./pages/security-policy-page')),
    title: 'Security Policy | Brightwave Technologies',
    description:
      'How Brightwave Technologies protects client data: encryption, access control, network security, incident response, compliance and training.',
  },
  {
    path: '/portfolio',
    source: 'src/pages/portfolio-page.tsx',
    Page: lazy(() => import('./pages/portfolio-page')),
    title: 'Our Portfolio | Brightwave Technologies',
    description: 'Selected projects by Brightwave Technologies: marketplaces, apps, blockchain wallets, brands and CRMs.',
  },
  {
    path: '/careers',
    source: 'src/pages/careers-page.tsx',
    Page: lazy(() => import('./pages/careers-page')),
    title: 'Careers | Join Our Team at Brightwave Technologies',
    description: 'Open positions at Brightwave Technologies in engineering, design, marketing and more. Apply online today.',
  },
  {
    path: '/contact',
    source: 'src/pages/contact-page.tsx',
    Page: lazy(() => import('./pages/contact-page')),
    title: 'Contact Us | Brightwave Technologies',
    description: 'Talk to Brightwave Technologies: send a message to sales, support, billing or our general team.',
  },
];

export const notFoundRoute = {
  source: 'src/pages/not-found-page.tsx',
  Page: lazy(() => import('./pages/not-found-page')),
  title: 'Page Not Found | Brightwave Technologies',
  description: 'The page you are looking for does not exist.',
};

export function metaForPath(pathname: string): PageMeta & { canonicalPath?: string } {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = publicRoutes.find((item) => item.path === normalized);
  return route ? { title: route.title, description: route.description, canonicalPath: route.path } : notFoundRoute;
}
