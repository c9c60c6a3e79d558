import { randomBytes } from 'node:crypto';
import { VisitorKeys } from './visitor-key';
import { TALLY_EXACT_MAX, VisitorTally } from './visitor-tally';

const keys = new VisitorKeys(randomBytes(32));
const visitor = (index: number) => keys.visitorOf('2026-03-10', `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`, 'Mozilla/5.0');

describe(VisitorTally.name, () => {
  it(`counts up to ${TALLY_EXACT_MAX} visitors exactly, each once`, () => {
    const tally = new VisitorTally();
    for (let index = 0; index < TALLY_EXACT_MAX; index++) {
      tally.add(visitor(index));
      tally.add(visitor(index));
    }
    expect(tally.count()).toBe(TALLY_EXACT_MAX);
  });

  it.each([200, 5_000, 100_000])('estimates %i visitors within 3 % (0.81 % standard error), each counted once', (visitors) => {
    const tally = new VisitorTally();
    for (let index = 0; index < visitors; index++) tally.add(visitor(index));
    for (let index = 0; index < visitors; index += 7) tally.add(visitor(index));
    expect(Math.abs(tally.count() - visitors) / visitors).toBeLessThan(0.03);
  });

  it('counts no one before the first visitor', () => {
    expect(new VisitorTally().count()).toBe(0);
  });
});
