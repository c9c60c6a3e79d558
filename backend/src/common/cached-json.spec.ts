import { CachedJson } from './cached-json';

describe(CachedJson.name, () => {
  let now = 0;
  const clock = () => now;

  it('loads once and answers the same JSON until the time to live ends', async () => {
    const cache = new CachedJson(5000, clock);
    const load = jest.fn(async () => ({ items: [now] }));
    expect(String(await cache.get(load))).toBe('{"items":[0]}');
    now = 4999;
    expect(String(await cache.get(load))).toBe('{"items":[0]}');
    expect(load).toHaveBeenCalledTimes(1);
    now = 5000;
    expect(String(await cache.get(load))).toBe('{"items":[5000]}');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent callers', async () => {
    const cache = new CachedJson(5000, clock);
    const load = jest.fn(async () => 'x');
    await Promise.all([cache.get(load), cache.get(load), cache.get(load)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets the answer on clear, also one still loading when the write happened', async () => {
    const cache = new CachedJson(5000, clock);
    let release!: (value: string) => void;
    const slow = cache.get(() => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release('before the write');
    expect(String(await slow)).toBe('"before the write"');
    expect(String(await cache.get(async () => 'after the write'))).toBe('"after the write"');
  });
});
