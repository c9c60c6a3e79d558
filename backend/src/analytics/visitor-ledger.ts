import { ANALYTICS_CHANNELS_PER_DAY_MAX, ANALYTICS_OTHER, ANALYTICS_VISITORS_PER_ADDRESS_MAX, type AnalyticsForm } from '@brightwave/common';
import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Result } from 'ioredis';
import type { Countable } from './collect-event';
import type { Visitor } from './visitor-key';
import { TALLY_EXACT_MAX, VisitorTally } from './visitor-tally';

/** The day (UTC) of a time, YYYY-MM-DD: the unit of every count, and of the visitor ids' key. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The channel of a view as one string (a tab is no printable character, so it never occurs in either value). */
export const channelKey = (source: string, medium: string | null): string => `${source}\t${medium ?? ''}`;

/** The channel the days' channels past ANALYTICS_CHANNELS_PER_DAY_MAX count as. */
export const OTHER_CHANNEL = channelKey(ANALYTICS_OTHER, null);

/**
 * Visitors a day whose first channel a ledger remembers, and addresses whose visitors it counts, at most each
 * (about 80 bytes a visitor in Redis, 8 MB): past it, new visitors are still counted, their later views that name no
 * channel count as `direct`.
 */
export const VISITORS_REMEMBERED_MAX = 100_000;
/** Days of ids, tallies and claims a ledger keeps: the day, and the day before (a late report, a flush after midnight). */
const DAYS_KEPT = 2;
const REDIS_TTL_SECONDS = DAYS_KEPT * 24 * 3600;
const REDIS_PREFIX = 'bw:analytics';
/** Tallies a Redis ledger keeps to claim once Redis answers again, at most (a few days' worth). */
const UNCLAIMED_MAX = 10_000;

/**
 * The tallies of a day, by name: the day's date then what it counts, the site's visitors (`d`), a page's (`p`), a
 * channel's (`c`), a form's starters under a channel (`s`). A name is the tally's key in Redis, after the prefix.
 */
export const tallyOf = {
  site: (day: string) => `${day}d`,
  page: (day: string, path: string) => `${day}p\t${path}`,
  channel: (day: string, channel: string) => `${day}c\t${channel}`,
  starts: (day: string, form: AnalyticsForm, channel: string | undefined) => `${day}s\t${form}\t${channel ?? ''}`,
};

/** The day of a tally's name. */
const dayOfTally = (tally: string) => tally.slice(0, 10);

/** The tallies a report adds its visitor to: a view to the site's, its page's and its channel's; a start to its form's. */
function talliesOf(day: string, event: Countable, channel: string | undefined): string[] {
  if (event.kind === 'start') return [tallyOf.starts(day, event.form, channel)];
  return [tallyOf.site(day), tallyOf.page(day, event.path), tallyOf.channel(day, channel ?? OTHER_CHANNEL)];
}

/**
 * The visitors of the day, de-duplicated, in bounded memory: which distinct visitors each count of the day has (the
 * site, a page, a channel, a form's starts), and the channel of each visitor's first view. Never written to the
 * database: what is written is the visitors each tally gained since its last claim.
 */
export interface VisitorLedger {
  /**
   * Adds a report's visitor to the day's tallies and answers the channel the report counts under: a view's own, or,
   * for a view that names none and for a start, the channel of the visitor's first view today; undefined for a start
   * when none was seen. Past ANALYTICS_CHANNELS_PER_DAY_MAX channels a day, a new one is OTHER_CHANNEL. A visitor new
   * to the day whose address already brought ANALYTICS_VISITORS_PER_ADDRESS_MAX is added to no tally.
   */
  record(day: string, visitor: Visitor, event: Countable): Promise<string | undefined>;
  /**
   * The visitors each tally gained since it was last claimed, on this instance or another (a tally is claimed by the
   * first write after it changed); a tally that gained none is left out. Never throws.
   */
  claim(tallies: Iterable<string>): Promise<Map<string, number>>;
  close(): void;
}

/** The rules of a report, as both ledgers apply them (the Redis one in its script, RECORD_SCRIPT). */
class DayLedger {
  /** The first channel of each visitor remembered (their id): at most VISITORS_REMEMBERED_MAX. */
  private readonly visitors = new Map<string, string>();
  /** The visitors counted per address: at most VISITORS_REMEMBERED_MAX addresses. */
  private readonly addresses = new Map<string, number>();
  /** The day's channels, each string kept once (the visitors' map holds these very strings). */
  private readonly channels = new Map<string, string>();
  private readonly tallies = new Map<string, { tally: VisitorTally; claimed: number }>();

  record(day: string, visitor: Visitor, event: Countable): string | undefined {
    const first = this.visitors.get(visitor.id);
    const channel = event.kind === 'start' ? first : this.admitted(event.named || first === undefined ? channelKey(event.source, event.medium) : first);
    let counted = first !== undefined;
    if (!counted) {
      const brought = this.addresses.get(visitor.address) ?? 0;
      if (brought < ANALYTICS_VISITORS_PER_ADDRESS_MAX) {
        counted = true;
        if (brought > 0 || this.addresses.size < VISITORS_REMEMBERED_MAX) this.addresses.set(visitor.address, brought + 1);
        if (channel !== undefined && this.visitors.size < VISITORS_REMEMBERED_MAX) this.visitors.set(visitor.id, channel);
      }
    }
    if (counted) {
      for (const name of talliesOf(day, event, channel)) {
        let entry = this.tallies.get(name);
        if (!entry) this.tallies.set(name, (entry = { tally: new VisitorTally(), claimed: 0 }));
        entry.tally.add(visitor);
      }
    }
    return channel;
  }

  /** What a tally gained since its last claim (0 for one never added to). */
  claim(tally: string): number {
    const entry = this.tallies.get(tally);
    if (!entry) return 0;
    const count = entry.tally.count();
    // An estimate may read a little lower than the exact count before it: nothing is taken back.
    const gained = Math.max(0, count - entry.claimed);
    entry.claimed = Math.max(entry.claimed, count);
    return gained;
  }

  /** The channel as counted: one of the day's first ANALYTICS_CHANNELS_PER_DAY_MAX, else OTHER_CHANNEL. */
  private admitted(channel: string): string {
    const known = this.channels.get(channel);
    if (known !== undefined) return known;
    const kept = this.channels.size < ANALYTICS_CHANNELS_PER_DAY_MAX ? channel : OTHER_CHANNEL;
    if (!this.channels.has(kept)) this.channels.set(kept, kept);
    return this.channels.get(kept) ?? kept;
  }
}

/**
 * The ledger of one instance, in this process's memory only: the two days last reported (today and yesterday, whose
 * tallies are claimed after midnight), older ones dropped. With several instances and no Redis, a visitor whose reports reach
 * two instances counts once on each. Bounded whatever comes: 100,000 remembered visitors and addresses, and per
 * tally at most 16 KB (VisitorTally), the tallies themselves bounded by the pages the site serves and the day's channels.
 */
export class MemoryVisitorLedger implements VisitorLedger {
  private readonly days = new Map<string, DayLedger>();

  record(day: string, visitor: Visitor, event: Countable): Promise<string | undefined> {
    return Promise.resolve(this.dayOf(day).record(day, visitor, event));
  }

  claim(tallies: Iterable<string>): Promise<Map<string, number>> {
    return Promise.resolve(this.claimNow(tallies));
  }

  claimNow(tallies: Iterable<string>): Map<string, number> {
    const gained = new Map<string, number>();
    for (const tally of tallies) {
      const count = this.days.get(dayOfTally(tally))?.claim(tally) ?? 0;
      if (count > 0) gained.set(tally, count);
    }
    return gained;
  }

  close(): void {
    this.days.clear();
  }

  /** The ledger of `day`, made the most recently used: the days used least recently past DAYS_KEPT are dropped. */
  private dayOf(day: string): DayLedger {
    const ledger = this.days.get(day) ?? new DayLedger();
    // Map keys iterate in insertion order: set again, the day goes last.
    this.days.delete(day);
    this.days.set(day, ledger);
    for (const old of [...this.days.keys()].slice(0, -DAYS_KEPT)) this.days.delete(old);
    return ledger;
  }
}

/**
 * DayLedger.record in Redis, in one round trip. KEYS: the day's visitors (hash: id → the ordinal of their first
 * channel), addresses (hash: tag → visitors counted), channels (hash: channel → ordinal) and channels by ordinal.
 * ARGV: the tallies' key prefix (with the day), the time to live, the visitor's id and address tag, the report's kind,
 * path, form, its own channel, whether it names it, then the bounds. A tally is a set of ids up to TALLY_EXACT_MAX,
 * then a HyperLogLog (PFADD): 12 KB at most whatever the number of visitors.
 */
const RECORD_SCRIPT = `
local visitors, addresses, channels, names = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local tallies, ttl, id, address, kind, path, form, own, named, other = unpack(ARGV, 1, 10)
local perAddress, rememberedMax, channelsMax, exactMax = tonumber(ARGV[11]), tonumber(ARGV[12]), tonumber(ARGV[13]), tonumber(ARGV[14])

local first = redis.call('HGET', visitors, id)
local channel = false
if first then channel = redis.call('HGET', names, first) end
local ordinal = first
if kind == 'view' then
  if named == '1' or not channel then channel = own end
  ordinal = redis.call('HGET', channels, channel)
  if not ordinal then
    local admitted = redis.call('HLEN', channels)
    if admitted >= channelsMax and channel ~= other then
      channel = other
      ordinal = redis.call('HGET', channels, other)
    end
    if not ordinal then
      ordinal = tostring(admitted + 1)
      redis.call('HSET', channels, channel, ordinal)
      redis.call('HSET', names, ordinal, channel)
    end
  end
end

local counted = first ~= false
if not counted then
  local brought = tonumber(redis.call('HGET', addresses, address) or '0')
  if brought < perAddress then
    counted = true
    if brought > 0 or redis.call('HLEN', addresses) < rememberedMax then redis.call('HINCRBY', addresses, address, 1) end
    if channel and redis.call('HLEN', visitors) < rememberedMax then redis.call('HSET', visitors, id, ordinal) end
  end
end

if counted then
  local added
  if kind == 'view' then added = { 'd', 'p\\t' .. path, 'c\\t' .. channel } else added = { 's\\t' .. form .. '\\t' .. (channel or '') } end
  for _, name in ipairs(added) do
    local key = tallies .. name
    if redis.call('TYPE', key).ok == 'string' then
      redis.call('PFADD', key, id)
    elseif redis.call('SADD', key, id) == 1 and redis.call('SCARD', key) > exactMax then
      local ids = redis.call('SMEMBERS', key)
      redis.call('DEL', key)
      redis.call('PFADD', key, unpack(ids))
    end
    redis.call('EXPIRE', key, ttl)
  end
end
for _, key in ipairs(KEYS) do redis.call('EXPIRE', key, ttl) end
return channel or ''
`;

/**
 * DayLedger.claim in Redis for tallies of one day. KEYS: the day's claimed counts (hash: tally → count claimed), then
 * the tallies. ARGV: the time to live, then the tallies' names. Answers what each gained.
 */
const CLAIM_SCRIPT = `
local claimed = KEYS[1]
local gained = {}
for i = 2, #KEYS do
  local kind = redis.call('TYPE', KEYS[i]).ok
  local count = 0
  if kind == 'set' then count = redis.call('SCARD', KEYS[i]) elseif kind == 'string' then count = redis.call('PFCOUNT', KEYS[i]) end
  local before = tonumber(redis.call('HGET', claimed, ARGV[i]) or '0')
  if count > before then
    redis.call('HSET', claimed, ARGV[i], count)
    gained[i - 1] = count - before
  else
    gained[i - 1] = 0
  end
end
redis.call('EXPIRE', claimed, ARGV[1])
return gained
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    analyticsRecord(...args: (string | number)[]): Result<string, Context>;
    analyticsClaim(...args: (string | number)[]): Result<number[], Context>;
  }
}

/**
 * The ledger shared by every instance through Redis: per day the remembered visitors' first channels, the addresses'
 * counts, the channels, the tallies and what was claimed of them, each expiring two days later. Redis holds ids
 * (HMACs under a key only the instances know, visitor-key.ts) and counts, never an address, a user agent or a key.
 * One round trip per report (a script). While Redis does not answer, this instance counts with a ledger of its own
 * (a visitor may then count twice) and claims the Redis tallies it touched once Redis is back; each outage is logged once.
 */
export class RedisVisitorLedger implements VisitorLedger {
  private readonly logger = new Logger('Analytics');
  private readonly fallback = new MemoryVisitorLedger();
  /** Tallies touched in Redis whose claim failed: claimed with the next. */
  private readonly unclaimed = new Set<string>();
  private away = false;
  private everReady = false;

  constructor(
    private readonly redis: Redis,
    /** The keys' prefix: a test takes one of its own on a shared Redis. */
    private readonly prefix = REDIS_PREFIX,
  ) {
    redis.on('ready', () => (this.everReady = true));
    // ioredis reconnects by itself; an outage is logged by record().
    redis.on('error', () => undefined);
    redis.defineCommand('analyticsRecord', { numberOfKeys: 4, lua: RECORD_SCRIPT });
    redis.defineCommand('analyticsClaim', { lua: CLAIM_SCRIPT });
  }

  async record(day: string, visitor: Visitor, event: Countable): Promise<string | undefined> {
    // Once Redis has answered or failed, a connection that is not ready is not waited for.
    if ((this.everReady || this.away) && this.redis.status !== 'ready') return this.wentAway(`connection ${this.redis.status}`, day, visitor, event);
    const own = event.kind === 'view' ? channelKey(event.source, event.medium) : '';
    try {
      const channel = await this.redis.analyticsRecord(
        ...(['visitors', 'addresses', 'channels', 'channel-names'] as const).map((name) => `${this.prefix}:${day}:${name}`),
        `${this.prefix}:t:${day}`,
        REDIS_TTL_SECONDS,
        visitor.id,
        visitor.address,
        event.kind,
        event.kind === 'view' ? event.path : '',
        event.kind === 'start' ? event.form : '',
        own,
        event.kind === 'view' && event.named ? '1' : '0',
        OTHER_CHANNEL,
        ANALYTICS_VISITORS_PER_ADDRESS_MAX,
        VISITORS_REMEMBERED_MAX,
        ANALYTICS_CHANNELS_PER_DAY_MAX,
        TALLY_EXACT_MAX,
      );
      if (this.away) {
        this.away = false;
        this.logger.warn('Redis answers again: unique visitors are counted by every instance together again');
      }
      return channel === '' ? undefined : channel;
    } catch (error) {
      return this.wentAway(error instanceof Error ? error.message : String(error), day, visitor, event);
    }
  }

  async claim(tallies: Iterable<string>): Promise<Map<string, number>> {
    const names = new Set([...this.unclaimed, ...tallies]);
    const gained = this.fallback.claimNow(names);
    const byDay = new Map<string, string[]>();
    for (const name of names) byDay.set(dayOfTally(name), [...(byDay.get(dayOfTally(name)) ?? []), name]);
    try {
      for (const [day, dayTallies] of byDay) {
        const counts = await this.redis.analyticsClaim(
          1 + dayTallies.length,
          `${this.prefix}:${day}:claimed`,
          ...dayTallies.map((name) => `${this.prefix}:t:${name}`),
          REDIS_TTL_SECONDS,
          ...dayTallies,
        );
        dayTallies.forEach((name, index) => {
          this.unclaimed.delete(name);
          const count = counts[index] ?? 0;
          if (count > 0) gained.set(name, (gained.get(name) ?? 0) + count);
        });
      }
    } catch {
      // The outage is logged by record(); the tallies are claimed by the next write that reaches Redis.
      for (const name of names) if (this.unclaimed.size < UNCLAIMED_MAX) this.unclaimed.add(name);
    }
    return gained;
  }

  close(): void {
    this.fallback.close();
    this.redis.disconnect(false);
  }

  private wentAway(reason: string, day: string, visitor: Visitor, event: Countable): Promise<string | undefined> {
    if (!this.away) {
      this.away = true;
      this.logger.error(`Redis unreachable (${reason}): unique visitors are counted by this instance alone until it answers again`);
    }
    return this.fallback.record(day, visitor, event);
  }
}
