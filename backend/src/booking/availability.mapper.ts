import { DEFAULT_AVAILABILITY, type AvailabilityView } from '@brightwave/common';
import type { AvailabilityRow } from '../database/schema';

/**
 * An admin's availability as the API answers it: the busy calendar's address never, only whether there is one and
 * `busyCalendarProblem` (BusyFeedService.problemOf).
 */
export function toAvailabilityView(row: AvailabilityRow | undefined, busyCalendarProblem: string | null = null): AvailabilityView {
  if (!row) return { ...DEFAULT_AVAILABILITY, weekly: [], hasBusyCalendar: false, busyCalendarProblem: null };
  return {
    timeZone: row.timeZone,
    weekly: row.weekly,
    meetingMinutes: row.meetingMinutes,
    bufferMinutes: row.bufferMinutes,
    minNoticeHours: row.minNoticeHours,
    maxDaysAhead: row.maxDaysAhead,
    hasBusyCalendar: row.busyCalendarUrl !== null,
    busyCalendarProblem,
  };
}
