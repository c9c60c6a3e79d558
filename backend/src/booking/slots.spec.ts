import { AVAILABILITY_LIMITS, type Availability, type WeeklyWindow } from '@brightwave/common';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { freeSlots, type TimeRange } from './slots';

type Settings = Omit<Availability, 'busyCalendarUrl'>;

const weekdays = (start: string, end: string): WeeklyWindow[] => [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));

const base: Settings = {
  timeZone: 'UTC',
  weekly: weekdays('09:00', '12:00'),
  meetingMinutes: 60,
  bufferMinutes: 0,
  minNoticeHours: 0,
  maxDaysAhead: 365,
};

const range = (start: string, end: string): TimeRange => ({ start: new Date(start), end: new Date(end) });

/** The slots' starts as UTC ISO strings without seconds, e.g. '2026-06-08T09:00Z' (the tables below read easier). */
function startsOf(options: { availability?: Partial<Settings>; from: string; to: string; now?: string; meetings?: TimeRange[]; busy?: TimeRange[] }): string[] {
  const slots = freeSlots({
    availability: { ...base, ...options.availability },
    from: new Date(options.from),
    to: new Date(options.to),
    now: new Date(options.now ?? '2026-01-01T00:00Z'),
    meetings: options.meetings ?? [],
    busy: options.busy ?? [],
  });
  return slots.map((slot) => slot.start.toISOString().replace(':00.000Z', 'Z'));
}

/** The slots' starts on the availability's own clock, e.g. '2026-03-29 09:00 +02:00'. */
function localStartsOf(timeZone: string, weekly: WeeklyWindow[], from: string, to: string, meetingMinutes = 60): string[] {
  const slots = freeSlots({
    availability: { ...base, timeZone, weekly, meetingMinutes },
    from: new Date(from),
    to: new Date(to),
    now: new Date('2026-01-01T00:00Z'),
    meetings: [],
    busy: [],
  });
  return slots.map((slot) => DateTime.fromJSDate(slot.start, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm ZZ'));
}

describe(freeSlots.name, () => {
  it('begins slots at the start of each window and follows them every meetingMinutes through a normal week', () => {
    // Monday 8 June 2026 to Sunday 14 June: five weekdays of 09:00–12:00 with hour-long calls.
    const starts = startsOf({ from: '2026-06-08T00:00Z', to: '2026-06-15T00:00Z' });
    expect(starts).toEqual(['08', '09', '10', '11', '12'].flatMap((day) => [`2026-06-${day}T09:00Z`, `2026-06-${day}T10:00Z`, `2026-06-${day}T11:00Z`]));
  });

  it('makes every slot last meetingMinutes', () => {
    const slots = freeSlots({
      availability: { ...base, meetingMinutes: 45 },
      from: new Date('2026-06-08T00:00Z'),
      to: new Date('2026-06-09T00:00Z'),
      now: new Date('2026-01-01T00:00Z'),
      meetings: [],
      busy: [],
    });
    expect(slots.map((slot) => [slot.start.toISOString(), slot.end.toISOString()])).toEqual([
      ['2026-06-08T09:00:00.000Z', '2026-06-08T09:45:00.000Z'],
      ['2026-06-08T09:45:00.000Z', '2026-06-08T10:30:00.000Z'],
      ['2026-06-08T10:30:00.000Z', '2026-06-08T11:15:00.000Z'],
      // 11:15–12:00 is the last whole meeting before the window's end.
      ['2026-06-08T11:15:00.000Z', '2026-06-08T12:00:00.000Z'],
    ]);
  });

  it('leaves out the end of a window that cannot hold a whole meeting', () => {
    const starts = startsOf({
      availability: { weekly: [{ day: 1, start: '09:00', end: '10:45' }], meetingMinutes: 30 },
      from: '2026-06-08T00:00Z',
      to: '2026-06-09T00:00Z',
    });
    expect(starts).toEqual(['2026-06-08T09:00Z', '2026-06-08T09:30Z', '2026-06-08T10:00Z']);
  });

  it('gives nothing for a window shorter than one meeting', () => {
    const starts = startsOf({
      availability: { weekly: [{ day: 1, start: '09:00', end: '09:20' }], meetingMinutes: 30 },
      from: '2026-06-08T00:00Z',
      to: '2026-06-09T00:00Z',
    });
    expect(starts).toEqual([]);
  });

  it('starts no slot inside the notice period, but one exactly at its end', () => {
    const starts = startsOf({
      availability: { weekly: weekdays('09:00', '17:00'), minNoticeHours: 2 },
      now: '2026-06-08T10:00Z',
      from: '2026-06-08T00:00Z',
      to: '2026-06-09T00:00Z',
    });
    expect(starts[0]).toBe('2026-06-08T12:00Z');
    expect(starts).toHaveLength(5);
  });

  it('counts the notice from now to the minute (a slot starting a minute early is left out)', () => {
    const starts = startsOf({
      availability: { weekly: weekdays('09:00', '17:00'), minNoticeHours: 24 },
      now: '2026-06-08T09:01Z',
      from: '2026-06-08T00:00Z',
      to: '2026-06-10T00:00Z',
    });
    expect(starts[0]).toBe('2026-06-09T10:00Z');
  });

  it('starts no slot after now + maxDaysAhead days (one exactly then is still offered)', () => {
    const starts = startsOf({
      availability: { maxDaysAhead: 1 },
      now: '2026-06-08T10:00Z',
      from: '2026-06-08T00:00Z',
      to: '2026-06-15T00:00Z',
    });
    expect(starts).toEqual(['2026-06-08T10:00Z', '2026-06-08T11:00Z', '2026-06-09T09:00Z', '2026-06-09T10:00Z']);
  });

  it('counts maxDaysAhead in calendar days on the staff member’s clock, across a DST change', () => {
    // From Saturday 28 March 2026 10:00 in Berlin (CET), 2 days ahead is Monday 10:00 CEST: 47 hours, not 48.
    const starts = startsOf({
      availability: { timeZone: 'Europe/Berlin', weekly: weekdays('09:00', '12:00'), maxDaysAhead: 2 },
      now: '2026-03-28T09:00Z',
      from: '2026-03-28T00:00Z',
      to: '2026-04-04T00:00Z',
    });
    expect(starts).toEqual(['2026-03-30T07:00Z', '2026-03-30T08:00Z']);
  });

  it('keeps bufferMinutes free on each side of a booked meeting', () => {
    const starts = startsOf({
      availability: { weekly: [{ day: 1, start: '09:00', end: '13:00' }], meetingMinutes: 30, bufferMinutes: 15 },
      from: '2026-06-08T00:00Z',
      to: '2026-06-09T00:00Z',
      meetings: [range('2026-06-08T11:00Z', '2026-06-08T11:30Z')],
    });
    // Blocked: 10:45–11:45, so 10:30 (ends 11:00), 11:00 and 11:30 go; 12:00 stays.
    expect(starts).toEqual(['2026-06-08T09:00Z', '2026-06-08T09:30Z', '2026-06-08T10:00Z', '2026-06-08T12:00Z', '2026-06-08T12:30Z']);
  });

  it('lets a slot touch a buffer without overlapping it', () => {
    const starts = startsOf({
      availability: { weekly: [{ day: 1, start: '10:00', end: '13:00' }], meetingMinutes: 30, bufferMinutes: 30 },
      from: '2026-06-08T00:00Z',
      to: '2026-06-09T00:00Z',
      meetings: [range('2026-06-08T11:30Z', '2026-06-08T12:00Z')],
    });
    // Blocked: 11:00–12:30. 10:30–11:00 ends as the buffer begins; 12:30 begins as it ends.
    expect(starts).toEqual(['2026-06-08T10:00Z', '2026-06-08T10:30Z', '2026-06-08T12:30Z']);
  });

  it('blocks a busy time only for its own span, with no buffer around it', () => {
    const starts = startsOf({
      availability: { weekly: [{ day: 1, start: '09:00', end: '12:00' }], meetingMinutes: 30, bufferMinutes: 30 },
      from: '2026-06-08T00:00Z',
      to: '2026-06-09T00:00Z',
      busy: [range('2026-06-08T10:15Z', '2026-06-08T10:20Z')],
    });
    expect(starts).toEqual(['2026-06-08T09:00Z', '2026-06-08T09:30Z', '2026-06-08T10:30Z', '2026-06-08T11:00Z', '2026-06-08T11:30Z']);
  });

  it('leaves out every slot a busy time overlaps, whatever the order and overlaps of the busy times', () => {
    const starts = startsOf({
      availability: { weekly: [{ day: 1, start: '09:00', end: '14:00' }] },
      from: '2026-06-08T00:00Z',
      to: '2026-06-09T00:00Z',
      busy: [
        range('2026-06-08T12:59Z', '2026-06-08T13:01Z'),
        range('2026-06-08T09:30Z', '2026-06-08T10:00Z'),
        range('2026-06-08T09:45Z', '2026-06-08T10:30Z'),
        // Empty and inverted spans block nothing.
        range('2026-06-08T11:30Z', '2026-06-08T11:30Z'),
        range('2026-06-08T12:00Z', '2026-06-08T11:00Z'),
      ],
    });
    expect(starts).toEqual(['2026-06-08T11:00Z']);
  });

  it('returns only slots overlapping [from, to)', () => {
    const starts = startsOf({ from: '2026-06-08T09:30Z', to: '2026-06-08T11:00Z' });
    // 09:00–10:00 overlaps from; 11:00 starts at to, so it is left out.
    expect(starts).toEqual(['2026-06-08T09:00Z', '2026-06-08T10:00Z']);
  });

  it('gives each slot once, sorted, when windows overlap or are listed out of order', () => {
    const starts = startsOf({
      availability: {
        weekly: [
          { day: 1, start: '10:00', end: '12:00' },
          { day: 1, start: '09:00', end: '11:00' },
          { day: 1, start: '09:00', end: '11:00' },
        ],
      },
      from: '2026-06-08T00:00Z',
      to: '2026-06-09T00:00Z',
    });
    expect(starts).toEqual(['2026-06-08T09:00Z', '2026-06-08T10:00Z', '2026-06-08T11:00Z']);
  });

  it('reads the windows on the clock of a zone far from UTC (Pacific/Auckland, +13:00 in January)', () => {
    // Monday 5 January 09:00 in Auckland is Sunday 4 January 20:00 UTC: the slot falls on the UTC day before.
    const starts = startsOf({
      availability: { timeZone: 'Pacific/Auckland', weekly: [{ day: 1, start: '09:00', end: '11:00' }] },
      from: '2026-01-04T00:00Z',
      to: '2026-01-05T00:00Z',
    });
    expect(starts).toEqual(['2026-01-04T20:00Z', '2026-01-04T21:00Z']);
  });

  it('reads the windows on the clock of a zone with a half-hour offset (Asia/Kolkata, +05:30)', () => {
    const starts = startsOf({
      availability: { timeZone: 'Asia/Kolkata', weekly: [{ day: 1, start: '09:00', end: '11:00' }], meetingMinutes: 45 },
      from: '2026-06-08T00:00Z',
      to: '2026-06-09T00:00Z',
    });
    expect(starts).toEqual(['2026-06-08T03:30Z', '2026-06-08T04:15Z']);
  });

  describe('daylight-saving changes', () => {
    const nineToFive = weekdays('09:00', '17:00');

    it('starts at 09:00 in Berlin on both sides of the spring change (Sunday 29 March 2026)', () => {
      const starts = startsOf({
        availability: { timeZone: 'Europe/Berlin', weekly: nineToFive },
        from: '2026-03-27T00:00Z',
        to: '2026-03-31T00:00Z',
      });
      // Friday 09:00 CET is 08:00 UTC; Monday 09:00 CEST is 07:00 UTC.
      expect(starts[0]).toBe('2026-03-27T08:00Z');
      expect(starts[8]).toBe('2026-03-30T07:00Z');
      expect(starts).toHaveLength(16);
    });

    it('starts at 09:00 in Berlin on both sides of the autumn change (Sunday 25 October 2026)', () => {
      const starts = startsOf({
        availability: { timeZone: 'Europe/Berlin', weekly: nineToFive },
        from: '2026-10-23T00:00Z',
        to: '2026-10-27T00:00Z',
      });
      expect(starts[0]).toBe('2026-10-23T07:00Z');
      expect(starts[8]).toBe('2026-10-26T08:00Z');
      expect(starts).toHaveLength(16);
    });

    it('follows each zone’s own change date: New York moves on 8 March, Berlin on 29 March', () => {
      const local = (timeZone: string) => localStartsOf(timeZone, nineToFive, '2026-03-02T00:00Z', '2026-04-04T00:00Z');
      for (const timeZone of ['America/New_York', 'Europe/Berlin']) {
        const starts = local(timeZone);
        // Every weekday of the five weeks: 8 slots a day, each on the hour between 09:00 and 16:00 local.
        expect(starts).toHaveLength(25 * 8);
        expect(new Set(starts.map((start) => start.slice(11, 16)))).toEqual(new Set(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']));
      }
      const newYork = startsOf({
        availability: { timeZone: 'America/New_York', weekly: nineToFive },
        from: '2026-03-06T00:00Z',
        to: '2026-03-10T00:00Z',
      });
      // Friday 6 March 09:00 EST is 14:00 UTC; Monday 9 March 09:00 EDT is 13:00 UTC.
      expect([newYork[0], newYork[8]]).toEqual(['2026-03-06T14:00Z', '2026-03-09T13:00Z']);
      const berlinThatMonday = startsOf({
        availability: { timeZone: 'Europe/Berlin', weekly: nineToFive },
        from: '2026-03-09T00:00Z',
        to: '2026-03-10T00:00Z',
      });
      expect(berlinThatMonday[0]).toBe('2026-03-09T08:00Z');
    });

    it('starts at 09:00 in New York on both sides of the autumn change (Sunday 1 November 2026)', () => {
      const starts = startsOf({
        availability: { timeZone: 'America/New_York', weekly: nineToFive },
        from: '2026-10-30T00:00Z',
        to: '2026-11-03T00:00Z',
      });
      expect([starts[0], starts[8]]).toEqual(['2026-10-30T13:00Z', '2026-11-02T14:00Z']);
    });

    it('gives a window across the skipped hour only its real time: 01:30–03:30 on 29 March in Berlin is one hour', () => {
      const sunday = [{ day: 0, start: '01:30', end: '03:30' }];
      expect(localStartsOf('Europe/Berlin', sunday, '2026-03-28T00:00Z', '2026-03-30T00:00Z', 30)).toEqual([
        '2026-03-29 01:30 +01:00',
        // 01:30 + 30 minutes is 03:00 on the new clock: no slot at a time that does not exist.
        '2026-03-29 03:00 +02:00',
      ]);
    });

    it('reads a window start inside the skipped hour one hour later (02:30 becomes 03:30), as RFC 5545 does', () => {
      const sunday = [{ day: 0, start: '02:30', end: '04:30' }];
      expect(localStartsOf('Europe/Berlin', sunday, '2026-03-28T00:00Z', '2026-03-30T00:00Z', 30)).toEqual([
        '2026-03-29 03:30 +02:00',
        '2026-03-29 04:00 +02:00',
      ]);
    });

    it('gives a window across the repeated hour all its real time, each slot once: 01:30–03:30 on 25 October is three hours', () => {
      const sunday = [{ day: 0, start: '01:30', end: '03:30' }];
      const slots = localStartsOf('Europe/Berlin', sunday, '2026-10-24T00:00Z', '2026-10-26T00:00Z', 30);
      expect(slots).toEqual([
        '2026-10-25 01:30 +02:00',
        '2026-10-25 02:00 +02:00',
        '2026-10-25 02:30 +02:00',
        // The clock goes back from 03:00 to 02:00: the same wall-clock times again, at other instants.
        '2026-10-25 02:00 +01:00',
        '2026-10-25 02:30 +01:00',
        '2026-10-25 03:00 +01:00',
      ]);
    });

    it('reads a window start inside the repeated hour as its first occurrence', () => {
      // 02:30–03:30 on 25 October in Berlin opens at the first 02:30 (CEST) and closes at 03:30 CET: two real hours.
      expect(localStartsOf('Europe/Berlin', [{ day: 0, start: '02:30', end: '03:30' }], '2026-10-24T00:00Z', '2026-10-26T00:00Z', 30)).toEqual([
        '2026-10-25 02:30 +02:00',
        '2026-10-25 02:00 +01:00',
        '2026-10-25 02:30 +01:00',
        '2026-10-25 03:00 +01:00',
      ]);
    });

    it('reads a window end inside the repeated hour as its first occurrence', () => {
      expect(localStartsOf('Europe/Berlin', [{ day: 0, start: '01:30', end: '02:30' }], '2026-10-24T00:00Z', '2026-10-26T00:00Z', 30)).toEqual([
        '2026-10-25 01:30 +02:00',
        '2026-10-25 02:00 +02:00',
      ]);
      // New York repeats 01:00–02:00 on 1 November: a window 01:00–01:30 is its first half hour only.
      expect(localStartsOf('America/New_York', [{ day: 0, start: '01:00', end: '01:30' }], '2026-10-31T00:00Z', '2026-11-02T00:00Z', 30)).toEqual([
        '2026-11-01 01:00 -04:00',
      ]);
    });
  });

  describe('settings the API refuses: no slot, and no endless loop', () => {
    const day = { from: '2026-06-08T00:00Z', to: '2026-06-09T00:00Z' };

    it.each([
      ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }],
      ['meetings of no length', { meetingMinutes: 0 }],
      ['meetings of negative length', { meetingMinutes: -30 }],
      ['meetingMinutes that is not a number', { meetingMinutes: Number.NaN }],
      ['window times that are not times', { weekly: [{ day: 1, start: 'nine', end: '17:00' }] }],
      ['a window that ends before it starts', { weekly: [{ day: 1, start: '17:00', end: '09:00' }] }],
    ])('%s', (_name, availability: Partial<Settings>) => {
      expect(startsOf({ availability, ...day })).toEqual([]);
    });

    it('a range that ends before it starts', () => {
      expect(startsOf({ from: '2026-06-09T00:00Z', to: '2026-06-08T00:00Z' })).toEqual([]);
    });

    it('a range of centuries stays within maxDaysAhead', () => {
      const starts = startsOf({ availability: { maxDaysAhead: 7 }, now: '2026-06-07T00:00Z', from: '1900-01-01T00:00Z', to: '2200-01-01T00:00Z' });
      expect(starts).toHaveLength(15);
    });
  });

  describe('properties over random availabilities, meetings and busy times', () => {
    const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Pacific/Auckland', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns'];
    const MINUTE = 60_000;
    const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    // 2026, with DST changes of every zone above inside it.
    const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) });
    const window = fc
      .record({ day: fc.integer({ min: 0, max: 6 }), first: fc.integer({ min: 0, max: 1438 }), length: fc.integer({ min: 1, max: 1439 }) })
      .map(({ day, first, length }) => ({ day, start: hhmm(first), end: hhmm(Math.min(1439, first + length)) }));
    const span = (around: number) =>
      fc
        .record({ offset: fc.integer({ min: -2 * 1440, max: 16 * 1440 }), minutes: fc.integer({ min: 1, max: 600 }) })
        .map(({ offset, minutes }) => ({ start: new Date(around + offset * MINUTE), end: new Date(around + (offset + minutes) * MINUTE) }));
    const scenario = instant.chain((now) =>
      fc.record({
        availability: fc.record({
          timeZone: fc.constantFrom(...ZONES),
          weekly: fc.array(window, { minLength: 1, maxLength: 10 }),
          meetingMinutes: fc.integer(AVAILABILITY_LIMITS.meetingMinutes),
          bufferMinutes: fc.integer(AVAILABILITY_LIMITS.bufferMinutes),
          minNoticeHours: fc.integer(AVAILABILITY_LIMITS.minNoticeHours),
          maxDaysAhead: fc.integer(AVAILABILITY_LIMITS.maxDaysAhead),
        }),
        now: fc.constant(new Date(now)),
        from: fc.integer({ min: -1440, max: 10 * 1440 }).map((offset) => new Date(now + offset * MINUTE)),
        days: fc.integer({ min: 1, max: 14 }),
        meetings: fc.array(span(now), { maxLength: 20 }),
        busy: fc.array(span(now), { maxLength: 40 }),
      }),
    );
    const overlaps = (slot: TimeRange, start: number, end: number) => slot.start.getTime() < end && start < slot.end.getTime();
    /** The instants of a window on the local day `day`: its clock times, a repeated one read as its first occurrence. */
    const windowOn = (day: DateTime, window: WeeklyWindow) =>
      [window.start, window.end].map((time) => {
        const [hour, minute] = time.split(':').map(Number);
        const local = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone: day.zone });
        return Math.min(...local.getPossibleOffsets().map((each) => each.toMillis()));
      });

    it('gives only slots of meetingMinutes, inside a window, after the notice, within maxDaysAhead, in [from, to), clear of busy times and buffered meetings, sorted and unique', () => {
      let runsWithSlots = 0;
      fc.assert(
        fc.property(scenario, ({ availability, now, from, days, meetings, busy }) => {
          const to = new Date(from.getTime() + days * 1440 * MINUTE);
          const slots = freeSlots({ availability, from, to, now, meetings, busy });
          if (slots.length > 0) runsWithSlots += 1;
          const windowsOnDay = new Map<string, number[]>();
          const { timeZone, meetingMinutes, bufferMinutes, minNoticeHours, maxDaysAhead } = availability;
          const latest = DateTime.fromJSDate(now, { zone: timeZone }).plus({ days: maxDaysAhead }).toMillis();
          // The rules each slot breaks (one expect at the end: thousands of them per run would be slow).
          const broken = slots.flatMap((slot, index) => {
            const start = slot.start.getTime();
            const buffer = bufferMinutes * MINUTE;
            const localDay = DateTime.fromJSDate(slot.start, { zone: timeZone }).startOf('day');
            const inAWindow = availability.weekly.some((window, windowIndex) => {
              if (window.day !== localDay.weekday % 7) return false;
              const key = `${localDay.toISODate()} ${windowIndex}`;
              if (!windowsOnDay.has(key)) windowsOnDay.set(key, windowOn(localDay, window));
              const [windowStart, windowEnd] = windowsOnDay.get(key)!;
              // On the window's step: a whole number of meetings after its start.
              const stepped = (start - windowStart!) % (meetingMinutes * MINUTE) === 0;
              return stepped && start >= windowStart! && slot.end.getTime() <= windowEnd!;
            });
            const rules = {
              'lasts meetingMinutes': slot.end.getTime() - start === meetingMinutes * MINUTE,
              'after the notice': start >= now.getTime() + minNoticeHours * 60 * MINUTE,
              'within maxDaysAhead': start <= latest,
              'in [from, to)': overlaps(slot, from.getTime(), to.getTime()),
              'clear of busy times': busy.every((range) => !overlaps(slot, range.start.getTime(), range.end.getTime())),
              'clear of buffered meetings': meetings.every((meeting) => !overlaps(slot, meeting.start.getTime() - buffer, meeting.end.getTime() + buffer)),
              'inside a window': inAWindow,
              'after the slot before it': index === 0 || start > slots[index - 1]!.start.getTime(),
            };
            return Object.entries(rules)
              .filter(([, kept]) => !kept)
              .map(([rule]) => `${slot.start.toISOString()}: ${rule}`);
          });
          expect(broken).toEqual([]);
        }),
        { numRuns: 300 },
      );
      // The rules above hold trivially of no slot: most runs must have some.
      expect(runsWithSlots).toBeGreaterThan(100);
    });

    it('misses no slot: in zones of one fixed offset, the same slots as counting every window’s minutes one by one', () => {
      let runsWithSlots = 0;
      const FIXED_OFFSETS: Record<string, number> = { UTC: 0, 'Asia/Kolkata': 330 };
      fc.assert(
        fc.property(
          scenario.map((each) => ({ ...each, availability: { ...each.availability, timeZone: each.availability.weekly.length % 2 ? 'UTC' : 'Asia/Kolkata' } })),
          ({ availability, now, from, days, meetings, busy }) => {
            const to = new Date(from.getTime() + days * 1440 * MINUTE);
            const offset = FIXED_OFFSETS[availability.timeZone]! * MINUTE;
            const meetingMs = availability.meetingMinutes * MINUTE;
            const bufferMs = availability.bufferMinutes * MINUTE;
            const expected = new Set<number>();
            // Every local midnight from two days before `from` to a day after `to`, by plain arithmetic.
            const firstMidnight = Math.floor((from.getTime() + offset) / (1440 * MINUTE) - 2) * 1440 * MINUTE - offset;
            for (let midnight = firstMidnight; midnight < to.getTime() + 1440 * MINUTE; midnight += 1440 * MINUTE) {
              const weekday = new Date(midnight + offset).getUTCDay();
              for (const window of availability.weekly.filter((each) => each.day === weekday)) {
                const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
                const windowEnd = midnight + minutesOf(window.end) * MINUTE;
                for (let start = midnight + minutesOf(window.start) * MINUTE; start + meetingMs <= windowEnd; start += meetingMs) {
                  const slot = { start: new Date(start), end: new Date(start + meetingMs) };
                  const free =
                    start >= now.getTime() + availability.minNoticeHours * 60 * MINUTE &&
                    start <= now.getTime() + availability.maxDaysAhead * 1440 * MINUTE &&
                    overlaps(slot, from.getTime(), to.getTime()) &&
                    busy.every((range) => !overlaps(slot, range.start.getTime(), range.end.getTime())) &&
                    meetings.every((meeting) => !overlaps(slot, meeting.start.getTime() - bufferMs, meeting.end.getTime() + bufferMs));
                  if (free) expected.add(start);
                }
              }
            }
            const slots = freeSlots({ availability, from, to, now, meetings, busy });
            if (slots.length > 0) runsWithSlots += 1;
            expect(slots.map((slot) => slot.start.getTime())).toEqual([...expected].sort((a, b) => a - b));
          },
        ),
        { numRuns: 300 },
      );
      expect(runsWithSlots).toBeGreaterThan(100);
    });
  });
});
