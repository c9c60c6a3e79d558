import { timeAgo } from './time-ago';

describe(timeAgo.name, () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it('tells how long ago in a few characters, then the date', () => {
    expect(timeAgo('2026-03-10T11:59:30.000Z', now)).toBe('just now');
    expect(timeAgo('2026-03-10T11:55:00.000Z', now)).toBe('5 min ago');
    expect(timeAgo('2026-03-10T10:00:00.000Z', now)).toBe('2 h ago');
    expect(timeAgo('2026-03-07T12:00:00.000Z', now)).toBe('3 d ago');
    expect(timeAgo('2026-02-01T12:00:00.000Z', now)).toBe('Feb 01, 2026');
  });

  it('counts whole units, rounding down, up to each boundary', () => {
    expect(timeAgo('2026-03-10T11:59:00.000Z', now)).toBe('1 min ago');
    expect(timeAgo('2026-03-10T11:00:00.001Z', now)).toBe('59 min ago');
    expect(timeAgo('2026-03-10T11:00:00.000Z', now)).toBe('1 h ago');
    expect(timeAgo('2026-03-09T12:00:00.001Z', now)).toBe('23 h ago');
    expect(timeAgo('2026-03-09T12:00:00.000Z', now)).toBe('1 d ago');
    expect(timeAgo('2026-03-03T12:00:00.001Z', now)).toBe('6 d ago');
    expect(timeAgo('2026-03-03T12:00:00.000Z', now)).toBe('Mar 03, 2026');
  });

  it('calls a moment a little ahead of this clock "just now", and an unreadable one nothing', () => {
    expect(timeAgo('2026-03-10T12:00:20.000Z', now)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('');
  });
});
