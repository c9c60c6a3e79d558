import { TtlCache } from './ttl-cache';

describe(TtlCache.name, () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 0));

  it('loads once and answers the same value until the time to live ends', async () => {
    const cache = new TtlCache<{ items: number[] }>(5000, clock);
    const load = jest.fn(async () => ({ items: [now] }));
    expect(await cache.get(load)).toEqual({ items: [0] });
    now = 4999;
    expect(await cache.get(load)).toEqual({ items: [0] });
    expect(load).toHaveBeenCalledTimes(1);
    now = 5000;
    expect(await cache.get(load)).toEqual({ items: [5000] });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent callers', async () => {
    const cache = new TtlCache<string>(5000, clock);
    const load = jest.fn(async () => 'x');
    await Promise.all([cache.get(load), cache.get(load), cache.get(load)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets the value on clear, also one still loading when the write happened', async () => {
    const cache = new TtlCache<string>(5000, clock);
    let release!: (value: string) => void;
    const slow = cache.get(() => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release('before the write');
    expect(await slow).toBe('before the write');
    expect(await cache.get(async () => 'after the write')).toBe('after the write');
  });

  it('answers a value written on this instance at once, and loads again on refresh whatever its age', async () => {
    const cache = new TtlCache<string>(5000, clock);
    await cache.get(async () => 'stored');
    cache.set('written');
    expect(cache.fresh()).toBe('written');
    expect(await cache.get(async () => 'not loaded')).toBe('written');
    expect(await cache.refresh(async () => 'read again')).toBe('read again');
    expect(cache.fresh()).toBe('read again');
  });
});
