// /portfolio/<slug>: a portfolio item's case study (docs/features/case-studies.md), rendered by the backend with the
// item and its published story in its page data. No route of its own: such a path is one no route names, whose page
// (built-page.tsx, OtherPage) shows the case study the page data holds for it; so the boot script and the app, which
// every page loads, carry nothing for it. It needs no script: the server entry renders it (CaseStudyRenderer, given by
// entry-server.tsx with case-study-view.tsx), and the browser keeps the HTML it was sent.
import type { SiteContent } from '@brightwave/common';
import { createContext, useContext, type ReactNode } from 'react';
import type { HeadMeta } from '../lib/head-tags';
import { usePageData, type CaseStudyPageData, type PageData } from '../lib/page-data';
import type { PageModule } from '../lib/page-meta';

const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/(?<!\/)\/+$/, '') : pathname);

/**
 * The head of a case study: its title with the company's name, its subtitle as the description, its picture as the
 * share picture. Here, not in lib/ (whose modules are the app chunk every page loads): only a case study uses it.
 */
export function caseStudyMeta({ item }: CaseStudyPageData, site: SiteContent): HeadMeta & { canonicalPath: string } {
  return {
    title: `${item.projectTitle}: Case Study | ${site.company.name}`,
    description: item.projectSubtitle,
    canonicalPath: `/portfolio/${item.slug}`,
    image: item.imgLink.startsWith('/') ? item.imgLink : undefined,
  };
}

/** The case study the server sent for a path: the page data's, at its own address, or at any path in a preview. */
export function caseStudyAt(pathname: string, data: PageData): CaseStudyPageData | undefined {
  const caseStudy = data.caseStudy;
  return caseStudy && (data.preview || withoutTrailingSlash(pathname) === `/portfolio/${caseStudy.item.slug}`) ? caseStudy : undefined;
}

/** The head of a case study, when a navigation comes back to it (the server wrote it for the first view). */
export const caseStudyHeadOf: PageModule['headOf'] = (pathname, data, content) => {
  const caseStudy = caseStudyAt(pathname, data);
  return caseStudy && caseStudyMeta(caseStudy, content.site);
};

/** Renders the case study's page: given by the server entry only. */
export const CaseStudyRenderer = createContext<((caseStudy: CaseStudyPageData, data: PageData) => ReactNode) | null>(null);

// The HTML the server sent, read as hydration finds it and kept for a navigation back (a visit shows one case study).
let sentHtml: string | undefined;

/** The case study: rendered on the server; in the browser, the same element with the HTML the server put in it. */
export function CaseStudyPage({ caseStudy }: { caseStudy: CaseStudyPageData }) {
  const render = useContext(CaseStudyRenderer);
  const data = usePageData();
  if (render) return <div data-case-study="">{render(caseStudy, data)}</div>;
  sentHtml ??= document.querySelector('[data-case-study]')?.innerHTML ?? '';
  return <div data-case-study="" dangerouslySetInnerHTML={{ __html: sentHtml }} />;
}
