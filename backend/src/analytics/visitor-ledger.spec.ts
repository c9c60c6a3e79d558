import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ANALYTICS_CHANNELS_PER_DAY_MAX, ANALYTICS_VISITORS_PER_ADDRESS_MAX } from '@brightwave/common';
import Redis from 'ioredis';
import type { Countable } from './collect-event';
import { VisitorKeys } from './visitor-key';
import { MemoryVisitorLedger, OTHER_CHANNEL, RedisVisitorLedger, tallyOf, type VisitorLedger } from './visitor-ledger';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0';
const DAY = '2026-03-10';
const view = (path: string, source = 'newsletter', medium: string | null = 'email'): Countable => ({
  kind: 'view',
  path,
  form: undefined,
  source,
  medium,
  named: true,
  screen: 'desktop',
});
/** A view that names no channel: `direct` unless the visitor's visit came from somewhere today. */
const unnamed = (path: string): Countable => ({ kind: 'view', path, form: undefined, source: 'direct', medium: null, named: false, screen: 'desktop' });
const start: Countable = { kind: 'start', form: 'quote' };

/** The local Redis (docs/testing.md): the Redis ledger's rules run there too, under keys of their own. */
const LOCAL_REDIS_PORT = 6379;
const localRedisAnswers =
  spawnSync(
    process.execPath,
    ['-e', `require('net').connect(${LOCAL_REDIS_PORT}, '127.0.0.1').on('connect', () => process.exit(0)).on('error', () => process.exit(1))`],
    { timeout: 5000 },
  ).status === 0;
if (!localRedisAnswers) console.warn(`No Redis answers on 127.0.0.1:${LOCAL_REDIS_PORT}: RedisVisitorLedger's rules are skipped here`);

/** Every key under a prefix, with the bytes Redis says each takes (MEMORY USAGE, all its samples). */
async function keysUnder(redis: Redis, prefix: string): Promise<{ keys: string[]; bytes: number }> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  let bytes = 0;
  for (const key of keys) bytes += Number(await redis.memory('USAGE', key, 'SAMPLES', 0));
  return { keys, bytes };
}

/**
 * What one address's flood may leave in Redis, in bytes (docs/features/analytics.md, "Bounded"): its 100 visitors,
 * the day's 101 channels and the tallies they touched (43 KB measured).
 */
const ONE_ADDRESS_FLOOD_BYTES_MAX = 100_000;

type MakeLedger = (prefix: string) => { ledger: VisitorLedger; redis?: Redis };
const redisLedger: MakeLedger = (prefix) => ({
  ledger: new RedisVisitorLedger(new Redis(LOCAL_REDIS_PORT, '127.0.0.1'), prefix),
  // A connection of the test's own, to look at what the ledger keeps.
  redis: new Redis(LOCAL_REDIS_PORT, '127.0.0.1'),
});
const ledgers: [string, MakeLedger][] = [
  ['MemoryVisitorLedger', () => ({ ledger: new MemoryVisitorLedger() })],
  ...(localRedisAnswers ? [['RedisVisitorLedger', redisLedger] as [string, MakeLedger]] : []),
];

describe.each(ledgers)('%s', (_, make) => {
  let ledger: VisitorLedger;
  let redis: Redis | undefined;
  let prefix: string;
  let keys: VisitorKeys;
  const visitor = (address = '203.0.113.1', browser = BROWSER, day = DAY) => keys.visitorOf(day, address, browser);
  /** What each tally gained since its last claim, by name without the day. */
  const claimed = async (...tallies: string[]) => Object.fromEntries([...(await ledger.claim(tallies))].map(([name, count]) => [name.slice(10), count]));

  beforeEach(() => {
    prefix = `bw:analytics-test:${randomBytes(6).toString('hex')}`;
    keys = new VisitorKeys(randomBytes(32));
    ({ ledger, redis } = make(prefix));
  });
  afterEach(async () => {
    if (redis) {
      const { keys: left } = await keysUnder(redis, prefix);
      if (left.length > 0) await redis.del(...left);
      redis.disconnect();
    }
    ledger.close();
  });

  it('counts a visitor once a day in the site, each page and each channel; another browser is another visitor', async () => {
    expect(await ledger.record(DAY, visitor(), view('/'))).toBe('newsletter\temail');
    await ledger.record(DAY, visitor(), view('/'));
    await ledger.record(DAY, visitor(), view('/contact'));
    await ledger.record(DAY, visitor('203.0.113.1', `${BROWSER} Edg/131`), view('/'));
    expect(await claimed(tallyOf.site(DAY), tallyOf.page(DAY, '/'), tallyOf.page(DAY, '/contact'), tallyOf.channel(DAY, 'newsletter\temail'))).toEqual({
      d: 2,
      'p\t/': 2,
      'p\t/contact': 1,
      'c\tnewsletter\temail': 2,
    });
  });

  it('claims what a tally gained since its last claim, once', async () => {
    await ledger.record(DAY, visitor(), view('/'));
    expect(await claimed(tallyOf.site(DAY))).toEqual({ d: 1 });
    await ledger.record(DAY, visitor(), view('/'));
    expect(await claimed(tallyOf.site(DAY))).toEqual({});
    await ledger.record(DAY, visitor('203.0.113.2'), view('/'));
    expect(await claimed(tallyOf.site(DAY))).toEqual({ d: 1 });
  });

  it("gives a start the channel of the visitor's first view of the day, and counts a form's starter once", async () => {
    await ledger.record(DAY, visitor(), view('/'));
    expect(await ledger.record(DAY, visitor(), start)).toBe('newsletter\temail');
    await ledger.record(DAY, visitor(), start);
    expect(await ledger.record(DAY, visitor('203.0.113.2'), start)).toBeUndefined();
    expect(await claimed(tallyOf.starts(DAY, 'quote', 'newsletter\temail'), tallyOf.starts(DAY, 'quote', undefined))).toEqual({
      's\tquote\tnewsletter\temail': 1,
      's\tquote\t': 1,
    });
  });

  it("counts a view that names no channel under the visit's (the visitor's first view today), else as direct", async () => {
    await ledger.record(DAY, visitor(), view('/'));
    expect(await ledger.record(DAY, visitor(), unnamed('/contact'))).toBe('newsletter\temail');
    expect(await ledger.record(DAY, visitor('203.0.113.2'), unnamed('/'))).toBe('direct\t');
    // A view that names its channel counts under it, also after another.
    expect(await ledger.record(DAY, visitor('203.0.113.2'), view('/about', 'google', 'cpc'))).toBe('google\tcpc');
    expect(await ledger.record(DAY, visitor('203.0.113.2'), unnamed('/about'))).toBe('direct\t');
  });

  it('has another id for the same address and browser on another day: a new visitor again', async () => {
    await ledger.record(DAY, visitor(), view('/'));
    await ledger.record('2026-03-11', visitor('203.0.113.1', BROWSER, '2026-03-11'), view('/'));
    expect(visitor('203.0.113.1', BROWSER, '2026-03-11').id).not.toBe(visitor().id);
    expect([...(await ledger.claim([tallyOf.site(DAY), tallyOf.site('2026-03-11')]))]).toEqual([
      [tallyOf.site(DAY), 1],
      [tallyOf.site('2026-03-11'), 1],
    ]);
  });

  it(`counts ${ANALYTICS_CHANNELS_PER_DAY_MAX} channels a day, and the day's later ones as one, (other)`, async () => {
    for (let index = 0; index < ANALYTICS_CHANNELS_PER_DAY_MAX; index++) await ledger.record(DAY, visitor(`10.0.0.${index}`), view('/', `source-${index}`));
    expect(await ledger.record(DAY, visitor('10.0.1.1'), view('/', 'one-too-many'))).toBe(OTHER_CHANNEL);
    expect(await ledger.record(DAY, visitor('10.0.1.2'), view('/', 'source-7'))).toBe('source-7\temail');
    // A visitor whose visit came from (other) keeps it for their views that name no channel.
    expect(await ledger.record(DAY, visitor('10.0.1.1'), unnamed('/contact'))).toBe(OTHER_CHANNEL);
    expect(await ledger.record('2026-03-11', visitor('10.0.1.1', BROWSER, '2026-03-11'), view('/', 'one-too-many'))).toBe('one-too-many\temail');
  });

  it(`counts at most ${ANALYTICS_VISITORS_PER_ADDRESS_MAX} visitors (browsers) an address a day; its others' views count as views only`, async () => {
    for (let index = 0; index <= ANALYTICS_VISITORS_PER_ADDRESS_MAX; index++)
      await ledger.record(DAY, visitor('203.0.113.1', `${BROWSER} ${index}`), view('/'));
    // An IPv6 /64 is one address.
    for (let index = 0; index <= ANALYTICS_VISITORS_PER_ADDRESS_MAX; index++)
      await ledger.record(DAY, visitor(`2001:db8:1:2::${index.toString(16)}`), view('/about'));
    await ledger.record(DAY, visitor('203.0.113.2'), view('/services'));
    expect(await claimed(tallyOf.page(DAY, '/'), tallyOf.page(DAY, '/about'), tallyOf.page(DAY, '/services'))).toEqual({
      'p\t/': ANALYTICS_VISITORS_PER_ADDRESS_MAX,
      'p\t/about': ANALYTICS_VISITORS_PER_ADDRESS_MAX,
      'p\t/services': 1,
    });
    // The visitors counted go on counting.
    await ledger.record(DAY, visitor('203.0.113.1', `${BROWSER} 0`), view('/contact'));
    expect(await claimed(tallyOf.page(DAY, '/contact'))).toEqual({ 'p\t/contact': 1 });
  });

  it('stays bounded through 20,000 reports of made-up pages, sources and browsers from one address, and still counts the next visitor', async () => {
    const touched = new Set<string>();
    const report = async (index: number) => {
      // Paths arrive as the collector counts them: a page the site does not serve is (other).
      const event = index % 3 === 2 ? start : view(index % 2 ? '(other)' : '/careers', randomBytes(8).toString('hex'), randomBytes(4).toString('hex'));
      const channel = await ledger.record(DAY, visitor('198.51.100.66', randomBytes(12).toString('base64')), event);
      if (event.kind === 'view')
        touched
          .add(tallyOf.site(DAY))
          .add(tallyOf.page(DAY, event.path))
          .add(tallyOf.channel(DAY, channel ?? ''));
      else touched.add(tallyOf.starts(DAY, 'quote', channel));
    };
    // In rounds of 200 at once, as a busy instance receives them.
    for (let round = 0; round < 100; round++) await Promise.all(Array.from({ length: 200 }, (_, index) => report(round * 200 + index)));
    expect([...touched].filter((tally) => tally.startsWith(`${DAY}c`))).toHaveLength(ANALYTICS_CHANNELS_PER_DAY_MAX + 1);
    const flood = await ledger.claim(touched);
    // The address's first visitors count, the ones that viewed a page and the ones that only started a form.
    expect((flood.get(tallyOf.site(DAY)) ?? 0) + (flood.get(tallyOf.starts(DAY, 'quote', undefined)) ?? 0)).toBe(ANALYTICS_VISITORS_PER_ADDRESS_MAX);
    if (redis) {
      const { bytes } = await keysUnder(redis, prefix);
      console.log(`${ledger.constructor.name}: one address's 20,000 reports left ${bytes} bytes in Redis`);
      expect(bytes).toBeLessThan(ONE_ADDRESS_FLOOD_BYTES_MAX);
    }
    await ledger.record(DAY, visitor('203.0.113.50'), view('/contact', 'google', 'cpc'));
    await ledger.record(DAY, visitor('203.0.113.50'), start);
    expect(
      await claimed(tallyOf.site(DAY), tallyOf.page(DAY, '/contact'), tallyOf.channel(DAY, OTHER_CHANNEL), tallyOf.starts(DAY, 'quote', OTHER_CHANNEL)),
    ).toEqual({
      d: 1,
      'p\t/contact': 1,
      [`c\t${OTHER_CHANNEL}`]: 1,
      [`s\tquote\t${OTHER_CHANNEL}`]: 1,
    });
  });
});

(localRedisAnswers ? describe : describe.skip)(`${RedisVisitorLedger.name} and the day's key`, () => {
  it('keeps no key, salt or address in Redis: only ids (HMACs under a key the instances keep), channels and counts', async () => {
    const redis = new Redis(LOCAL_REDIS_PORT, '127.0.0.1');
    const prefix = `bw:analytics-test:${randomBytes(6).toString('hex')}`;
    const ledger = new RedisVisitorLedger(new Redis(LOCAL_REDIS_PORT, '127.0.0.1'), prefix);
    const secret = randomBytes(32);
    const keys = new VisitorKeys(secret);
    try {
      await ledger.record(DAY, keys.visitorOf(DAY, '203.0.113.77', BROWSER), view('/'));
      const { keys: stored } = await keysUnder(redis, prefix);
      expect(stored.map((key) => key.slice(prefix.length + 1)).sort()).toEqual(
        [`${DAY}:addresses`, `${DAY}:channel-names`, `${DAY}:channels`, `${DAY}:visitors`, `t:${DAY}c\tnewsletter\temail`, `t:${DAY}d`, `t:${DAY}p\t/`].sort(),
      );
      const dumped = JSON.stringify(await Promise.all(stored.map((key) => redis.dump(key))));
      for (const secretText of ['203.0.113.77', BROWSER, secret.toString('hex'), secret.toString('base64')]) expect(dumped).not.toContain(secretText);
      await redis.del(...stored);
    } finally {
      ledger.close();
      redis.disconnect();
    }
  });
});

describe(`${RedisVisitorLedger.name} while Redis does not answer`, () => {
  it('counts with a ledger of its own, so no visitor is lost to the outage', async () => {
    // Port 1 of the loopback: nothing listens there.
    const ledger = new RedisVisitorLedger(new Redis(1, '127.0.0.1', { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null }));
    const keys = new VisitorKeys(randomBytes(32));
    try {
      expect(await ledger.record(DAY, keys.visitorOf(DAY, '203.0.113.1', BROWSER), view('/'))).toBe('newsletter\temail');
      await ledger.record(DAY, keys.visitorOf(DAY, '203.0.113.2', BROWSER), view('/'));
      expect([...(await ledger.claim([tallyOf.site(DAY)]))]).toEqual([[tallyOf.site(DAY), 2]]);
    } finally {
      ledger.close();
    }
  });
});
