import { formatDateTime } from '../lib/format';
import { timeAgo, useNow } from '../lib/time-ago';

/**
 * When an item arrived, as its age in a list ("2 h ago", renewed each minute): the exact date and time on hover (the
 * title) and, for screen readers, after the age. Not focusable: a list's rows already hold several stops each.
 */
export function ReceivedCell({ iso }: { iso: string }) {
  const now = useNow();
  const exact = formatDateTime(iso);
  return (
    <time dateTime={iso} title={exact} className="underline decoration-dotted underline-offset-2">
      {timeAgo(iso, now)}
      <span className="sr-only">, {exact}</span>
    </time>
  );
}
