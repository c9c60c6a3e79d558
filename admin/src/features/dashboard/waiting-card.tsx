import type { DashboardStats, WorkItemKind } from '@brightwave/common';
import { Link } from 'react-router-dom';
import { cardClasses } from '../../components/ui/table';
import { countOf, WORK_ITEM_LISTS } from '../workspace/work-items';
import { ageOf } from './age';

type Waiting = DashboardStats['waitingForFirstReply'];
type WaitingKind = keyof Waiting;

/** Each kind's list of the items still in their first status, the longest waiting first. */
const WAITING_LISTS: Record<WaitingKind, string> = {
  lead: `${WORK_ITEM_LISTS.lead.path}?status=new&sort=oldest`,
  contact: `${WORK_ITEM_LISTS.contact.path}?status=pending&sort=oldest`,
};

/**
 * "Waiting for a first reply": the leads still New and contact messages still Pending (nobody has set a status on
 * them), of the kinds the role may see, each count linking to its list, oldest first, with how long the oldest waits.
 */
export function WaitingCard({ waiting, kinds, now }: { waiting: Waiting; kinds: readonly WorkItemKind[]; now: Date }) {
  const shown = (Object.keys(WAITING_LISTS) as WaitingKind[]).filter((kind) => kinds.includes(kind));
  if (shown.length === 0) return null;
  const total = shown.reduce((sum, kind) => sum + waiting[kind].count, 0);
  return (
    <section aria-labelledby="waiting-heading" className={`${cardClasses} p-5`}>
      <h2 id="waiting-heading" className="text-sm font-medium text-gray-700">
        Waiting for a first reply
      </h2>
      <p className="mt-2 text-3xl font-bold text-gray-900">{total}</p>
      <ul className="mt-2 space-y-1 text-sm">
        {shown.map((kind) => {
          const { count, oldestAt } = waiting[kind];
          return (
            <li key={kind}>
              <Link to={WAITING_LISTS[kind]} className="text-blue-800 underline">
                {countOf(kind, count)}
              </Link>
              {oldestAt && <span className="text-gray-700">, the oldest for {ageOf(oldestAt, now)}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
