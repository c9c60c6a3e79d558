import type { CaseStudyDocument, PortfolioItem } from '@brightwave/common';
import type { PublishedContent } from '../content/content.service';

/** What a case study's page is rendered from (the site's PageData.caseStudy: site/src/lib/page-data.ts). */
export interface CaseStudyPageData {
  item: PortfolioItem;
  story: CaseStudyDocument | null;
  publishedAt: string | null;
  related: PortfolioItem[];
}

/** Related case studies a page shows at most. */
const RELATED_CASE_STUDIES = 3;

/**
 * The page of the item at `slug` (undefined when none is): the item, its published story (or `draft`, for a preview)
 * and its related case studies: those of its category first, then those sharing a service with it, then the newest
 * (the list is newest first, and the sort keeps that order among equals).
 */
export function caseStudyPageData(items: PortfolioItem[], slug: string, content: PublishedContent, draft?: CaseStudyDocument): CaseStudyPageData | undefined {
  const item = items.find((candidate) => candidate.slug === slug);
  if (!item) return undefined;
  const published = content.caseStudies.get(item._id);
  const story = draft ?? published?.document ?? null;
  const services = new Set(story?.services ?? []);
  const score = (other: PortfolioItem) =>
    (other.category === item.category ? 2 : 0) +
    ((content.caseStudies.get(other._id)?.document.services ?? []).some((service) => services.has(service)) ? 1 : 0);
  const related = items
    .filter((other) => other._id !== item._id)
    .map((other) => ({ other, score: score(other) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, RELATED_CASE_STUDIES)
    .map(({ other }) => other);
  return { item, story, publishedAt: draft ? null : (published?.publishedAt ?? null), related };
}
