import type { UpcomingCalls } from '@brightwave/common';
import { format } from 'date-fns';
import { Link } from 'react-router-dom';
import { workItemPath } from './work-items';

/** "Tue 3 Dec, 10:00": a day and time on the admin's clock (the browser's time zone). */
export function dayAndTimeText(iso: string): string {
  return format(new Date(iso), 'EEE d MMM, HH:mm');
}

/** "Tue 3 Dec, 10:00–10:30": a call's day and times on the admin's clock. */
export function callTimeText(start: string, end: string): string {
  return `${dayAndTimeText(start)}–${format(new Date(end), 'HH:mm')}`;
}

/**
 * The calls booked with me, the soonest first (the dashboard's "Meetings this week", My work's "Upcoming calls"): each
 * one's day and times, and the visitor's name linking to the quote request or contact message it was booked from; each
 * row named for both, then how many more there are past those listed.
 */
export function UpcomingCallList({ myCalls, className = '' }: { myCalls: UpcomingCalls; className?: string }) {
  const more = myCalls.total - myCalls.calls.length;
  return (
    <ul className={`space-y-1 text-sm ${className}`}>
      {myCalls.calls.map((call) => {
        const when = callTimeText(call.start, call.end);
        return (
          <li key={call._id} aria-label={`${when}: call with ${call.visitorName}`}>
            <time dateTime={call.start} className="text-gray-700">
              {when}
            </time>{' '}
            <Link to={workItemPath(call.item.kind, call.item._id)} className="text-blue-800 underline">
              {call.visitorName}
            </Link>
          </li>
        );
      })}
      {more > 0 && <li className="text-gray-700">and {more === 1 ? '1 more call' : `${more} more calls`}</li>}
    </ul>
  );
}
