// The booking page's times (docs/features/booking.md, "The booking page"): the API's slots are UTC instants, shown on
// the visitor's clock. Intl.DateTimeFormat does the time zone arithmetic (no date library: the page has a budget), with
// one formatter per zone and purpose, kept.
import { BOOKING_PAGE_TEXTS, MAX_SLOT_VIEW_DAYS, type BookingSlot } from '@brightwave/common';

// Not the shared package's MINUTE_MS: its module would join the app chunk that every page loads first.
const MINUTE_MS = 60 * 1000;

/** A slot as the page lists it: its times on the visitor's clock, and its accessible name. */
export interface ShownSlot extends BookingSlot {
  /** '10:00' */
  time: string;
  /** 'Tuesday 3 December, 10:00 to 10:30' */
  name: string;
}

/** A day of the visitor's calendar and its slots, in order. */
export interface SlotDay {
  /** Which day: its year, month and day of the month. */
  key: string;
  /** 'Tuesday 3 December' */
  label: string;
  slots: ShownSlot[];
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, kind: 'numeric' | 'words'): Intl.DateTimeFormat {
  const key = `${kind} ${zone}`;
  let kept = formatters.get(key);
  if (!kept) {
    const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone } as const;
    kept =
      kind === 'numeric'
        ? new Intl.DateTimeFormat('en-US', { ...clock, year: 'numeric', month: 'numeric', day: 'numeric' })
        : new Intl.DateTimeFormat('en-GB', { ...clock, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
    formatters.set(key, kept);
  }
  return kept;
}

/** The fields of an instant on the zone's clock, by name ('year', 'month', 'hour', 'weekday'…). */
function fields(instant: number, zone: string, kind: 'numeric' | 'words'): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of formatter(zone, kind).formatToParts(instant)) found[part.type] = part.value;
  return found;
}

/** A calendar day, as numbers (month 1 to 12). */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The day an instant falls on in the zone. */
export function dayIn(instant: number, zone: string): CalendarDay {
  const { year, month, day } = fields(instant, zone, 'numeric');
  return { year: Number(year), month: Number(month), day: Number(day) };
}

/** The day `days` after `day` (before, when negative). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds (whole minutes, as every zone's are now). */
function offsetAt(instant: number, zone: string): number {
  const { year, month, day, hour, minute } = fields(instant, zone, 'numeric');
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)) - Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

/**
 * The instant a day starts in the zone: its midnight (the first, where a clock change repeats it), or the clock change
 * itself where one skips midnight. Midnight is read with the offset of a first guess and with the offset there.
 */
export function startOfDay(day: CalendarDay, zone: string): number {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  const first = wall - offsetAt(wall, zone);
  const second = wall - offsetAt(first, zone);
  const midnights = [first, second].filter((instant) => instant + offsetAt(instant, zone) === wall);
  return midnights.length > 0 ? Math.min(...midnights) : Math.max(first, second);
}

/**
 * The instants [from, to) of the `page`th view of MAX_SLOT_VIEW_DAYS days on the zone's calendar, the first starting
 * today (`now`'s day in the zone).
 */
export function viewRange(page: number, zone: string, now: number): { from: number; to: number; first: CalendarDay; last: CalendarDay } {
  const first = addDays(dayIn(now, zone), page * MAX_SLOT_VIEW_DAYS);
  const next = addDays(first, MAX_SLOT_VIEW_DAYS);
  return { from: startOfDay(first, zone), to: startOfDay(next, zone), first, last: addDays(next, -1) };
}

/** A day's name on the page: 'Tuesday 3 December' (with the year: 'Tuesday 3 December 2026'). */
function dayLabel(parts: Record<string, string>, withYear = false): string {
  return `${parts.weekday} ${parts.day} ${parts.month}${withYear ? ` ${parts.year}` : ''}`;
}

const timeOf = (parts: Record<string, string>) => `${parts.hour}:${parts.minute}`;

/** A calendar day in short, '3 December' (the range a view shows): the same on every clock. */
export function calendarDayLabel(day: CalendarDay): string {
  const { day: date, month } = fields(Date.UTC(day.year, day.month - 1, day.day, 12), 'UTC', 'words');
  return `${date} ${month}`;
}

/** The slots grouped by their day on the zone's clock, days and slots in time order. */
export function groupByDay(slots: BookingSlot[], zone: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const start = fields(Date.parse(slot.start), zone, 'words');
    const key = `${start.year} ${start.month} ${start.day}`;
    const label = dayLabel(start);
    const time = timeOf(start);
    const shown = { ...slot, time, name: BOOKING_PAGE_TEXTS.slot(label, time, timeOf(fields(Date.parse(slot.end), zone, 'words'))) };
    const last = days.at(-1);
    if (last?.key === key) last.slots.push(shown);
    else days.push({ key, label, slots: [shown] });
  }
  return days;
}

/** A zone as people read it: 'America/New York' for America/New_York. */
export const zoneName = (zone: string): string => zone.replaceAll('_', ' ');

/** When a call is, in full: 'Tuesday 3 December 2026, 10:00 to 10:30 (Europe/London)'. */
export function callWhen(call: BookingSlot, zone: string): string {
  const start = fields(Date.parse(call.start), zone, 'words');
  return `${BOOKING_PAGE_TEXTS.slot(dayLabel(start, true), timeOf(start), timeOf(fields(Date.parse(call.end), zone, 'words')))} (${zoneName(zone)})`;
}

let detected: string | undefined;

/** The visitor's time zone as their browser reports it (UTC when it reports none), read once: a formatter is costly. */
export function detectedTimeZone(): string {
  detected ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return detected;
}

/** The IANA zones to choose from (the browser's list), with `current` among them (some lists leave out UTC). */
export function timeZoneChoices(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [...zones, current].sort();
}
