// Reading a wall-clock time in an IANA time zone as an instant, one rule for the slots and the busy feed.
import { DateTime } from 'luxon';

interface WallClockTime {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}

/**
 * The instant at which a clock in `zone` shows `time`; NaN when the zone or the time cannot be read. On the nights
 * the clock changes: a skipped time (02:30 when spring skips 02:00–03:00) is read with the offset before the change,
 * so one hour later on the new clock (Luxon's rule, as RFC 5545 and Temporal's default); a repeated time (02:30 when
 * autumn repeats 02:00–03:00) is its first occurrence, the moment the clock first shows it.
 */
export function instantOnClock(zone: string, time: WallClockTime): number {
  // Luxon throws on a field that is not a number (a window time like 'nine'); such a time is unreadable, not an error.
  if (!Object.values(time).every(Number.isInteger)) return Number.NaN;
  // UTC's clock is the instant itself: no zone lookup, the costly part (a few Intl calls each).
  if (zone === 'UTC') return Date.UTC(time.year, time.month - 1, time.day, time.hour ?? 0, time.minute ?? 0, time.second ?? 0);
  const local = DateTime.fromObject(time, { zone });
  if (!local.isValid) return Number.NaN;
  // Luxon picks the later offset for a repeated time; the earlier instant is the first one the clock shows.
  return Math.min(...local.getPossibleOffsets().map((candidate) => candidate.toMillis()));
}
