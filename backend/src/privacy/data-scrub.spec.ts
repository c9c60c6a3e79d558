import { required } from '@brightwave/common';
import { Logger } from '@nestjs/common';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { contacts, deliveries, leads } from '../database/schema';
import { DataScrub } from './data-scrub';
import type { NotRewritten, ScrubRepository } from './scrub.repository';

// Unit test of the scrub's scheduling alone: the database statements are replaced by a recorder whose rewrites
// finish when the test says (the statements themselves: test/erasure-traces.e2e-spec.ts, on both databases).
function recorder() {
  const rewrites: string[][] = [];
  const finish: Array<(left?: NotRewritten[]) => void> = [];
  let fail: Error | undefined;
  const repository = {
    rewrite: (tables: PgTable[]) => {
      rewrites.push(tables.map(getTableName).sort());
      if (fail) return Promise.reject(fail);
      return new Promise<NotRewritten[]>((resolve) => finish.push((left = []) => resolve(left)));
    },
    forgetWal: async () => ['checkpoint'],
  } as unknown as ScrubRepository;
  return { scrub: new DataScrub(repository), rewrites, finish, failWith: (error?: Error) => (fail = error) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe(DataScrub.name, () => {
  let warnings: string[];
  beforeEach(() => {
    warnings = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
  });
  afterEach(() => jest.restoreAllMocks());

  it('runs one scrub at a time: the requests that arrive meanwhile share the next one, with all their tables', async () => {
    const { scrub, rewrites, finish } = recorder();
    const first = scrub.after([leads]);
    await settle();
    const second = scrub.after([contacts]);
    const third = scrub.after([leads, deliveries]);
    await settle();
    expect(rewrites).toEqual([['leads']]);
    required(finish[0], 'a running scrub')();
    await first;
    await settle();
    expect(rewrites).toEqual([['leads'], ['contacts', 'deliveries', 'leads']]);
    required(finish[1], 'a running scrub')();
    await Promise.all([second, third]);
  });

  it('rewrites a table whose rewrite failed, or whose lock was not granted, with the next scrub', async () => {
    const { scrub, rewrites, finish, failWith } = recorder();
    failWith(new Error('disk full'));
    await expect(scrub.after([leads])).rejects.toThrow('disk full');
    failWith(undefined);
    const next = scrub.after([]);
    await settle();
    required(finish[0], 'a running scrub')([{ table: contacts, reason: 'lock not granted' }]);
    await next;
    const again = scrub.after([]);
    await settle();
    required(finish[1], 'a running scrub')();
    await again;
    expect(rewrites).toEqual([['leads'], ['leads'], ['contacts']]);
    expect(warnings.filter((line) => line.startsWith('contacts had a plain VACUUM'))).toHaveLength(1);
  });

  it('says once that a WAL step is not permitted, not with every scrub', async () => {
    const { scrub, finish } = recorder();
    for (let round = 0; round < 3; round++) {
      const done = scrub.after([leads]);
      await settle();
      required(finish[round], 'a running scrub')();
      await done;
    }
    expect(warnings.filter((line) => line.includes('"checkpoint" is not permitted'))).toHaveLength(1);
  });

  it('does nothing when nothing was deleted and nothing is owed', async () => {
    const { scrub, rewrites } = recorder();
    await scrub.after([]);
    expect(rewrites).toEqual([]);
  });
});
