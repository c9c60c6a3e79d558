import { formatCalendarDate, isCalendarDate, isOpenOn, todayUtc } from '@brightwave/common';

describe('job closing dates', () => {
  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    expect(isCalendarDate('2026-12-31')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const text of ['2026-02-30', '2026-13-01', '2026-1-05', '05/01/2026', '2026-12-31T00:00:00Z', '']) {
      expect(isCalendarDate(text)).toBe(false);
    }
  });

  it('keeps a job open to the end of its closing day in UTC', () => {
    expect(isOpenOn('2026-11-23', new Date('2026-11-23T23:59:59.999Z'))).toBe(true);
    expect(isOpenOn('2026-11-23', new Date('2026-11-24T00:00:00.000Z'))).toBe(false);
    expect(isOpenOn(null, new Date('2099-01-01T00:00:00Z'))).toBe(true);
    expect(todayUtc(new Date('2026-11-23T23:30:00-05:00'))).toBe('2026-11-24');
  });

  it("reads as 'MMM dd, yyyy'", () => {
    expect(formatCalendarDate('2026-11-05')).toBe('Nov 05, 2026');
    expect(formatCalendarDate('2027-01-31')).toBe('Jan 31, 2027');
  });
});
