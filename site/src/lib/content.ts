// The site's editable content (docs/features/site-content.md): the published texts the page was rendered with on the
// server, embedded in it for hydration (page-data.ts). The client holds no copy of its own: a text changed in the admin
// and published is in the next page the server renders, and nowhere else.
import type { ServicesContent, SiteContent, SiteContentPages } from '@brightwave/common';
import { usePageData, type PageData } from './page-data';

function missing(key: string): never {
  throw new Error(`The page was rendered without its "${key}" content`);
}

/** The content a page was rendered with: every page carries the layout's pages (site, services). */
export function pageContent(data: PageData): SiteContentPages {
  const { site, services } = data.content ?? {};
  return { site: site ?? missing('site'), services: services ?? missing('services') };
}

/** The company's details (navbar, footer, contact cards, map). */
export function useSiteContent(): SiteContent {
  return usePageData().content?.site ?? missing('site');
}

/** The services page's texts, and its cards (the navbar's Services menu, the about page). */
export function useServicesContent(): ServicesContent {
  return usePageData().content?.services ?? missing('services');
}
