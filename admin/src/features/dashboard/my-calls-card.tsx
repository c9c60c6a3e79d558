import { DASHBOARD_CALL_DAYS, MY_WORK_CALL_DAYS, type DashboardStats } from '@brightwave/common';
import { Link } from 'react-router-dom';
import { cardClasses } from '../../components/ui/table';
import { UpcomingCallList } from '../workspace/upcoming-calls';

/**
 * "Meetings this week": the calls visitors booked with me from now to DASHBOARD_CALL_DAYS ahead, the soonest first,
 * each linking to the quote request or contact message it was booked from; My work lists those of MY_WORK_CALL_DAYS.
 */
export function MyCallsCard({ myCalls }: { myCalls: DashboardStats['myCalls'] }) {
  return (
    <section aria-labelledby="my-calls-heading" className={`${cardClasses} p-5`}>
      <h2 id="my-calls-heading" className="text-sm font-medium text-gray-700">
        Meetings this week
      </h2>
      <p className="mt-2 text-3xl font-bold text-gray-900">{myCalls.total}</p>
      {myCalls.total === 0 ? (
        <p className="mt-2 text-sm text-gray-700">No calls booked with you in the next {DASHBOARD_CALL_DAYS} days</p>
      ) : (
        <UpcomingCallList myCalls={myCalls} className="mt-2" />
      )}
      <p className="mt-2 text-sm">
        <Link to="/my-work" className="text-blue-800 underline">
          My calls of the next {MY_WORK_CALL_DAYS} days in My work
        </Link>
      </p>
    </section>
  );
}
