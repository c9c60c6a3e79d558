// The busy times of a staff member's private calendar feed (an iCalendar file, RFC 5545), read with Mozilla's
// ical.js. Pure: the caller fetches the text. Only what blocks a slot is kept: the spans, not titles or attendees.
import ICAL from 'ical.js';
import { IANAZone } from 'luxon';
import type { TimeRange } from './slots';
import { instantOnClock } from './wall-clock';

/** Longer feeds are refused before parsing: a year of a busy calendar is well under a megabyte. */
export const MAX_FEED_CHARACTERS = 5_000_000;
/** At most this many busy times in the asked range: more is no calendar a person keeps. */
export const MAX_BUSY_TIMES = 5_000;
/**
 * At most this many recurrence steps for the whole feed, counted from each series' first occurrence (ical.js cannot
 * start a series in the middle; see `startNearRange` for the common rules where this reader can): a monthly event
 * begun 20 years ago takes 240. It bounds the work a hostile feed (FREQ=SECONDLY since 1970) can cause to about a
 * second (ical.js takes 20 to 50 µs a step).
 */
export const MAX_RECURRENCE_STEPS = 20_000;
/** No clock is a day away from UTC: a wall-clock time read as UTC is within a day of its instant. */
const DAY_MS = 24 * 60 * 60 * 1000;

export type UnreadableFeedReason = 'not-icalendar' | 'too-large' | 'too-many-occurrences';

/** The feed cannot be used; `reason` lets the caller tell its owner what to fix. */
export class UnreadableFeed extends Error {
  constructor(
    readonly reason: UnreadableFeedReason,
    message: string,
  ) {
    super(message);
    this.name = 'UnreadableFeed';
  }
}

interface FeedOptions {
  /**
   * The zone of times that name none: all-day events and "floating" times (no TZID, no Z). RFC 5545 reads them on
   * the clock of whoever looks, and the one who looks at a private feed is its owner: pass the availability's time
   * zone, so that a day off blocks that day on their clock. Default UTC.
   */
  floatingTimeZone?: string;
}

/**
 * The busy spans of the feed's events that overlap [from, to), sorted by start. Recurring events are expanded in
 * the range (RRULE, RDATE, EXDATE; a RECURRENCE-ID override replaces its occurrence, wherever it moved it). Events
 * marked free (TRANSP:TRANSPARENT) or cancelled (STATUS:CANCELLED) block nothing, nor do events without a start.
 * Anything else ical.js cannot read (it checks values as it parses: an RRULE with FREQ=SOMETIMES) makes the whole
 * feed unreadable rather than half-read: the caller decides what an unreadable feed means, and the owner can be told.
 *
 * Times with a TZID are read on that zone's clock when it is an IANA name (Node's time zone data), else with the
 * feed's own VTIMEZONE definition of it (Outlook's 'W. Europe Standard Time'), else as floating. ical.js itself sees
 * no VTIMEZONE: it expands series on their wall clock, and a zone is only ever expanded by this reader, for the times
 * near the range (a VTIMEZONE rule is expanded from its start to the year asked, so a hostile one could hang it).
 * A RANGE=THISANDFUTURE override is read as an override of its one occurrence.
 *
 * Throws UnreadableFeed when the text is not an iCalendar feed, or is too large or too long to expand.
 */
export function busyTimesFromIcs(ics: string, from: Date, to: Date, options: FeedOptions = {}): TimeRange[] {
  if (ics.length > MAX_FEED_CHARACTERS) {
    throw new UnreadableFeed('too-large', `The calendar feed is larger than ${MAX_FEED_CHARACTERS} characters.`);
  }
  const reader = new FeedReader(from.getTime(), to.getTime(), options.floatingTimeZone ?? 'UTC');
  try {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    if (calendar.name !== 'vcalendar') throw new Error(`a ${calendar.name} component instead of a VCALENDAR`);
    reader.takeTimeZones(calendar);
    reader.read(calendar.getAllSubcomponents('vevent'));
  } catch (error) {
    if (error instanceof UnreadableFeed) throw error;
    throw new UnreadableFeed('not-icalendar', `The calendar feed is not an iCalendar (.ics) file: ${String(error)}`);
  }
  return reader.busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}

class FeedReader {
  readonly busy: TimeRange[] = [];
  private steps = 0;
  /** Whether Luxon knows each TZID (asking costs a new Intl.DateTimeFormat each time). */
  private readonly knownZones = new Map<string, boolean>();
  private readonly instants = new Map<string, number>();
  /** The feed's own VTIMEZONEs by TZID, for the zones Luxon does not know. */
  private readonly feedZones = new Map<string, ICAL.Timezone>();

  constructor(
    private readonly fromMs: number,
    private readonly toMs: number,
    private readonly floatingZone: string,
  ) {}

  /**
   * Takes the VTIMEZONEs out of the calendar (before any event's time is read, so that ical.js reads them as floating)
   * and keeps them for `instantOf`. Their expansion counts against the same budget as the events': unchecked, a rule
   * with FREQ=SECONDLY would hang the server. Real zones change a few times a year. A zone is expanded from its
   * rules' start to five years (ical.js's margin) after the later of this year and the year converted; only times
   * near the range are converted.
   */
  takeTimeZones(calendar: ICAL.Component): void {
    const zones = calendar.getAllSubcomponents('vtimezone');
    calendar.removeAllSubcomponents('vtimezone');
    const lastYear = Math.max(new Date().getUTCFullYear(), new Date(this.toMs).getUTCFullYear() + 1);
    const untilYear = lastYear + ICAL.Timezone.EXTRA_COVERAGE;
    for (const zone of zones) {
      for (const observance of zone.getAllSubcomponents()) {
        const rule = observance.getFirstPropertyValue('rrule') as ICAL.Recur | null;
        const start = observance.getFirstPropertyValue('dtstart') as ICAL.Time | null;
        if (!rule || !start) continue;
        if (rule.freq !== 'YEARLY') {
          throw new UnreadableFeed('not-icalendar', `The calendar feed's time zone changes ${rule.freq}, not yearly.`);
        }
        // Each BY-part multiplies the changes in a year (BYMONTH=3,10 makes two).
        const perYear = Object.values(rule.parts).reduce((product, values) => product * Math.max(1, values.length), 1);
        this.countSteps(Math.max(1, untilYear - start.year) * perYear);
      }
      const tzid = zone.getFirstPropertyValue('tzid');
      if (typeof tzid === 'string') this.feedZones.set(tzid, new ICAL.Timezone({ component: zone, tzid }));
    }
  }

  read(events: ICAL.Component[]): void {
    // The occurrences that overrides replace (`uid instant`): the series skips them, the override stands alone.
    const overridden = new Set<string>();
    for (const event of events) {
      const recurrenceId = event.getFirstProperty('recurrence-id');
      // An override can only replace an occurrence in the range if it names one near it.
      const replaced = recurrenceId?.getFirstValue() as ICAL.Time | undefined;
      if (recurrenceId && replaced && !this.isFarFromRange(replaced, replaced)) {
        overridden.add(occurrenceKey(event, this.instantOf(recurrenceId)));
      }
    }
    for (const event of events) this.readEvent(event, overridden);
  }

  private readEvent(event: ICAL.Component, overridden: Set<string>): void {
    if (textOf(event, 'transp') === 'TRANSPARENT' || textOf(event, 'status') === 'CANCELLED') return;
    const startProperty = event.getFirstProperty('dtstart');
    if (!startProperty) return;
    const start = startProperty.getFirstValue() as ICAL.Time;
    // Nothing that starts after the range can be in it: spare ical.js the work (and the zone expansion up to that year).
    if (roughInstantOf(start) - DAY_MS >= this.toMs) return;
    const endProperty = event.getFirstProperty('dtend');
    const durationProperty = event.getFirstProperty('duration');

    const isSeries = event.hasProperty('rrule') || event.hasProperty('rdate');
    if (!isSeries || event.hasProperty('recurrence-id')) {
      // One occurrence: DTEND is read on its own clock (it may name another zone than DTSTART).
      const end = endProperty ? (endProperty.getFirstValue() as ICAL.Time) : plus(start, durationOf(start, durationProperty));
      if (this.isFarFromRange(start, end)) return;
      this.add(this.instantOf(startProperty), this.instantOf(endProperty ?? startProperty, end));
      return;
    }

    // A series: each occurrence lasts as long on the wall clock as the first one (RFC 5545 3.8.5.3).
    const duration = endProperty ? (endProperty.getFirstValue() as ICAL.Time).subtractDate(start) : durationOf(start, durationProperty);
    const excluded = new Set(event.getAllProperties('exdate').flatMap((exdate) => this.instantsNearRangeOf(exdate)));
    const expansion = new ICAL.RecurExpansion({ component: event, dtstart: this.startNearRange(event, start, duration) });
    for (let occurrence = expansion.next(); occurrence; occurrence = expansion.next()) {
      this.countSteps(1);
      // Occurrences come in order: the first one after the range ends the series' part in it.
      if (roughInstantOf(occurrence) - DAY_MS >= this.toMs) break;
      if (this.isFarFromRange(occurrence, plus(occurrence, duration))) continue;
      const startMs = this.instantOf(startProperty, occurrence);
      if (startMs >= this.toMs) break;
      if (excluded.has(startMs) || overridden.has(occurrenceKey(event, startMs))) continue;
      this.add(startMs, this.instantOf(startProperty, plus(occurrence, duration)));
    }
  }

  /**
   * A later start that leaves the series' occurrences near the range unchanged, for the rules where moving it is plain
   * arithmetic: DAILY with no BY-part, or WEEKLY with at most BYDAY; no COUNT (it counts from the start). It moves by
   * whole cycles of the rule on its own wall clock, to two days and an occurrence's length before the range, so that
   * ical.js does not step through years of a daily meeting. (ical.js makes no occurrence of a start on a day BYDAY
   * leaves out, so the start may sit on any weekday; the tests compare with the series expanded from its start.)
   */
  private startNearRange(event: ICAL.Component, start: ICAL.Time, duration: ICAL.Duration): ICAL.Time {
    const rules = event.getAllProperties('rrule');
    const rule = rules[0]?.getFirstValue() as ICAL.Recur | undefined;
    if (rules.length !== 1 || !rule || rule.count) return start;
    const parts = Object.keys(rule.parts);
    let cycleDays = 0;
    if (rule.freq === 'DAILY' && parts.length === 0) cycleDays = rule.interval;
    if (rule.freq === 'WEEKLY' && parts.every((part) => part === 'BYDAY')) cycleDays = 7 * rule.interval;
    if (!(cycleDays > 0)) return start;
    const marginMs = 2 * DAY_MS + duration.toSeconds() * 1000;
    const daysBefore = Math.floor((this.fromMs - marginMs - roughInstantOf(start)) / DAY_MS);
    const cycles = Math.floor(daysBefore / cycleDays);
    if (cycles <= 0) return start;
    const moved = start.clone();
    moved.adjust(cycles * cycleDays, 0, 0, 0);
    return moved;
  }

  /**
   * Whether a span is certainly outside the range, judged on its wall-clock times read as UTC (within a day of the
   * instants): this spares the zone lookups, the costly part, for the many events far from the range.
   */
  private isFarFromRange(start: ICAL.Time, end: ICAL.Time): boolean {
    return roughInstantOf(start) - DAY_MS >= this.toMs || roughInstantOf(end) + DAY_MS <= this.fromMs;
  }

  private countSteps(steps: number): void {
    this.steps += steps;
    if (this.steps > MAX_RECURRENCE_STEPS) {
      throw new UnreadableFeed('too-many-occurrences', `The calendar feed's repeating events take more than ${MAX_RECURRENCE_STEPS} steps to expand.`);
    }
  }

  private add(startMs: number, endMs: number): void {
    // A zero-length event (a timed one without DTEND) blocks nothing; NaN (an unreadable zone) is skipped too.
    if (!(startMs < endMs) || endMs <= this.fromMs || startMs >= this.toMs) return;
    if (this.busy.length >= MAX_BUSY_TIMES) {
      throw new UnreadableFeed('too-many-occurrences', `The calendar feed has more than ${MAX_BUSY_TIMES} busy times in the range asked.`);
    }
    this.busy.push({ start: new Date(startMs), end: new Date(endMs) });
  }

  /** The instants near the range of a property that may hold several (EXDATE:20260301T100000,20260308T100000). */
  private instantsNearRangeOf(property: ICAL.Property): number[] {
    const times = property.getValues() as ICAL.Time[];
    return times.filter((time) => !this.isFarFromRange(time, time)).map((time) => this.instantOf(property, time));
  }

  /**
   * The instant of `time` (by default the property's value), read in the property's TZID: an all-day date is its
   * day's start on the floating clock; a UTC time (…Z) is itself; an IANA TZID is read by Luxon; another TZID by the
   * feed's own VTIMEZONE when it defines one; anything else on the floating clock. Only for times near the range.
   */
  private instantOf(property: ICAL.Property, time = property.getFirstValue() as ICAL.Time): number {
    const tzid = property.getParameter('tzid') as string | undefined;
    const wallClock = { year: time.year, month: time.month, day: time.day };
    if (time.isDate) return this.instantOnClock(this.floatingZone, wallClock);
    const clock = { ...wallClock, hour: time.hour, minute: time.minute, second: time.second };
    if (time.zone === ICAL.Timezone.utcTimezone) return roughInstantOf(time);
    if (tzid && this.isKnownZone(tzid)) return this.instantOnClock(tzid, clock);
    const feedZone = tzid === undefined ? undefined : this.feedZones.get(tzid);
    if (feedZone) return ICAL.Time.fromData(clock, feedZone).toUnixTime() * 1000;
    return this.instantOnClock(this.floatingZone, clock);
  }

  /** `instantOnClock`, remembered for the read: meetings start and end on the same few times (each lookup ~0.1 ms). */
  private instantOnClock(zone: string, clock: Parameters<typeof instantOnClock>[1]): number {
    const key = `${zone} ${clock.year}-${clock.month}-${clock.day} ${clock.hour ?? 0}:${clock.minute ?? 0}:${clock.second ?? 0}`;
    let instant = this.instants.get(key);
    if (instant === undefined) {
      instant = instantOnClock(zone, clock);
      this.instants.set(key, instant);
    }
    return instant;
  }

  private isKnownZone(tzid: string): boolean {
    let known = this.knownZones.get(tzid);
    if (known === undefined) {
      known = IANAZone.isValidZone(tzid);
      this.knownZones.set(tzid, known);
    }
    return known;
  }
}

/** The wall-clock time read as if it were UTC: exact for UTC times, within a day of the instant for any other. */
function roughInstantOf(time: ICAL.Time): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
}

/** A property's text, upper-cased and trimmed ('' when absent): TRANSP and STATUS values are case-insensitive. */
function textOf(event: ICAL.Component, name: string): string {
  const value = event.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim().toUpperCase() : '';
}

/** DURATION when given; else a whole day for an all-day event and nothing for a timed one (RFC 5545 3.6.1). */
function durationOf(start: ICAL.Time, durationProperty: ICAL.Property | null): ICAL.Duration {
  if (durationProperty) return durationProperty.getFirstValue() as ICAL.Duration;
  return ICAL.Duration.fromData(start.isDate ? { days: 1 } : {});
}

/** `time` moved by `duration` on its own wall clock (ical.js keeps the zone). */
function plus(time: ICAL.Time, duration: ICAL.Duration): ICAL.Time {
  const moved = time.clone();
  moved.addDuration(duration);
  return moved;
}

function occurrenceKey(event: ICAL.Component, instant: number): string {
  return `${String(event.getFirstPropertyValue('uid'))} ${instant}`;
}
