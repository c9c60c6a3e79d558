// `npm run bench:analytics`: the most a day of the site analytics' ledger can hold, in Redis and in memory, for the
// built backend (not a test; nothing here can fail a build). It sends one day's worst: BENCH_VISITORS visitors
// (default 400,000), each from an address of its own, so that the day's remembered visitors and addresses reach their
// bound (VISITORS_REMEMBERED_MAX); views spread over every page of the site, BENCH_JOBS open jobs' pages (default 50)
// and (other); ANALYTICS_CHANNELS_PER_DAY_MAX made-up channels and (other); starts of every form under every channel;
// enough visitors per tally that every tally is a full HyperLogLog. Then it prints the bytes Redis says the day's keys
// take (MEMORY USAGE) and the heap the memory ledger takes (after a full GC). docs/features/analytics.md, "Bounded".
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const backendDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = (file) => path.join(backendDir, 'dist', file);
if (!fs.existsSync(dist('analytics/visitor-ledger.js'))) {
  console.error('Build the backend first: npm run build -w @brightwave/backend');
  process.exit(1);
}
const { ANALYTICS_CHANNELS_PER_DAY_MAX, ANALYTICS_FORMS, ANALYTICS_OTHER, SITE_PAGE_PATHS } = require('@brightwave/common');
const Redis = require('ioredis');
const { MemoryVisitorLedger, RedisVisitorLedger } = require(dist('analytics/visitor-ledger.js'));
const { VisitorKeys } = require(dist('analytics/visitor-key.js'));

const VISITORS = Number(process.env.BENCH_VISITORS ?? 400_000);
const JOBS = Number(process.env.BENCH_JOBS ?? 50);
const REDIS_PORT = Number(process.env.BENCH_REDIS_PORT ?? 6379);
const DAY = '2026-03-10';
const pages = [
  ...SITE_PAGE_PATHS,
  ...Array.from({ length: JOBS }, (_, index) => `/careers/job-${index}-${index.toString(16).padStart(8, '0')}`),
  ANALYTICS_OTHER,
];
// Sources of a flood: 100 characters each, as long as a channel's value may be.
const channels = Array.from({ length: ANALYTICS_CHANNELS_PER_DAY_MAX + 1 }, (_, index) => `${index}-${'s'.repeat(96)}`.slice(0, 100));

/** The reports of visitor `index`: a view of a page from a channel, then the start of a form (every visitor a fresh address). */
function reportsOf(keys, index) {
  const visitor = keys.visitorOf(DAY, `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`, `Mozilla/5.0 Bench/${index >> 24}`);
  const view = {
    kind: 'view',
    path: pages[index % pages.length],
    form: undefined,
    source: channels[index % channels.length],
    medium: 'm'.repeat(100),
    named: true,
  };
  return [
    [visitor, view],
    [visitor, { kind: 'start', form: ANALYTICS_FORMS[index % ANALYTICS_FORMS.length] }],
  ];
}

async function fill(ledger, keys) {
  const started = Date.now();
  const rounds = 500;
  for (let first = 0; first < VISITORS; first += rounds) {
    const reports = [];
    for (let index = first; index < Math.min(first + rounds, VISITORS); index++) reports.push(...reportsOf(keys, index));
    // A view, then its start: the start takes the view's channel.
    await Promise.all(reports.filter((_, at) => at % 2 === 0).map(([visitor, event]) => ledger.record(DAY, visitor, event)));
    await Promise.all(reports.filter((_, at) => at % 2 === 1).map(([visitor, event]) => ledger.record(DAY, visitor, event)));
  }
  return (Date.now() - started) / 1000;
}

const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const keys = new VisitorKeys(randomBytes(32));
console.log(`bench:analytics: ${VISITORS.toLocaleString('en')} visitors of one day, ${pages.length} pages, ${channels.length} channels`);

if (await portOpen(REDIS_PORT)) {
  const prefix = `bw:analytics-bench:${randomBytes(4).toString('hex')}`;
  const redis = new Redis(REDIS_PORT, '127.0.0.1');
  const ledger = new RedisVisitorLedger(new Redis(REDIS_PORT, '127.0.0.1'), prefix);
  const seconds = await fill(ledger, keys);
  /** Bytes per kind of key: the remembered visitors, the addresses, the channels, the tallies. */
  const kinds = new Map();
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    for (const key of found) {
      const kind = key.includes(':t:') ? 'tallies' : key.slice(key.lastIndexOf(':') + 1);
      const [keys = 0, bytes = 0] = kinds.get(kind) ?? [];
      kinds.set(kind, [keys + 1, bytes + Number(await redis.memory('USAGE', key, 'SAMPLES', 0))]);
      await redis.del(key);
    }
  } while (cursor !== '0');
  const total = [...kinds.values()].reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`Redis: ${total.toLocaleString('en')} bytes for the day (MEMORY USAGE), filled in ${seconds.toFixed(1)} s`);
  for (const [kind, [keys, bytes]] of kinds) console.log(`  ${kind}: ${keys} key(s), ${bytes.toLocaleString('en')} bytes`);
  ledger.close();
  redis.disconnect();
} else console.log(`NO REDIS on 127.0.0.1:${REDIS_PORT}: only the memory ledger is measured`);

if (typeof globalThis.gc === 'function') {
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const ledger = new MemoryVisitorLedger();
  const seconds = await fill(ledger, keys);
  globalThis.gc();
  console.log(`Memory: ${(process.memoryUsage().heapUsed - before).toLocaleString('en')} bytes of heap for the day, filled in ${seconds.toFixed(1)} s`);
  ledger.close();
} else console.log('Run with node --expose-gc to measure the memory ledger');
