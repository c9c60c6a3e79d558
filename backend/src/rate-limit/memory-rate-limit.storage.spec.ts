import { MemoryRateLimitStorage } from './memory-rate-limit.storage';

describe(MemoryRateLimitStorage.name, () => {
  let now = 1_000_000;
  const storage = new MemoryRateLimitStorage(() => now);
  const hit = (key = '203.0.113.9') => storage.increment(key, 60_000, 3, 60_000, 'public');

  it('counts hits per address and blocks past the limit until the block ends', async () => {
    expect((await hit()).isBlocked).toBe(false);
    await hit();
    expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: false });
    const fourth = await hit();
    expect(fourth).toMatchObject({ totalHits: 4, isBlocked: true, timeToBlockExpire: 60 });
    now += 30_000;
    expect(await hit()).toMatchObject({ isBlocked: true, timeToBlockExpire: 30 });
    expect((await hit('198.51.100.7')).isBlocked).toBe(false);
    now += 30_000;
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('starts a new window when the old one has passed', async () => {
    const key = '192.0.2.1';
    await hit(key);
    await hit(key);
    now += 60_000;
    expect(await hit(key)).toMatchObject({ totalHits: 1, timeToExpire: 60 });
  });
});
