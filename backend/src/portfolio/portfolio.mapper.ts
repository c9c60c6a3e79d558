import type { PortfolioItem } from '@brightwave/common';
import type { PortfolioItemRow } from '../database/schema';

export function toPortfolioItem(row: PortfolioItemRow): PortfolioItem {
  return {
    _id: row.id,
    projectTitle: row.projectTitle,
    projectSubtitle: row.projectSubtitle,
    category: row.category,
    description: row.description,
    imgLink: row.imgLink,
    techStack: row.techStack,
    ...(row.linkToProject ? { linkToProject: row.linkToProject } : {}),
    createdAt: row.createdAt.toISOString(),
    slug: row.slug,
  };
}
