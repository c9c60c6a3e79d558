// My work's `due=today` and the dashboard's "My follow-ups today" count the same items: due by the end of the
// admin's day (the browser's time zone), overdue ones included.
import { isDueToday } from './due-today';

describe(isDueToday.name, () => {
  const now = new Date(2026, 10, 29, 10, 0);
  const at = (date: Date) => ({ followUpAt: date.toISOString() });

  it('counts a follow-up later today, and one already passed (overdue)', () => {
    expect(isDueToday(at(new Date(2026, 10, 29, 23, 59)), now)).toBe(true);
    expect(isDueToday(at(new Date(2026, 10, 20, 9, 0)), now)).toBe(true);
  });

  it('leaves out a follow-up tomorrow and an item without one', () => {
    expect(isDueToday(at(new Date(2026, 10, 30, 0, 0)), now)).toBe(false);
    expect(isDueToday({ followUpAt: null }, now)).toBe(false);
  });
});
