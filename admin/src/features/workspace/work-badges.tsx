import type { ItemOwner } from '@brightwave/common';
import { badgeClasses } from '../../components/ui/status-badge';
import { formatDateTime } from '../../lib/format';

/** A follow-up whose time has passed on an item that is not closed. */
export function OverdueBadge() {
  return <span className={badgeClasses('red')}>Overdue</span>;
}

/** When to follow up, with the Overdue badge when that time has passed; a dash when no follow-up is set. */
export function FollowUpSummary({ followUpAt, overdue }: { followUpAt: string | null | undefined; overdue: boolean | undefined }) {
  if (!followUpAt) return <span className="text-gray-700">—</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <time dateTime={followUpAt}>{formatDateTime(followUpAt)}</time>
      {overdue && <OverdueBadge />}
    </span>
  );
}

export function OwnerName({ owner }: { owner: ItemOwner | null | undefined }) {
  return owner ? <>{owner.name}</> : <span className="text-gray-700">Unassigned</span>;
}
