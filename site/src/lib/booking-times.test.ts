import { MAX_SLOT_VIEW_DAYS } from '@brightwave/common';
import { addDays, calendarDayLabel, callWhen, dayIn, groupByDay, startOfDay, timeZoneChoices, viewRange } from './booking-times';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const slot = (start: string, minutes = 30) => ({ start, end: new Date(Date.parse(start) + minutes * 60_000).toISOString() });

describe(groupByDay.name, () => {
  it("groups the slots by their day on the visitor's clock, named by day and times", () => {
    // 23:30 UTC on Monday is already Tuesday in Berlin; 10:00 and 10:30 UTC are 11:00 and 11:30 there.
    const days = groupByDay([slot('2026-12-01T10:30:00Z'), slot('2026-11-30T23:30:00Z'), slot('2026-12-01T10:00:00Z')], 'Europe/Berlin');
    expect(days.map((day) => day.label)).toEqual(['Tuesday 1 December']);
    expect(days[0]?.slots.map((shown) => [shown.time, shown.name])).toEqual([
      ['00:30', 'Tuesday 1 December, 00:30 to 01:00'],
      ['11:00', 'Tuesday 1 December, 11:00 to 11:30'],
      ['11:30', 'Tuesday 1 December, 11:30 to 12:00'],
    ]);
  });

  it('puts the same instants on other days in another zone, in time order', () => {
    const days = groupByDay([slot('2026-12-01T10:00:00Z'), slot('2026-11-30T23:30:00Z')], 'America/New_York');
    expect(days.map((day) => [day.label, day.slots.map((shown) => shown.time)])).toEqual([
      ['Monday 30 November', ['18:30']],
      ['Tuesday 1 December', ['05:00']],
    ]);
  });

  it('reads each side of a clock change with its own offset', () => {
    // Berlin goes from UTC+1 to UTC+2 at 01:00 UTC on Sunday 29 March 2026: a half hour across it ends at 03:00.
    const days = groupByDay([slot('2026-03-29T00:30:00Z'), slot('2026-03-29T07:00:00Z')], 'Europe/Berlin');
    expect(days[0]?.slots.map((shown) => shown.name)).toEqual(['Sunday 29 March, 01:30 to 03:00', 'Sunday 29 March, 09:00 to 09:30']);
  });

  it('has no day without slots', () => {
    expect(groupByDay([], 'UTC')).toEqual([]);
  });
});

describe(viewRange.name, () => {
  // 19:00 in Tokyo.
  const now = Date.parse('2026-12-01T10:00:00Z');

  it(`covers ${MAX_SLOT_VIEW_DAYS} days from today's midnight on the visitor's clock`, () => {
    const range = viewRange(0, 'Asia/Tokyo', now);
    expect(new Date(range.from).toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(new Date(range.to).toISOString()).toBe('2026-12-14T15:00:00.000Z');
    expect([calendarDayLabel(range.first), calendarDayLabel(range.last)]).toEqual(['1 December', '14 December']);
  });

  it('pages on by as many days', () => {
    const range = viewRange(2, 'UTC', now);
    expect(new Date(range.from).toISOString()).toBe('2026-12-29T00:00:00.000Z');
    expect(range.to - range.from).toBe(MAX_SLOT_VIEW_DAYS * DAY);
  });

  it('is an hour longer across an autumn clock change and an hour shorter across a spring one', () => {
    const autumn = viewRange(0, 'America/New_York', Date.parse('2026-10-25T12:00:00Z'));
    expect(autumn.to - autumn.from).toBe(MAX_SLOT_VIEW_DAYS * DAY + HOUR);
    const spring = viewRange(0, 'Europe/London', Date.parse('2026-03-20T12:00:00Z'));
    expect(spring.to - spring.from).toBe(MAX_SLOT_VIEW_DAYS * DAY - HOUR);
  });
});

describe(startOfDay.name, () => {
  it('is the first instant of the day where the clock skips midnight', () => {
    // Santiago's clock went from 00:00 to 01:00 on Sunday 6 September 2026 (UTC-4 to UTC-3).
    expect(new Date(startOfDay({ year: 2026, month: 9, day: 6 }, 'America/Santiago')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(dayIn(startOfDay({ year: 2026, month: 9, day: 6 }, 'America/Santiago'), 'America/Santiago')).toEqual({ year: 2026, month: 9, day: 6 });
  });

  it('crosses months and years', () => {
    expect(addDays({ year: 2026, month: 12, day: 25 }, 14)).toEqual({ year: 2027, month: 1, day: 8 });
    expect(addDays({ year: 2027, month: 3, day: 1 }, -1)).toEqual({ year: 2027, month: 2, day: 28 });
  });
});

describe(callWhen.name, () => {
  it('says the day with its year, the times and the zone', () => {
    expect(callWhen(slot('2026-12-01T10:00:00Z'), 'Europe/London')).toBe('Tuesday 1 December 2026, 10:00 to 10:30 (Europe/London)');
    expect(callWhen(slot('2026-12-01T10:00:00Z'), 'America/New_York')).toBe('Tuesday 1 December 2026, 05:00 to 05:30 (America/New York)');
  });
});

describe(timeZoneChoices.name, () => {
  it("offers the browser's zones, the visitor's among them", () => {
    expect(timeZoneChoices('Europe/Berlin')).toContain('America/New_York');
    const withUtc = timeZoneChoices('UTC');
    expect(withUtc).toContain('UTC');
    expect(withUtc).toEqual([...withUtc].sort());
  });
});
