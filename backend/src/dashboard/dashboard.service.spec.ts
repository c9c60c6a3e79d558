import { isoWeekStart } from './dashboard.service';

describe(isoWeekStart.name, () => {
  it.each([
    ['2026-11-22T23:59:00Z', '2026-11-16'], // Sunday belongs to the week that began on Monday
    ['2026-11-23T00:00:00Z', '2026-11-23'], // Monday
    ['2026-01-01T12:00:00Z', '2025-12-29'], // ISO week 1 of 2026 starts in 2025
  ])('puts %s in the week starting %s', (date, monday) => {
    expect(isoWeekStart(new Date(date)).toISOString().slice(0, 10)).toBe(monday);
  });
});
