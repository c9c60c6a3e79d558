import { DASHBOARD_CALL_DAYS, type DashboardStats } from '@brightwave/common';
import { format } from 'date-fns';
import { Link } from 'react-router-dom';
import { cardClasses } from '../../components/ui/table';
import { workItemPath } from '../workspace/work-items';

/** "Tue 3 Dec, 10:00–10:30": a call's day and times on the admin's clock (the browser's time zone). */
export function callTimeText(start: string, end: string): string {
  return `${format(new Date(start), 'EEE d MMM, HH:mm')}–${format(new Date(end), 'HH:mm')}`;
}

/**
 * "Meetings this week": the calls visitors booked with me from now to DASHBOARD_CALL_DAYS ahead, the soonest first,
 * each linking to the quote request or contact message it was booked from.
 */
export function MyCallsCard({ myCalls }: { myCalls: DashboardStats['myCalls'] }) {
  const more = myCalls.total - myCalls.calls.length;
  return (
    <section aria-labelledby="my-calls-heading" className={`${cardClasses} p-5`}>
      <h2 id="my-calls-heading" className="text-sm font-medium text-gray-700">
        Meetings this week
      </h2>
      <p className="mt-2 text-3xl font-bold text-gray-900">{myCalls.total}</p>
      {myCalls.total === 0 ? (
        <p className="mt-2 text-sm text-gray-700">No calls booked with you in the next {DASHBOARD_CALL_DAYS} days</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {myCalls.calls.map((call) => (
            <li key={call._id}>
              <span className="text-gray-700">{callTimeText(call.start, call.end)}</span>{' '}
              <Link to={workItemPath(call.item.kind, call.item._id)} className="text-blue-800 underline">
                {call.visitorName}
              </Link>
            </li>
          ))}
          {more > 0 && <li className="text-gray-700">and {more === 1 ? '1 more call' : `${more} more calls`}</li>}
        </ul>
      )}
    </section>
  );
}
