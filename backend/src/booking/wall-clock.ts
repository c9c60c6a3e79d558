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
  const onUtcClock = Date.UTC(time.year, time.month - 1, time.day, time.hour ?? 0, time.minute ?? 0, time.second ?? 0);
  // UTC's clock is the instant itself: no zone lookup, the costly part (a few Intl calls each).
  if (zone === 'UTC') return onUtcClock;
  // A time that rolls over into another day (24:00, 30 February) is left to Luxon's own reading.
  const sameDay = new Date(onUtcClock).getUTCDate() === time.day && (time.hour ?? 0) < 24;
  const steady = sameDay ? steadyOffsetMinutes(zone, time) : undefined;
  if (steady !== undefined) return onUtcClock - steady * MINUTE_MS;
  const local = DateTime.fromObject(time, { zone });
  if (!local.isValid) return Number.NaN;
  // Luxon picks the later offset for a repeated time; the earlier instant is the first one the clock shows.
  return Math.min(...local.getPossibleOffsets().map((candidate) => candidate.toMillis()));
}

const MINUTE_MS = 60_000;
/** Bounds the memory of the steady offsets (one entry a zone and day; a year of days in ten zones fits). */
const MAX_REMEMBERED_DAYS = 10_000;
const steadyOffsets = new Map<string, number | null>();

/**
 * The zone's offset (minutes east of UTC) on the day of `time` when it is one offset all day, remembered per zone and
 * day: nearly every day has no clock change, and on those a wall-clock time is its UTC reading minus that offset.
 * Undefined on a day the clock changes (or that cannot be read), which Luxon then reads time by time: asking Luxon
 * costs a few Intl calls each, and a feed's busy times took two thirds of their reading in them.
 */
function steadyOffsetMinutes(zone: string, time: WallClockTime): number | undefined {
  const key = `${zone} ${time.year}-${time.month}-${time.day}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const day = { year: time.year, month: time.month, day: time.day };
    const start = DateTime.fromObject({ ...day, hour: 0 }, { zone });
    const end = DateTime.fromObject({ ...day, hour: 23, minute: 59, second: 59 }, { zone });
    // The same offset at the day's first and last second, each a time the clock shows once (not skipped: Luxon
    // would move it; not repeated): no change between.
    const shownOnce = (clock: DateTime, hour: number) =>
      clock.isValid && clock.day === time.day && clock.hour === hour && clock.getPossibleOffsets().length === 1;
    const steady = shownOnce(start, 0) && shownOnce(end, 23) && start.offset === end.offset;
    offset = steady ? start.offset : null;
    if (steadyOffsets.size >= MAX_REMEMBERED_DAYS) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset ?? undefined;
}
