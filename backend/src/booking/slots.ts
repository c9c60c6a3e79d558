// The bookable slots of one staff member: pure functions over their availability, the meetings already
// booked and the busy times of their calendar feed. No I/O: every input is given, every time is an instant (Date).
import type { Availability } from '@brightwave/common';
import { DateTime } from 'luxon';
import { instantOnClock } from './wall-clock';

/** A span of time, start inclusive and end exclusive. */
export interface TimeRange {
  start: Date;
  end: Date;
}

interface SlotsInput {
  availability: Omit<Availability, 'busyCalendarUrl'>;
  /** Only slots overlapping [from, to) are returned. */
  from: Date;
  to: Date;
  now: Date;
  /** Meetings already booked: each keeps `bufferMinutes` free on both sides. */
  meetings: TimeRange[];
  /** Busy times from the calendar feed: each blocks only its own span. */
  busy: TimeRange[];
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The free slots overlapping [from, to), sorted by start, each starting once.
 *
 * Slots begin at the start of each weekly window and follow one another every `meetingMinutes` of real (elapsed)
 * time while a whole meeting fits before the window's end. The window's ends are wall-clock times in the
 * availability's time zone, read as `instantOnClock` says on the nights the clock changes: a skipped time is read
 * with the offset before the change (02:30 in a skipped hour is 03:30 on the new clock), a repeated time is its first
 * occurrence. So a window 01:30–03:30 gives one real hour of slots on the spring night and three on the autumn night (the
 * staff member really is at work that long); no slot is ever produced twice, since slots are distinct instants.
 */
export function freeSlots(input: SlotsInput): TimeRange[] {
  const { availability, from, to, now } = input;
  const meetingMs = availability.meetingMinutes * MINUTE_MS;
  // Invalid settings are the API's to refuse; here they must only not loop forever.
  if (!(meetingMs > 0)) return [];

  const zone = availability.timeZone;
  const earliestStart = now.getTime() + availability.minNoticeHours * HOUR_MS;
  // Days ahead are calendar days on the staff member's clock (same wall-clock time, whatever DST does in between).
  const latestStart = DateTime.fromJSDate(now, { zone }).plus({ days: availability.maxDaysAhead }).toMillis();
  // A slot overlaps [from, to) when it ends after `from` and starts before `to`.
  const lowestStart = Math.max(earliestStart, from.getTime() - meetingMs + 1);
  const highestStart = Math.min(latestStart, to.getTime() - 1);
  if (!(lowestStart <= highestStart)) return [];

  const bufferMs = availability.bufferMinutes * MINUTE_MS;
  const blocked = mergedRanges([
    ...input.busy.map((range) => [range.start.getTime(), range.end.getTime()] as const),
    ...input.meetings.map((meeting) => [meeting.start.getTime() - bufferMs, meeting.end.getTime() + bufferMs] as const),
  ]);

  const starts = new Set<number>();
  // A window belongs to the local day it starts on. A day's margin on each side: where a clock goes back over midnight,
  // local days do not follow instants strictly.
  const lastDay = localDateOf(highestStart, zone) + DAY_MS;
  // Days are calendar dates held as UTC midnights: adding a day is exact there (UTC has no DST), and cheap.
  for (let day = localDateOf(lowestStart, zone) - DAY_MS; day <= lastDay; day += DAY_MS) {
    const date = new Date(day);
    for (const window of availability.weekly) {
      if (window.day !== date.getUTCDay()) continue;
      const windowStart = instantOfWindowTime(zone, date, window.start);
      const windowEnd = instantOfWindowTime(zone, date, window.end);
      for (let start = windowStart; start + meetingMs <= windowEnd; start += meetingMs) {
        if (start < lowestStart || start > highestStart) continue;
        if (overlapsAny(blocked, start, start + meetingMs)) continue;
        starts.add(start);
      }
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => ({ start: new Date(start), end: new Date(start + meetingMs) }));
}

/** The date the clock in `zone` shows at `instant`, as that date's UTC midnight; NaN for an unknown zone. */
function localDateOf(instant: number, zone: string): number {
  const local = DateTime.fromMillis(instant, { zone });
  return Date.UTC(local.year, local.month - 1, local.day);
}

/** The instant the clock in `zone` shows `time` ('HH:MM') on `date`; NaN when unreadable (so no slot is made). */
function instantOfWindowTime(zone: string, date: Date, time: string): number {
  const [hour, minute] = time.split(':').map(Number);
  return instantOnClock(zone, { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute });
}

type Range = readonly [start: number, end: number];

/** The ranges sorted by start, overlapping and touching ones merged, empty ones dropped. */
function mergedRanges(ranges: Range[]): Range[] {
  const sorted = ranges.filter(([start, end]) => start < end).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Whether [start, end) overlaps one of the merged, sorted `ranges` (binary search: busy feeds can be long). */
function overlapsAny(ranges: Range[], start: number, end: number): boolean {
  // The first range that ends after `start` is the only one that can overlap.
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    // (`middle` is always in bounds; the index type cannot know.)
    if ((ranges[middle]?.[1] ?? start) <= start) low = middle + 1;
    else high = middle;
  }
  const candidate = ranges[low];
  return candidate !== undefined && candidate[0] < end;
}

/** What the free time of one staff member is read from: as SlotsInput, without the length of their own calls. */
type SpansInput = Omit<SlotsInput, 'availability'> & { availability: Omit<SlotsInput['availability'], 'meetingMinutes'> };

/**
 * The free time of one staff member within [from, to), sorted and apart: their weekly windows, from the end of their
 * notice period until `lengthMs` after their last bookable start (`maxDaysAhead`), minus their meetings (each with the
 * buffer on both sides) and their busy times. An interview's slots are cut from what all its interviewers share.
 */
export function freeSpans(input: SpansInput, lengthMs: number): TimeRange[] {
  const { availability, from, to, now } = input;
  const zone = availability.timeZone;
  const earliestStart = now.getTime() + availability.minNoticeHours * HOUR_MS;
  const latestStart = DateTime.fromJSDate(now, { zone }).plus({ days: availability.maxDaysAhead }).toMillis();
  const lowest = Math.max(earliestStart, from.getTime());
  const highest = Math.min(latestStart + lengthMs, to.getTime());
  if (!(lowest < highest)) return [];

  const bufferMs = availability.bufferMinutes * MINUTE_MS;
  const blocked = mergedRanges([
    ...input.busy.map((range) => [range.start.getTime(), range.end.getTime()] as const),
    ...input.meetings.map((meeting) => [meeting.start.getTime() - bufferMs, meeting.end.getTime() + bufferMs] as const),
  ]);
  const windows: Range[] = [];
  const lastDay = localDateOf(highest, zone) + DAY_MS;
  for (let day = localDateOf(lowest, zone) - DAY_MS; day <= lastDay; day += DAY_MS) {
    const date = new Date(day);
    for (const window of availability.weekly) {
      if (window.day !== date.getUTCDay()) continue;
      const start = Math.max(lowest, instantOfWindowTime(zone, date, window.start));
      const end = Math.min(highest, instantOfWindowTime(zone, date, window.end));
      if (start < end) windows.push([start, end]);
    }
  }
  return withoutRanges(mergedRanges(windows), blocked).map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
}

/** The time that every list of spans (each sorted and apart) holds, sorted and apart. */
export function commonSpans(lists: TimeRange[][]): TimeRange[] {
  const [first, ...others] = lists;
  if (!first) return [];
  let common: Range[] = first.map((range) => [range.start.getTime(), range.end.getTime()] as const);
  for (const list of others) {
    const next: Range[] = [];
    for (const [start, end] of list.map((range) => [range.start.getTime(), range.end.getTime()] as const)) {
      for (const [commonStart, commonEnd] of common) {
        const from = Math.max(start, commonStart);
        const until = Math.min(end, commonEnd);
        if (from < until) next.push([from, until]);
      }
    }
    common = mergedRanges(next);
  }
  return common.map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
}

/**
 * The slots of `lengthMs` that fit in the spans, starting on every `stepMs` of UTC time (on the half hour, say: the same
 * starts whatever span of time is asked for, so a slot listed is a slot that can be booked), overlapping [from, to).
 */
export function slotsInSpans(spans: TimeRange[], lengthMs: number, stepMs: number, from: Date, to: Date): TimeRange[] {
  const slots: TimeRange[] = [];
  for (const span of spans) {
    const firstStart = Math.ceil(span.start.getTime() / stepMs) * stepMs;
    for (let start = firstStart; start + lengthMs <= span.end.getTime(); start += stepMs) {
      if (start + lengthMs > from.getTime() && start < to.getTime()) slots.push({ start: new Date(start), end: new Date(start + lengthMs) });
    }
  }
  return slots;
}

/** The parts of the sorted, apart `ranges` that none of the sorted, apart `removed` covers. */
function withoutRanges(ranges: Range[], removed: Range[]): Range[] {
  const left: Range[] = [];
  for (const [start, end] of ranges) {
    let from = start;
    for (const [removedStart, removedEnd] of removed) {
      if (removedEnd <= from) continue;
      if (removedStart >= end) break;
      if (removedStart > from) left.push([from, removedStart]);
      from = Math.max(from, removedEnd);
      if (from >= end) break;
    }
    if (from < end) left.push([from, end]);
  }
  return left;
}
