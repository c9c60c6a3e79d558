import { BUILT_PAGE_STATUS_COLORS, BUILT_PAGE_STATUS_LABELS, type BuiltPageSummary } from '@brightwave/common';
import { badgeClasses } from '../../components/ui/status-badge';
import { formatDateTime } from '../../lib/format';

/** A page's status, and when: published on, or scheduled for. */
export function PageStatus({ page }: { page: Pick<BuiltPageSummary, 'status' | 'publishedAt' | 'scheduledAt'> }) {
  const when = page.status === 'scheduled' ? page.scheduledAt : page.status === 'published' ? page.publishedAt : null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className={badgeClasses(BUILT_PAGE_STATUS_COLORS[page.status])}>{BUILT_PAGE_STATUS_LABELS[page.status]}</span>
      {when && <span className="whitespace-nowrap">{page.status === 'scheduled' ? `for ${formatDateTime(when)}` : formatDateTime(when)}</span>}
    </span>
  );
}
