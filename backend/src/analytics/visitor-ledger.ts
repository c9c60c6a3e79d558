import { hash, randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Countable } from './collect-event';

/** The day (UTC) of a time, YYYY-MM-DD: the unit of every count, and of the salt's life. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** What a report adds besides its own count: whether the visitor is new to the day, the page, the channel or the form. */
export interface Marks {
  /** The visitor's first view of the day (site-wide). */
  visitor: boolean;
  /** The visitor's first view of this page today. */
  page: boolean;
  /** The visitor's first view from this channel today. */
  channel: boolean;
  /** The visitor's first start of this form today. */
  start: boolean;
  /**
   * The channel the report counts under (`source\tmedium`, channelKey): a view's own, or, for a view that names none
   * and for a start, the channel of the visitor's first view today; undefined for a start when none was seen.
   */
  channelKey: string | undefined;
}

const SALT_BYTES = 16;
/** Marks kept per day in memory, at most (about 100 bytes each): past it, nobody more is counted as a new visitor. */
export const MEMORY_MARKS_MAX = 200_000;
/** A day's salt and marks outlive their day by a day in Redis (a report from a clock a little behind is still known). */
const REDIS_TTL_SECONDS = 2 * 24 * 3600;
const REDIS_PREFIX = 'bw:analytics';

/** The channel of a view as one string (a tab is no printable character, so it never occurs in either value). */
export const channelKey = (source: string, medium: string | null): string => `${source}\t${medium ?? ''}`;

/**
 * The channel a report counts under: a view that names its channel (UTM tags, an outside referrer) counts under it;
 * one that names none (the site's later views of a visit carry no referrer, a reload none either) and a start count
 * under the channel of the visitor's first view today, the visit's; with none seen, a view is `direct`.
 */
function channelOf(event: Countable, first: string | undefined): string | undefined {
  if (event.kind === 'start') return first;
  return event.named || first === undefined ? channelKey(event.source, event.medium) : first;
}

/**
 * The marks a report looks up, each as a string that holds the visitor's id: `v<id>` the visitor's day, `p<id><path>`
 * a page, `c<id><channel>` a channel, `s<id><form>` a form started. The id has a fixed length, so none is ambiguous.
 */
function marksOf(visitor: string, event: Countable, channel: string | undefined): string[] {
  if (event.kind === 'start') return [`s${visitor}${event.form}`];
  return [`v${visitor}`, `p${visitor}${event.path}`, `c${visitor}${channel}`];
}

function marksFrom(event: Countable, fresh: boolean[], channel: string | undefined): Marks {
  if (event.kind === 'start') return { visitor: false, page: false, channel: false, start: fresh[0] === true, channelKey: channel };
  return { visitor: fresh[0] === true, page: fresh[1] === true, channel: fresh[2] === true, start: false, channelKey: channel };
}

/**
 * A visitor of a day, as Plausible counts them: a hash of the day's random salt, the address and the user agent,
 * 96 bits in base64url. The salt is never stored and is replaced every day, so the id of one day cannot be linked to
 * another day's, and without the salt an address cannot be tried against an id. (SHA-256 of the salt-prefixed text in
 * one call: an HMAC object per report cost ten times as much under load.)
 */
export function visitorId(salt: string, address: string, userAgent: string): string {
  return hash('sha256', `${salt}\n${address}\n${userAgent}`, 'base64url').slice(0, 16);
}

/** A new salt: 16 random bytes, in hex. */
const newSalt = (): string => randomBytes(SALT_BYTES).toString('hex');

/**
 * The visitors of the day, de-duplicated: which reports bring a new visitor to the day, a page, a channel, or a new
 * start of a form. Never written to the database.
 */
export interface VisitorLedger {
  record(day: string, address: string, userAgent: string, event: Countable): Promise<Marks>;
  close(): void;
}

/**
 * The ledger of one instance: the salt and the day's marks in this process's memory only, all dropped when the day
 * changes (or the process ends). With several instances and no Redis, a visitor whose reports reach two instances
 * counts once on each.
 */
export class MemoryVisitorLedger implements VisitorLedger {
  private readonly logger = new Logger('Analytics');
  private day = '';
  private salt = newSalt();
  private marks = new Set<string>();
  private channels = new Map<string, string>();
  private full = false;

  /** The visitor's id of `day` (a new day: a new salt, and yesterday's marks forgotten). */
  visitorOf(day: string, address: string, userAgent: string): string {
    if (day !== this.day) {
      this.day = day;
      this.salt = newSalt();
      this.marks = new Set();
      this.channels = new Map();
      this.full = false;
    }
    return visitorId(this.salt, address, userAgent);
  }

  record(day: string, address: string, userAgent: string, event: Countable): Promise<Marks> {
    const visitor = this.visitorOf(day, address, userAgent);
    const first = this.channels.get(visitor);
    const channel = channelOf(event, first);
    const fresh = marksOf(visitor, event, channel).map((mark) => this.mark(mark));
    if (event.kind === 'view' && first === undefined && channel !== undefined && !this.full) this.channels.set(visitor, channel);
    return Promise.resolve(marksFrom(event, fresh, channel));
  }

  close(): void {
    this.marks.clear();
    this.channels.clear();
  }

  private mark(mark: string): boolean {
    if (this.marks.has(mark)) return false;
    if (this.marks.size + this.channels.size >= MEMORY_MARKS_MAX) {
      // Memory stays bounded whatever comes (a flood of made-up user agents): nobody new is counted for the rest of the day.
      if (!this.full) this.logger.warn(`${MEMORY_MARKS_MAX} visitor marks today: no more new visitors are counted until tomorrow (UTC)`);
      this.full = true;
      return false;
    }
    this.marks.add(mark);
    return true;
  }
}

/**
 * The ledger shared by every instance through Redis: the day's salt (a random value set once by whichever instance
 * comes first, `SET NX`) and the day's marks (a set) and first channels (a hash), each expiring two days later. Redis
 * keeps them in memory (the compose file runs it without persistence). One round trip per report. While Redis does
 * not answer, this instance counts with a ledger of its own (a visitor may then count twice); each outage is logged
 * once.
 */
export class RedisVisitorLedger implements VisitorLedger {
  private readonly logger = new Logger('Analytics');
  private readonly fallback = new MemoryVisitorLedger();
  private salt: { day: string; value: Promise<string> } | undefined;
  private away = false;
  private everReady = false;

  constructor(private readonly redis: Redis) {
    redis.on('ready', () => (this.everReady = true));
    // ioredis reconnects by itself; an outage is logged by record().
    redis.on('error', () => undefined);
  }

  async record(day: string, address: string, userAgent: string, event: Countable): Promise<Marks> {
    // Once Redis has answered or failed, a connection that is not ready is not waited for.
    if ((this.everReady || this.away) && this.redis.status !== 'ready') {
      return this.wentAway(`connection ${this.redis.status}`, day, address, userAgent, event);
    }
    try {
      const visitor = visitorId(await this.saltOf(day), address, userAgent);
      const seen = `${REDIS_PREFIX}:marks:${day}`;
      const channels = `${REDIS_PREFIX}:channels:${day}`;
      // A view that names no channel needs the visitor's first one before its marks: a round trip of its own.
      const first = event.kind === 'view' && !event.named ? ((await this.redis.hget(channels, visitor)) ?? undefined) : undefined;
      const known = event.kind === 'view' ? channelOf(event, first) : undefined;
      const marks = marksOf(visitor, event, known);
      const pipeline = this.redis.pipeline();
      for (const mark of marks) pipeline.sadd(seen, mark);
      pipeline.expire(seen, REDIS_TTL_SECONDS);
      if (known !== undefined) pipeline.hsetnx(channels, visitor, known);
      else pipeline.hget(channels, visitor);
      pipeline.expire(channels, REDIS_TTL_SECONDS);
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error);
      if (failed?.[0]) throw failed[0];
      const fresh = results.slice(0, marks.length).map(([, added]) => added === 1);
      const channel = known ?? (results[marks.length + 1]?.[1] as string | null) ?? undefined;
      if (this.away) {
        this.away = false;
        this.logger.warn('Redis answers again: unique visitors are counted by every instance together again');
      }
      return marksFrom(event, fresh, channel);
    } catch (error) {
      if (this.salt?.day === day) this.salt = undefined;
      return this.wentAway(error instanceof Error ? error.message : String(error), day, address, userAgent, event);
    }
  }

  close(): void {
    this.fallback.close();
    this.redis.disconnect(false);
  }

  /** The day's shared salt: the first instance's random one (SET NX), read once per day by each instance. */
  private saltOf(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      const key = `${REDIS_PREFIX}:salt:${day}`;
      const value = this.redis
        .set(key, newSalt(), 'EX', REDIS_TTL_SECONDS, 'NX')
        .then(() => this.redis.get(key))
        .then((salt) => {
          if (!salt) throw new Error('the salt of the day is missing');
          return salt;
        });
      this.salt = { day, value };
    }
    return this.salt.value;
  }

  private wentAway(reason: string, day: string, address: string, userAgent: string, event: Countable): Promise<Marks> {
    if (!this.away) {
      this.away = true;
      this.logger.error(`Redis unreachable (${reason}): unique visitors are counted by this instance alone until it answers again`);
    }
    return this.fallback.record(day, address, userAgent, event);
  }
}
