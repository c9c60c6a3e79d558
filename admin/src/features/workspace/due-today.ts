import type { MyWorkItem } from '@brightwave/common';
import { endOfDay } from 'date-fns';

/**
 * Whether an item's follow-up is due by the end of today, the admin's day in the browser's time zone (the server
 * does not know it), overdue ones included: My work's `due=today` and the dashboard's "My follow-ups today".
 */
export function isDueToday(item: Pick<MyWorkItem, 'followUpAt'>, now: Date): boolean {
  return item.followUpAt !== null && Date.parse(item.followUpAt) <= endOfDay(now).getTime();
}
