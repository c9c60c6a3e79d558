// /news and /news/<slug> (docs/features/news.md), rendered by the backend with the published posts in their page data.
// No route of their own: such paths are ones no route names, whose page (built-page.tsx, OtherPage) shows the news the
// page data holds; so the boot script and the app, which every page loads, carry nothing for them. They need no
// script: the server entry renders them (NewsRenderer, given by entry-server.tsx with news-view.tsx), and the browser
// keeps the HTML it was sent.
import type { SiteContent } from '@brightwave/common';
import { createContext, useContext, type ReactNode } from 'react';
import type { HeadMeta } from '../lib/head-tags';
import type { NewsPageData, PageData } from '../lib/page-data';
import type { PageModule } from '../lib/page-meta';

const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/(?<!\/)\/+$/, '') : pathname);

// NEWS_PATH and postPath's: not imported, as that would bring the posts' specs into this chunk.
const NEWS = '/news';
const FEED = { type: 'application/rss+xml', href: '/news/feed.xml', title: 'News' };

/** The news the server sent for a path: the list at /news, a post at its own address, or at any path in a preview. */
export function newsAt(pathname: string, data: PageData): NewsPageData | undefined {
  const news = data.news;
  const path = withoutTrailingSlash(pathname);
  if (news?.post && (data.preview || path === `${NEWS}/${news.post.post.slug}`)) return news;
  return news?.list && path === NEWS ? news : undefined;
}

/** The head of the news list or of a post (both link to the feed). */
export function newsMeta(news: NewsPageData, site: SiteContent): HeadMeta & { canonicalPath: string } {
  const company = site.company.name;
  const alternates = [{ ...FEED, title: `${company} news` }];
  if (news.post) {
    const { post } = news.post;
    return {
      title: `${post.title} | ${company}`,
      description: post.summary,
      canonicalPath: `${NEWS}/${post.slug}`,
      image: post.cover || undefined,
      alternates,
    };
  }
  const tag = news.list?.tag ?? null;
  const page = news.list?.page ?? 1;
  const query = new URLSearchParams();
  if (tag) query.set('tag', tag);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return {
    title: `${tag ? `News about ${tag}` : 'News'}${page > 1 ? ` (page ${page})` : ''} | ${company}`,
    description: tag ? `News, stories and updates about ${tag} from ${company}.` : `News, stories and updates from ${company}.`,
    canonicalPath: search ? `${NEWS}?${search}` : NEWS,
    alternates,
  };
}

/** The head of the news, when a navigation comes back to it (the server wrote it for the first view). */
export const newsHeadOf: PageModule['headOf'] = (pathname, data, content) => {
  const news = newsAt(pathname, data);
  return news && newsMeta(news, content.site);
};

/** Renders the news list or a post: given by the server entry only. */
export const NewsRenderer = createContext<((news: NewsPageData) => ReactNode) | null>(null);

// The HTML the server sent, read as hydration finds it and kept for a navigation back (a visit shows one such page).
let sentHtml: string | undefined;

/** The news: rendered on the server; in the browser, the same element with the HTML the server put in it. */
export function NewsPage({ news }: { news: NewsPageData }) {
  const render = useContext(NewsRenderer);
  if (render) return <div data-news="">{render(news)}</div>;
  sentHtml ??= document.querySelector('[data-news]')?.innerHTML ?? '';
  return <div data-news="" dangerouslySetInnerHTML={{ __html: sentHtml }} />;
}
