import { PORTFOLIO_CATEGORY_LABELS, type PortfolioItem } from '@brightwave/common';

export function CategoryBadge({ item }: { item: Pick<PortfolioItem, 'category'> }) {
  return (
    <span className="inline-block rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100">
      {PORTFOLIO_CATEGORY_LABELS[item.category] ?? item.category}
    </span>
  );
}
