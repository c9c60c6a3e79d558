// A path no route names (page-loaders.ts, loadOtherPage): the page built from blocks that the backend rendered for it
// (docs/features/built-pages.md), with the page in its page data, at its own path or in a preview; else the 404 page.
// The blocks that need no script (all but the forms) are rendered by the server alone (entry-server.tsx gives their
// renderer): the browser keeps the HTML it sent them in, so their code never ships, and a page without a form loads no
// more than this module beyond the layout. The forms are hydrated.
import type { BuiltPageDocument, PageBlock, PageBlockOf } from '@brightwave/common';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { FormBlock } from '../components/blocks/form-block';
import { PageHero } from '../components/ui/page-hero';
import { Spinner } from '../components/ui/spinner';
import { visitAttribution } from '../lib/attribution';
import { builtPageMeta } from '../lib/built-page-head';
import { usePageData, type PageData } from '../lib/page-data';
import type { PageModule } from '../lib/page-meta';
import { CaseStudyPage, caseStudyAt, caseStudyHeadOf } from './case-study-page';
import { NewsPage, newsAt, newsHeadOf } from './news-page';
import { SearchPage, searchAt } from './search-page';
import NotFoundPage from './not-found-page';

// The 404 page's head; a built page's is its own (headOf).
export { meta } from './not-found-page';

// page-loaders.ts's normalizePath: not imported, as that module loads this one.
const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/(?<!\/)\/+$/, '') : pathname);

/**
 * The page built from blocks that the server sent for a path: the page data's, at its own path (`/` + slug, as
 * builtPagePath makes it; the router's path may end with a slash), or at any path in a preview.
 */
export function builtPageAt(pathname: string, data: PageData): BuiltPageDocument | undefined {
  const page = data.builtPage;
  return page && (data.preview || withoutTrailingSlash(pathname) === `/${page.slug}`) ? page : undefined;
}

/** The head of a built page, when a navigation comes back to it (the server wrote it for the first view). */
export const headOf: PageModule['headOf'] = (pathname, data, content) => {
  const page = builtPageAt(pathname, data);
  // A case study is such a path too (case-study-page.tsx), and so is the news (news-page.tsx).
  return page ? builtPageMeta(page, content.site) : (caseStudyHeadOf?.(pathname, data, content) ?? newsHeadOf?.(pathname, data, content));
};

/** Renders a block that needs no script (`index`: its place on the page): given by the server entry only. */
export const StaticBlockRenderer = createContext<((block: PageBlock, index: number) => ReactNode) | null>(null);

// The HTML the server sent for each static block, by its place on the page: read from the page as hydration finds it,
// and kept for a navigation back to it (a visit shows one built page, the one it began on).
const sentHtml = new Map<number, string>();

function sentBlockHtml(index: number): string {
  let html = sentHtml.get(index);
  if (html === undefined) {
    html = document.querySelector(`[data-block="${index}"]`)?.innerHTML ?? '';
    sentHtml.set(index, html);
  }
  return html;
}

/**
 * A block that needs no script: rendered on the server; in the browser, the same element with the HTML the server put
 * in it, which hydration leaves as it is.
 */
function StaticBlock({ block, index }: { block: PageBlock; index: number }) {
  const renderBlock = useContext(StaticBlockRenderer);
  if (renderBlock) return <div data-block={index}>{renderBlock(block, index)}</div>;
  return <div data-block={index} dangerouslySetInnerHTML={{ __html: sentBlockHtml(index) }} />;
}

const isFormBlock = (block: PageBlock): block is PageBlockOf<'quoteForm' | 'contactForm'> => block.type === 'quoteForm' || block.type === 'contactForm';

function BuiltPage({ page }: { page: BuiltPageDocument }) {
  return (
    <>
      {/* The page's one h1: its first block's when that is a hero, else its title in the site's banner. */}
      {page.blocks[0]?.type !== 'hero' && <PageHero title={page.title} />}
      {page.blocks.map((block, index) =>
        isFormBlock(block) ? <FormBlock key={index} block={block} /> : <StaticBlock key={index} block={block} index={index} />,
      )}
    </>
  );
}

export default function OtherPage() {
  const { pathname } = useLocation();
  const data = usePageData();
  const page = builtPageAt(pathname, data);
  const caseStudy = caseStudyAt(pathname, data);
  const news = newsAt(pathname, data);
  const search = searchAt(pathname, data);
  // Reached by a navigation inside the site (a built page's link in the navigation, a mistyped one), such a path is
  // the server's to answer, with the page it renders there: the browser loads it. The page the visit landed on is the
  // one the server sent (the prerender and the server's render have none).
  const landing = visitAttribution().landing;
  const sentByServer = landing === undefined || withoutTrailingSlash(landing) === withoutTrailingSlash(pathname);
  useEffect(() => {
    if (!sentByServer) window.location.reload();
  }, [sentByServer]);
  if (page) return <BuiltPage page={page} />;
  if (caseStudy) return <CaseStudyPage caseStudy={caseStudy} />;
  if (news) return <NewsPage news={news} />;
  if (search) return <SearchPage search={search} />;
  return sentByServer ? <NotFoundPage /> : <Spinner label="Loading page" />;
}
