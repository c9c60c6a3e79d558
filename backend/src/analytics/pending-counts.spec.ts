import { ANALYTICS_CHANNELS_PER_DAY_MAX } from '@brightwave/common';
import type { Countable } from './collect-event';
import { PendingCounts } from './pending-counts';
import { OTHER_CHANNEL, tallyOf } from './visitor-ledger';

const DAY = '2026-03-10';
const view = (path: string): Countable => ({
  kind: 'view',
  path,
  form: path === '/' ? 'quote' : undefined,
  source: 'x',
  medium: null,
  named: true,
  screen: 'phone',
});
const sourceRows = (counts: PendingCounts) => counts.sources.rows().map(({ keys, counts: [visitors, views] }) => [...keys.slice(1), visitors, views]);

describe(PendingCounts.name, () => {
  it('counts views report by report, and visitors and starts from what the tallies gained', () => {
    const counts = new PendingCounts();
    counts.count(DAY, view('/'), 'newsletter\temail');
    counts.count(DAY, view('/'), 'newsletter\temail');
    counts.count(DAY, { kind: 'start', form: 'quote' }, 'newsletter\temail');
    expect([...counts.tallies].sort()).toEqual(
      [tallyOf.site(DAY), tallyOf.page(DAY, '/'), tallyOf.channel(DAY, 'newsletter\temail'), tallyOf.starts(DAY, 'quote', 'newsletter\temail')].sort(),
    );
    counts.addVisitors(
      new Map([
        [tallyOf.site(DAY), 1],
        [tallyOf.page(DAY, '/'), 1],
        [tallyOf.channel(DAY, 'newsletter\temail'), 1],
        [tallyOf.starts(DAY, 'quote', 'newsletter\temail'), 1],
      ]),
    );
    expect(counts.tallies.size).toBe(0);
    expect(counts.days.rows()).toEqual([{ keys: [DAY], counts: [1, 2] }]);
    expect(sourceRows(counts)).toEqual([['newsletter', 'email', 1, 2]]);
    expect(counts.forms.rows()).toEqual([{ keys: [DAY, 'quote', 'newsletter', 'email'], counts: [2, 1] }]);
    expect(counts.screens.rows()).toEqual([{ keys: [DAY, '/', 'phone'], counts: [2] }]);
  });

  it(`keeps ${ANALYTICS_CHANNELS_PER_DAY_MAX} channels a day in rows of their own, the later ones in one row, (other)`, () => {
    const counts = new PendingCounts();
    for (let index = 0; index <= ANALYTICS_CHANNELS_PER_DAY_MAX + 10; index++) counts.count(DAY, view('/'), `source-${index}\t`);
    counts.addVisitors(new Map([[tallyOf.channel(DAY, 'one-more\t'), 3]]));
    const rows = sourceRows(counts);
    expect(rows).toHaveLength(ANALYTICS_CHANNELS_PER_DAY_MAX + 1);
    expect(rows.at(-1)).toEqual([...OTHER_CHANNEL.split('\t'), 3, 11]);
    expect(counts.forms.size).toBe(ANALYTICS_CHANNELS_PER_DAY_MAX + 1);
    // Another day has channels of its own.
    counts.count('2026-03-11', view('/'), 'source-200\t');
    expect(sourceRows(counts).at(-1)).toEqual(['source-200', '', 0, 1]);
  });

  it('keeps the bound when a batch that failed to be written takes the next one in', () => {
    const failed = new PendingCounts();
    const next = new PendingCounts();
    for (let index = 0; index < ANALYTICS_CHANNELS_PER_DAY_MAX; index++) {
      failed.count(DAY, view('/about'), `failed-${index}\t`);
      next.count(DAY, view('/about'), `next-${index}\t`);
    }
    failed.merge(next);
    expect(failed.sources.size).toBe(ANALYTICS_CHANNELS_PER_DAY_MAX + 1);
    expect(sourceRows(failed).at(-1)).toEqual([...OTHER_CHANNEL.split('\t'), 0, ANALYTICS_CHANNELS_PER_DAY_MAX]);
    expect(failed.screens.rows()).toEqual([{ keys: [DAY, '/about', 'phone'], counts: [2 * ANALYTICS_CHANNELS_PER_DAY_MAX] }]);
  });
});
