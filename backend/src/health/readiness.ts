import { MESSAGES, type RedisReadiness } from '@brightwave/common';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import Redis from 'ioredis';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { NOT_READY_RETRY_AFTER_SECONDS, READY_CHECK_TIMEOUT_MS } from '../config/operations';
import { DATABASE, type Database } from '../database/database';

type Phase = 'starting' | 'serving' | 'draining';

/** Resolves to whether `work` settled successfully within `ms`. */
async function succeedsWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance should get traffic (GET /api/ready): not before the application has started (createApp
 * calls `started()`), not once Nest's shutdown has begun (SIGTERM: the destroy hooks run before the server closes),
 * and not while the database does not answer.
 */
@Injectable()
export class Readiness implements OnModuleDestroy, OnApplicationShutdown {
  private phase: Phase = 'starting';
  /** A connection of its own: the rate limits' client may be busy or counting in memory (fail open). */
  private readonly redis: Redis | undefined;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.redis = config.redis.url ? new Redis(config.redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: false }) : undefined;
    // ioredis reconnects by itself; an outage is the rate limits' to log (FailoverRateLimitStorage), not ours.
    this.redis?.on('error', () => undefined);
  }

  started(): void {
    if (this.phase === 'starting') this.phase = 'serving';
  }

  onModuleDestroy(): void {
    this.phase = 'draining';
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect(false);
  }

  /** Throws `unavailable` unless the instance can serve; answers how Redis is (never a reason to be unready). */
  async check(): Promise<RedisReadiness> {
    if (this.phase === 'starting') throw DomainError.unavailable(MESSAGES.notReadyStarting, NOT_READY_RETRY_AFTER_SECONDS);
    if (this.phase === 'draining') throw DomainError.unavailable(MESSAGES.notReadyDraining, NOT_READY_RETRY_AFTER_SECONDS);
    const [database, redis] = await Promise.all([
      succeedsWithin(this.db.execute(sql`select 1`), READY_CHECK_TIMEOUT_MS),
      this.redis ? succeedsWithin(this.redis.ping(), READY_CHECK_TIMEOUT_MS) : undefined,
    ]);
    if (!database) throw DomainError.unavailable(MESSAGES.databaseUnreachable, NOT_READY_RETRY_AFTER_SECONDS);
    if (redis === undefined) return 'off';
    return redis ? 'up' : 'down';
  }
}
