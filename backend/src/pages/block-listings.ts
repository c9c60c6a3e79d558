import type { BuiltPageDocument, PageBlockOf, PortfolioItem, PostCard } from '@brightwave/common';
import type { PublishedContent } from '../content/content.service';
import { postCard } from '../posts/post-pages';

/**
 * What a built page's listing blocks show (the site's PageData.caseStudyBlocks and newsBlocks: site/src/lib/page-data.ts),
 * by each block's place on the page; left out when the page has none of a kind, so that its page data stays as it was.
 */
export interface BlockListings {
  caseStudyBlocks?: Record<string, PortfolioItem[]>;
  newsBlocks?: Record<string, PostCard[]>;
}

/** Whether a page shows portfolio items (a "Case studies" block): it is rendered again when the portfolio changes. */
export const showsCaseStudies = (document: BuiltPageDocument): boolean => document.blocks.some((block) => block.type === 'caseStudies');

/**
 * A "Case studies" block's items: the chosen ones in the editor's order (every item has its page; an address no item
 * has any more is left out), else the newest `count` whose story is published (`items`: the public list, newest first).
 */
export function caseStudiesOf(block: PageBlockOf<'caseStudies'>, items: readonly PortfolioItem[], content: PublishedContent): PortfolioItem[] {
  if (block.chosen.length > 0) return block.chosen.flatMap((slug) => items.find((item) => item.slug === slug) ?? []);
  return items.filter((item) => content.caseStudies.has(item._id)).slice(0, block.count);
}

/** A "Latest news" block's posts: the newest `count` published, of its tag when it names one. */
export function latestNewsOf(block: PageBlockOf<'latestNews'>, content: PublishedContent): PostCard[] {
  const posts = block.tag ? content.posts.filter((post) => post.document.tags.includes(block.tag)) : content.posts;
  return posts.slice(0, block.count).map(postCard);
}

/** Every listing block's items, from the published content and the public list of the portfolio (when the page shows it). */
export function blockListings(document: BuiltPageDocument, content: PublishedContent, portfolio: readonly PortfolioItem[] = []): BlockListings {
  const caseStudyBlocks: Record<string, PortfolioItem[]> = {};
  const newsBlocks: Record<string, PostCard[]> = {};
  document.blocks.forEach((block, index) => {
    if (block.type === 'caseStudies') caseStudyBlocks[index] = caseStudiesOf(block, portfolio, content);
    else if (block.type === 'latestNews') newsBlocks[index] = latestNewsOf(block, content);
  });
  return {
    ...(Object.keys(caseStudyBlocks).length > 0 ? { caseStudyBlocks } : {}),
    ...(Object.keys(newsBlocks).length > 0 ? { newsBlocks } : {}),
  };
}
