import fc from 'fast-check';
import { busyTimesFromIcs, MAX_BUSY_TIMES, MAX_FEED_CHARACTERS, UnreadableFeed } from './busy-feed-parser';

/** A feed of the given events, with CRLF line ends as RFC 5545 writes them. */
const feed = (...events: string[][]): string =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Brightwave//Test//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');

const event = (uid: string, ...lines: string[]): string[] => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];

/** Berlin's rules as Google Calendar writes them in a feed. */
const BERLIN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The busy spans as 'start/end' UTC ISO strings without seconds. */
function busyOf(ics: string, from: string, to: string, floatingTimeZone?: string): string[] {
  const short = (date: Date) => date.toISOString().replace(':00.000Z', 'Z');
  return busyTimesFromIcs(ics, new Date(from), new Date(to), { floatingTimeZone }).map((busy) => `${short(busy.start)}/${short(busy.end)}`);
}

const MARCH = ['2026-03-01T00:00Z', '2026-04-01T00:00Z'] as const;

describe(busyTimesFromIcs.name, () => {
  it('reads a UTC event, an event with a TZID and a floating one, sorted by start', () => {
    const ics = feed(
      BERLIN_VTIMEZONE,
      event('utc', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z', 'SUMMARY:Dentist'),
      event('berlin', 'DTSTART;TZID=Europe/Berlin:20260310T090000', 'DTEND;TZID=Europe/Berlin:20260310T093000'),
      event('floating', 'DTSTART:20260311T120000', 'DTEND:20260311T130000'),
    );
    expect(busyOf(ics, ...MARCH)).toEqual([
      '2026-03-10T08:00Z/2026-03-10T08:30Z',
      '2026-03-10T14:00Z/2026-03-10T15:00Z',
      // No zone: read on the floating clock, UTC by default.
      '2026-03-11T12:00Z/2026-03-11T13:00Z',
    ]);
  });

  it('reads floating times on the clock it is told (the feed owner’s)', () => {
    const ics = feed(event('floating', 'DTSTART:20260311T120000', 'DTEND:20260311T130000'));
    expect(busyOf(ics, ...MARCH, 'Asia/Kolkata')).toEqual(['2026-03-11T06:30Z/2026-03-11T07:30Z']);
  });

  it('reads an IANA TZID with Node’s time zone data even when the feed has no VTIMEZONE for it', () => {
    const ics = feed(event('ny', 'DTSTART;TZID=America/New_York:20260310T090000', 'DTEND;TZID=America/New_York:20260310T100000'));
    // 10 March is after New York's change (8 March): EDT, UTC-4.
    expect(busyOf(ics, ...MARCH)).toEqual(['2026-03-10T13:00Z/2026-03-10T14:00Z']);
  });

  it('reads a non-IANA TZID (Outlook’s Windows names) with the feed’s own VTIMEZONE', () => {
    const ics = feed(
      [
        'BEGIN:VTIMEZONE',
        'TZID:W. Europe Standard Time',
        'BEGIN:STANDARD',
        'DTSTART:16010101T030000',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0100',
        'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
        'END:STANDARD',
        'BEGIN:DAYLIGHT',
        'DTSTART:16010101T020000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
        'END:DAYLIGHT',
        'END:VTIMEZONE',
      ],
      event('outlook', 'DTSTART;TZID=W. Europe Standard Time:20260330T090000', 'DTEND;TZID=W. Europe Standard Time:20260330T100000'),
      event(
        'outlook weekly',
        'DTSTART;TZID=W. Europe Standard Time:20260324T120000',
        'DTEND;TZID=W. Europe Standard Time:20260324T123000',
        'RRULE:FREQ=WEEKLY;COUNT=2',
      ),
    );
    expect(busyOf(ics, ...MARCH)).toEqual([
      // 24 March is before the change on the 29th (+01:00), 30 and 31 March after it (+02:00).
      '2026-03-24T11:00Z/2026-03-24T11:30Z',
      '2026-03-30T07:00Z/2026-03-30T08:00Z',
      '2026-03-31T10:00Z/2026-03-31T10:30Z',
    ]);
  });

  it('reads a TZID it knows nothing about on the floating clock', () => {
    const ics = feed(event('unknown', 'DTSTART;TZID=Somewhere Else:20260310T090000', 'DTEND;TZID=Somewhere Else:20260310T100000'));
    expect(busyOf(ics, ...MARCH, 'Europe/Berlin')).toEqual(['2026-03-10T08:00Z/2026-03-10T09:00Z']);
  });

  it('makes an all-day event busy its whole day(s) on the floating clock, DTEND excluded', () => {
    const ics = feed(
      event('day off', 'DTSTART;VALUE=DATE:20260312', 'DTEND;VALUE=DATE:20260313'),
      event('holiday', 'DTSTART;VALUE=DATE:20260316', 'DTEND;VALUE=DATE:20260319'),
      // Without DTEND, an all-day event lasts one day (RFC 5545 3.6.1).
      event('no end', 'DTSTART;VALUE=DATE:20260325'),
    );
    expect(busyOf(ics, ...MARCH)).toEqual([
      '2026-03-12T00:00Z/2026-03-13T00:00Z',
      '2026-03-16T00:00Z/2026-03-19T00:00Z',
      '2026-03-25T00:00Z/2026-03-26T00:00Z',
    ]);
    // On the owner's clock in Auckland (+13:00): their day, not UTC's.
    expect(busyOf(ics, ...MARCH, 'Pacific/Auckland')[0]).toBe('2026-03-11T11:00Z/2026-03-12T11:00Z');
  });

  it('reads DURATION, and gives a timed event without DTEND or DURATION no busy time', () => {
    const ics = feed(event('duration', 'DTSTART:20260310T140000Z', 'DURATION:PT1H30M'), event('instant', 'DTSTART:20260311T140000Z'));
    expect(busyOf(ics, ...MARCH)).toEqual(['2026-03-10T14:00Z/2026-03-10T15:30Z']);
  });

  it('skips events marked free (TRANSP:TRANSPARENT) or cancelled (STATUS:CANCELLED)', () => {
    const ics = feed(
      event('free', 'DTSTART:20260310T140000Z', 'DTEND:20260310T150000Z', 'TRANSP:TRANSPARENT'),
      event('cancelled', 'DTSTART:20260310T160000Z', 'DTEND:20260310T170000Z', 'STATUS:CANCELLED'),
      event('busy', 'DTSTART:20260310T180000Z', 'DTEND:20260310T190000Z', 'TRANSP:OPAQUE', 'STATUS:CONFIRMED'),
      event('tentative', 'DTSTART:20260311T180000Z', 'DTEND:20260311T190000Z', 'STATUS:TENTATIVE'),
    );
    expect(busyOf(ics, ...MARCH)).toEqual(['2026-03-10T18:00Z/2026-03-10T19:00Z', '2026-03-11T18:00Z/2026-03-11T19:00Z']);
  });

  it('keeps only events overlapping [from, to), each whole', () => {
    const ics = feed(
      event('before', 'DTSTART:20260309T220000Z', 'DTEND:20260310T000000Z'),
      event('across from', 'DTSTART:20260309T230000Z', 'DTEND:20260310T010000Z'),
      event('across to', 'DTSTART:20260310T230000Z', 'DTEND:20260311T010000Z'),
      event('at to', 'DTSTART:20260311T000000Z', 'DTEND:20260311T010000Z'),
    );
    expect(busyOf(ics, '2026-03-10T00:00Z', '2026-03-11T00:00Z')).toEqual(['2026-03-09T23:00Z/2026-03-10T01:00Z', '2026-03-10T23:00Z/2026-03-11T01:00Z']);
  });

  it('keeps events at the range’s edges in the zones farthest from UTC (+14:00 and -11:00)', () => {
    const ics = feed(
      event('kiritimati', 'DTSTART;TZID=Pacific/Kiritimati:20260311T100000', 'DTEND;TZID=Pacific/Kiritimati:20260311T110000'),
      event('pago pago', 'DTSTART;TZID=Pacific/Pago_Pago:20260309T090000', 'DTEND;TZID=Pacific/Pago_Pago:20260309T100000'),
    );
    // 11 March 10:00 at +14:00 is 10 March 20:00 UTC; 9 March 09:00 at -11:00 is 9 March 20:00 UTC.
    expect(busyOf(ics, '2026-03-10T19:00Z', '2026-03-10T21:00Z')).toEqual(['2026-03-10T20:00Z/2026-03-10T21:00Z']);
    expect(busyOf(ics, '2026-03-09T20:30Z', '2026-03-09T21:00Z')).toEqual(['2026-03-09T20:00Z/2026-03-09T21:00Z']);
  });

  describe('recurring events', () => {
    it('expands a weekly event in its own zone, so it keeps its local time across the DST change', () => {
      const ics = feed(
        BERLIN_VTIMEZONE,
        event('weekly', 'DTSTART;TZID=Europe/Berlin:20260105T100000', 'DTEND;TZID=Europe/Berlin:20260105T110000', 'RRULE:FREQ=WEEKLY;BYDAY=MO'),
      );
      expect(busyOf(ics, '2026-03-16T00:00Z', '2026-04-07T00:00Z')).toEqual([
        '2026-03-16T09:00Z/2026-03-16T10:00Z',
        '2026-03-23T09:00Z/2026-03-23T10:00Z',
        // Berlin moved to CEST on 29 March: 10:00 local is 08:00 UTC.
        '2026-03-30T08:00Z/2026-03-30T09:00Z',
        '2026-04-06T08:00Z/2026-04-06T09:00Z',
      ]);
    });

    it('leaves out EXDATE occurrences, several in one property or one per property', () => {
      const ics = feed(
        event(
          'daily',
          'DTSTART;TZID=America/New_York:20260302T090000',
          'DTEND;TZID=America/New_York:20260302T091500',
          'RRULE:FREQ=DAILY;COUNT=5',
          'EXDATE;TZID=America/New_York:20260303T090000,20260304T090000',
          // An EXDATE in UTC names the same instant as 09:00 in New York (EST, UTC-5).
          'EXDATE:20260305T140000Z',
        ),
      );
      expect(busyOf(ics, ...MARCH)).toEqual(['2026-03-02T14:00Z/2026-03-02T14:15Z', '2026-03-06T14:00Z/2026-03-06T14:15Z']);
    });

    it('adds RDATE occurrences', () => {
      const ics = feed(event('extra', 'DTSTART:20260302T090000Z', 'DTEND:20260302T100000Z', 'RDATE:20260310T120000Z', 'RRULE:FREQ=DAILY;COUNT=1'));
      expect(busyOf(ics, ...MARCH)).toEqual(['2026-03-02T09:00Z/2026-03-02T10:00Z', '2026-03-10T12:00Z/2026-03-10T13:00Z']);
    });

    it('replaces an occurrence by its RECURRENCE-ID override: moved, cancelled, made free, or moved in from outside the range', () => {
      const ics = feed(
        BERLIN_VTIMEZONE,
        event('standup', 'DTSTART;TZID=Europe/Berlin:20260302T100000', 'DTEND;TZID=Europe/Berlin:20260302T110000', 'RRULE:FREQ=WEEKLY;COUNT=6'),
        // 9 March moved to 14:00; 16 March cancelled; 23 March made free.
        event(
          'standup',
          'RECURRENCE-ID;TZID=Europe/Berlin:20260309T100000',
          'DTSTART;TZID=Europe/Berlin:20260309T140000',
          'DTEND;TZID=Europe/Berlin:20260309T150000',
        ),
        event(
          'standup',
          'RECURRENCE-ID;TZID=Europe/Berlin:20260316T100000',
          'DTSTART;TZID=Europe/Berlin:20260316T100000',
          'DTEND;TZID=Europe/Berlin:20260316T110000',
          'STATUS:CANCELLED',
        ),
        event(
          'standup',
          'RECURRENCE-ID:20260323T090000Z',
          'DTSTART;TZID=Europe/Berlin:20260323T100000',
          'DTEND;TZID=Europe/Berlin:20260323T110000',
          'TRANSP:TRANSPARENT',
        ),
        // 6 April (after the range) moved into it, to 31 March.
        event(
          'standup',
          'RECURRENCE-ID;TZID=Europe/Berlin:20260406T100000',
          'DTSTART;TZID=Europe/Berlin:20260331T160000',
          'DTEND;TZID=Europe/Berlin:20260331T170000',
        ),
      );
      expect(busyOf(ics, ...MARCH)).toEqual([
        '2026-03-02T09:00Z/2026-03-02T10:00Z',
        '2026-03-09T13:00Z/2026-03-09T14:00Z',
        '2026-03-30T08:00Z/2026-03-30T09:00Z',
        '2026-03-31T14:00Z/2026-03-31T15:00Z',
      ]);
    });

    it('keeps an override of another series (same RECURRENCE-ID, other UID) apart', () => {
      const ics = feed(
        event('a', 'DTSTART:20260302T090000Z', 'DTEND:20260302T100000Z', 'RRULE:FREQ=DAILY;COUNT=2'),
        event('b', 'RECURRENCE-ID:20260303T090000Z', 'DTSTART:20260303T150000Z', 'DTEND:20260303T160000Z'),
      );
      expect(busyOf(ics, ...MARCH)).toEqual([
        '2026-03-02T09:00Z/2026-03-02T10:00Z',
        '2026-03-03T09:00Z/2026-03-03T10:00Z',
        '2026-03-03T15:00Z/2026-03-03T16:00Z',
      ]);
    });

    it('expands a recurring all-day event day by day on the floating clock', () => {
      const ics = feed(event('fridays off', 'DTSTART;VALUE=DATE:20260306', 'DTEND;VALUE=DATE:20260307', 'RRULE:FREQ=WEEKLY;UNTIL=20260320'));
      expect(busyOf(ics, ...MARCH, 'Europe/Berlin')).toEqual([
        '2026-03-05T23:00Z/2026-03-06T23:00Z',
        '2026-03-12T23:00Z/2026-03-13T23:00Z',
        '2026-03-19T23:00Z/2026-03-20T23:00Z',
      ]);
    });

    it('expands a daily event begun long ago into the asked range only', () => {
      const ics = feed(event('since 2010', 'DTSTART:20100101T120000Z', 'DTEND:20100101T121500Z', 'RRULE:FREQ=DAILY'));
      const busy = busyOf(ics, '2026-03-10T00:00Z', '2026-03-24T00:00Z');
      expect(busy).toHaveLength(14);
      expect(busy[0]).toBe('2026-03-10T12:00Z/2026-03-10T12:15Z');
    });

    it('gives a series that ended long ago (UNTIL) no occurrence in the range', () => {
      const ics = feed(event('old', 'DTSTART:20100101T120000Z', 'DTEND:20100101T130000Z', 'RRULE:FREQ=DAILY;UNTIL=20200101T000000Z'));
      expect(busyOf(ics, ...MARCH)).toEqual([]);
    });

    it('gives the same occurrences when it starts a daily or weekly series near the range as when ical.js steps from its start', () => {
      const WEEKDAY_NAMES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
      const series = fc.record({
        weekly: fc.boolean(),
        interval: fc.integer({ min: 1, max: 3 }),
        days: fc.subarray(WEEKDAY_NAMES, { minLength: 1 }),
        // Up to two years before the range, at any minute, in Berlin (DST changes on the way).
        daysBefore: fc.integer({ min: 0, max: 730 }),
        minute: fc.integer({ min: 0, max: 1439 }),
        minutes: fc.integer({ min: 15, max: 3000 }),
        untilDaysAfter: fc.option(fc.integer({ min: -10, max: 40 })),
        allDay: fc.boolean(),
        withStartDay: fc.boolean(),
      });
      const from = new Date('2026-03-10T00:00Z');
      const to = new Date('2026-03-24T00:00Z');
      const stamp = (date: Date, dateOnly: boolean) =>
        date
          .toISOString()
          .replace(/[-:]/g, '')
          .slice(0, dateOnly ? 8 : 15);
      fc.assert(
        fc.property(series, ({ weekly, interval, days, daysBefore, minute, minutes, untilDaysAfter, allDay, withStartDay }) => {
          const start = new Date(from.getTime() - daysBefore * 86_400_000 + minute * 60_000);
          const end = new Date(start.getTime() + (allDay ? 86_400_000 : minutes * 60_000));
          const weekday = WEEKDAY_NAMES[(start.getUTCDay() + 6) % 7]!;
          const rule = [
            `FREQ=${weekly ? 'WEEKLY' : 'DAILY'}`,
            `INTERVAL=${interval}`,
            // The start's weekday is among BYDAY or not (then the start is an occurrence of its own, RFC 5545 3.8.5.3).
            ...(weekly ? [`BYDAY=${(withStartDay ? [...new Set([weekday, ...days])] : days).join(',')}`] : []),
            ...(untilDaysAfter === null ? [] : [`UNTIL=${stamp(new Date(from.getTime() + untilDaysAfter * 86_400_000), false)}Z`]),
          ].join(';');
          const times = allDay
            ? [`DTSTART;VALUE=DATE:${stamp(start, true)}`, `DTEND;VALUE=DATE:${stamp(end, true)}`]
            : [`DTSTART;TZID=Europe/Berlin:${stamp(start, false)}`, `DTEND;TZID=Europe/Berlin:${stamp(end, false)}`];
          const read = (rrule: string) => busyTimesFromIcs(feed(event('s', ...times, `RRULE:${rrule}`)), from, to, { floatingTimeZone: 'Europe/Berlin' });
          // BYMONTH with every month filters nothing, but makes the reader leave the series' start where it is.
          expect(read(rule)).toEqual(read(`${rule};BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12`));
        }),
        { numRuns: 150 },
      );
    });

    it('ends a rule no date can meet (31 April) without hanging', () => {
      const ics = feed(event('never', 'DTSTART:20260101T090000Z', 'DTEND:20260101T100000Z', 'RRULE:FREQ=MONTHLY;BYMONTH=4;BYMONTHDAY=31'));
      expect(busyOf(ics, ...MARCH)).toEqual([]);
    });
  });

  describe('feeds it cannot use', () => {
    const reasonOf = (ics: string): string => {
      try {
        busyTimesFromIcs(ics, new Date(MARCH[0]), new Date(MARCH[1]));
      } catch (error) {
        if (error instanceof UnreadableFeed) return error.reason;
        throw error;
      }
      return 'read';
    };

    it.each([
      ['empty text', ''],
      ['plain text', 'hello, world'],
      ['an HTML page (a sign-in page instead of the feed)', '<!doctype html><html><body>Sign in</body></html>'],
      ['JSON', '{"events": []}'],
      ['binary noise', '\u0000\u0001\u00ff\ufffd'.repeat(50)],
      ['a vCard', 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana\r\nEND:VCARD\r\n'],
      ['a calendar cut off in the middle', feed(event('a', 'DTSTART:20260302T090000Z')).slice(0, 80)],
    ])('refuses %s as not-icalendar', (_name, ics) => {
      expect(reasonOf(ics)).toBe('not-icalendar');
    });

    it('refuses a feed longer than MAX_FEED_CHARACTERS before parsing it', () => {
      expect(reasonOf(' '.repeat(MAX_FEED_CHARACTERS + 1))).toBe('too-large');
    });

    it('refuses a series that would take too many steps to expand (FREQ=SECONDLY since 1970), quickly', () => {
      const ics = feed(event('flood', 'DTSTART:19700101T000000Z', 'DTEND:19700101T000001Z', 'RRULE:FREQ=SECONDLY'));
      const started = performance.now();
      expect(reasonOf(ics)).toBe('too-many-occurrences');
      // About a second on a busy 2-core machine; the bound is loose so that the test does not flake.
      expect(performance.now() - started).toBeLessThan(10_000);
    });

    it('refuses a time zone definition that changes more often than yearly (ical.js would expand it for ever)', () => {
      const zone = (rule: string) => [
        'BEGIN:VTIMEZONE',
        'TZID:Hostile',
        'BEGIN:DAYLIGHT',
        'DTSTART:16010101T000000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        `RRULE:${rule}`,
        'END:DAYLIGHT',
        'END:VTIMEZONE',
      ];
      const meeting = event('m', 'DTSTART;TZID=Hostile:20260310T090000', 'DTEND;TZID=Hostile:20260310T100000', 'RRULE:FREQ=DAILY;COUNT=3');
      expect(reasonOf(feed(zone('FREQ=SECONDLY'), meeting))).toBe('not-icalendar');
      // Yearly, but every day of every month since 1601: as bad.
      const everyDay = `FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=${Array.from({ length: 28 }, (_, day) => day + 1).join(',')}`;
      expect(reasonOf(feed(zone(everyDay), meeting))).toBe('too-many-occurrences');
    });

    it('never expands a feed’s own zone to a far year (an EXDATE in 9999 would take ical.js minutes)', () => {
      const everyDay = `FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=${Array.from({ length: 28 }, (_, day) => day + 1).join(',')}`;
      const ics = feed(
        [
          'BEGIN:VTIMEZONE',
          'TZID:Busy Zone',
          'BEGIN:STANDARD',
          'DTSTART:20250101T000000',
          'TZOFFSETFROM:+0100',
          'TZOFFSETTO:+0100',
          `RRULE:${everyDay}`,
          'END:STANDARD',
          'END:VTIMEZONE',
        ],
        event(
          'series',
          'DTSTART;TZID=Busy Zone:20260302T090000',
          'DTEND;TZID=Busy Zone:20260302T100000',
          'RRULE:FREQ=DAILY;COUNT=2',
          'EXDATE;TZID=Busy Zone:99991231T090000',
        ),
      );
      const started = performance.now();
      expect(busyOf(ics, ...MARCH)).toEqual(['2026-03-02T08:00Z/2026-03-02T09:00Z', '2026-03-03T08:00Z/2026-03-03T09:00Z']);
      expect(performance.now() - started).toBeLessThan(10_000);
    });

    it('refuses more than MAX_BUSY_TIMES busy times in the range rather than drop some', () => {
      const ics = feed(event('every minute', 'DTSTART:20260301T000000Z', 'DTEND:20260301T000100Z', `RRULE:FREQ=MINUTELY;COUNT=${MAX_BUSY_TIMES + 1}`));
      expect(reasonOf(ics)).toBe('too-many-occurrences');
      const justEnough = feed(event('every minute', 'DTSTART:20260301T000000Z', 'DTEND:20260301T000100Z', `RRULE:FREQ=MINUTELY;COUNT=${MAX_BUSY_TIMES}`));
      expect(reasonOf(justEnough)).toBe('read');
    });

    it('tells the reason in an error of its own, with a message', () => {
      const error = (() => {
        try {
          busyTimesFromIcs('nonsense', new Date(MARCH[0]), new Date(MARCH[1]));
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(UnreadableFeed);
      expect(error).toMatchObject({ name: 'UnreadableFeed', reason: 'not-icalendar', message: expect.stringContaining('iCalendar') });
    });

    it('skips an event without a start (it blocks nothing) and keeps the others', () => {
      const ics = feed(event('no start', 'DTEND:20260310T100000Z'), event('good', 'DTSTART:20260310T130000Z', 'DTEND:20260310T140000Z'));
      expect(busyOf(ics, ...MARCH)).toEqual(['2026-03-10T13:00Z/2026-03-10T14:00Z']);
    });

    it('refuses the whole feed for one value ical.js cannot read, rather than read it in part', () => {
      const ics = feed(
        event('bad rule', 'DTSTART:20260310T110000Z', 'DTEND:20260310T120000Z', 'RRULE:FREQ=SOMETIMES'),
        event('good', 'DTSTART:20260310T130000Z', 'DTEND:20260310T140000Z'),
      );
      expect(reasonOf(ics)).toBe('not-icalendar');
      expect(reasonOf(feed(event('bad date', 'DTSTART:2026-03-10 noon')))).toBe('not-icalendar');
    });
  });
});
