import { CHANNELS_MAX, type ChannelCounts } from '@brightwave/common';
import { isoWeekStart, rankChannels } from './dashboard.service';

describe(isoWeekStart.name, () => {
  it.each([
    ['2026-11-22T23:59:00Z', '2026-11-16'], // Sunday belongs to the week that began on Monday
    ['2026-11-23T00:00:00Z', '2026-11-23'], // Monday
    ['2026-01-01T12:00:00Z', '2025-12-29'], // ISO week 1 of 2026 starts in 2025
  ])('puts %s in the week starting %s', (date, monday) => {
    expect(isoWeekStart(new Date(date)).toISOString().slice(0, 10)).toBe(monday);
  });
});

describe(rankChannels.name, () => {
  const channel = (source: string | null, leads: number, extra: Partial<ChannelCounts> = {}): ChannelCounts => ({
    source,
    medium: null,
    leads,
    contacts: 0,
    applications: 0,
    qualified: 0,
    hired: 0,
    ...extra,
  });

  it('puts the busiest channel first, then by source, the unknown source last', () => {
    const ranked = rankChannels([channel('b', 1), channel(null, 1), channel('a', 1), channel('c', 1, { applications: 2 })]);
    expect(ranked.map((row) => row.source)).toEqual(['c', 'a', 'b', null]);
  });

  it(`adds up the channels past ${CHANNELS_MAX} in one row marked other`, () => {
    const rows = Array.from({ length: CHANNELS_MAX + 5 }, (_, index) => channel(`s${String(index).padStart(3, '0')}`, 100 - index, { qualified: 1 }));
    const ranked = rankChannels(rows);
    expect(ranked).toHaveLength(CHANNELS_MAX);
    expect(ranked.at(-1)).toEqual({
      source: null,
      medium: null,
      leads: [...rows.slice(CHANNELS_MAX - 1)].reduce((sum, row) => sum + row.leads, 0),
      contacts: 0,
      applications: 0,
      qualified: 6,
      hired: 0,
      other: true,
    });
  });
});
