import type { MyWorkItem } from '@brightwave/common';
import { Link } from 'react-router-dom';
import { cardClasses } from '../../components/ui/table';
import { isDueToday } from '../workspace/due-today';
import { useGetMyWorkQuery } from '../workspace/workspace-api';

/** My open items whose follow-up is due by the end of today (the admin's day, in the browser's time zone), overdue ones included. */
function dueToday(items: readonly MyWorkItem[], now: Date): { due: number; overdue: number } {
  const due = items.filter((item) => isDueToday(item, now));
  return { due: due.length, overdue: due.filter((item) => item.overdue).length };
}

/**
 * "My follow-ups today": the open items assigned to me whose follow-up falls today or has passed, from My work's own
 * query (the navigation's count reads it too), linking to My work filtered to them (`due=today`).
 */
export function MyFollowUpsCard({ now }: { now: Date }) {
  const { data, isError } = useGetMyWorkQuery();
  const items = data?.items;
  const { due, overdue } = dueToday(items ?? [], now);
  return (
    <section aria-labelledby="my-follow-ups-heading" className={`${cardClasses} p-5`}>
      <h2 id="my-follow-ups-heading" className="text-sm font-medium text-gray-700">
        My follow-ups today
      </h2>
      <p className="mt-2 text-3xl font-bold text-gray-900">
        {items ? (
          <Link
            to="/my-work?due=today"
            aria-label={`${due} of my follow-ups due today or overdue: open My work`}
            className="underline decoration-2 underline-offset-4 hover:text-blue-800"
          >
            {due}
          </Link>
        ) : isError ? (
          <span className="text-base font-normal">Could not be loaded</span>
        ) : (
          <span className="text-base font-normal">Loading…</span>
        )}
      </p>
      {items && <p className="mt-2 text-sm text-gray-700">{overdue === 0 ? 'None overdue' : `${overdue} overdue`}, due first in My work</p>}
    </section>
  );
}
