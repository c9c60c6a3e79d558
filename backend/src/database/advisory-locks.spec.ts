import { ADVISORY_LOCK_KEYS } from './advisory-locks';

describe('ADVISORY_LOCK_KEYS', () => {
  it('gives each kind of work a key of its own', () => {
    const keys = Object.values(ADVISORY_LOCK_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
