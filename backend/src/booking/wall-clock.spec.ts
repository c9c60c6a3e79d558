import fc from 'fast-check';
import { DateTime } from 'luxon';
import { instantOnClock } from './wall-clock';

/** The reading without the remembered offsets: Luxon's, time by time (the first instant of a repeated time). */
function luxonReading(zone: string, time: { year: number; month: number; day: number; hour: number; minute: number }): number {
  const local = DateTime.fromObject(time, { zone });
  return local.isValid ? Math.min(...local.getPossibleOffsets().map((candidate) => candidate.toMillis())) : Number.NaN;
}

// Zones with clock changes on different dates and at different hours (Santiago and Havana at midnight: the day starts
// in the skipped hour), a half-hour one, and some with none.
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'America/Santiago',
  'America/Havana',
  'Asia/Kolkata',
  'Asia/Tokyo',
];

describe('instantOnClock', () => {
  it("reads every wall-clock time as Luxon does, on the days the clock changes too (the day's offset is remembered)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:00Z'), noInvalidDate: true }),
        (zone, date) => {
          const time = {
            year: date.getUTCFullYear(),
            month: date.getUTCMonth() + 1,
            day: date.getUTCDate(),
            hour: date.getUTCHours(),
            minute: date.getUTCMinutes(),
          };
          expect(instantOnClock(zone, time)).toBe(luxonReading(zone, time));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the skipped and the repeated times of changes in Berlin, Lord Howe and Santiago as Luxon does', () => {
    const changes = [
      ['Europe/Berlin', { year: 2026, month: 3, day: 29, hour: 2, minute: 30 }],
      ['Europe/Berlin', { year: 2026, month: 10, day: 25, hour: 2, minute: 30 }],
      // Lord Howe's clock moves by half an hour, at 2:00.
      ['Australia/Lord_Howe', { year: 2026, month: 10, day: 4, hour: 2, minute: 15 }],
      ['Australia/Lord_Howe', { year: 2026, month: 4, day: 5, hour: 1, minute: 45 }],
      // Santiago's spring skips midnight: the day's first half hour is read as after the change.
      ['America/Santiago', { year: 2025, month: 9, day: 7, hour: 0, minute: 30 }],
    ] as const;
    for (const [zone, time] of changes) expect(instantOnClock(zone, time)).toBe(luxonReading(zone, time));
  });
});
