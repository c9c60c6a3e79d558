import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import type Redis from 'ioredis';
import { MemoryRateLimitStorage } from './memory-rate-limit.storage';

/**
 * The shared counts in Redis, and this instance's own counts in memory while Redis cannot answer (fail open per
 * instance): a Redis outage must not refuse every form and sign-in. Each outage is logged once, and its end too.
 * While it lasts, a client spread over N instances gets up to N times its limit.
 */
export class FailoverRateLimitStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly fallback = new MemoryRateLimitStorage();
  private away = false;
  private everReady = false;

  constructor(
    private readonly redis: Redis,
    private readonly shared: ThrottlerStorage,
  ) {
    redis.on('ready', () => (this.everReady = true));
    // ioredis reconnects by itself; without a listener it prints every failed attempt.
    redis.on('error', (error: Error) => this.wentAway(error.message));
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    // Once Redis has answered or failed, a connection that is not ready is not waited for: counted here at once.
    if ((this.everReady || this.away) && this.redis.status !== 'ready') {
      this.wentAway(`connection ${this.redis.status}`);
      return this.fallback.increment(key, ttl, limit, blockDuration, throttlerName);
    }
    try {
      const record = await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
      if (this.away) {
        this.away = false;
        this.logger.warn('Redis answers again: rate limits are shared by every instance again');
      }
      return record;
    } catch (error) {
      this.wentAway(error instanceof Error ? error.message : String(error));
      return this.fallback.increment(key, ttl, limit, blockDuration, throttlerName);
    }
  }

  onApplicationShutdown(): void {
    this.redis.disconnect(false);
  }

  private wentAway(reason: string): void {
    if (this.away) return;
    this.away = true;
    this.logger.error(`Redis unreachable (${reason}): rate limits are counted by this instance alone until it answers again`);
  }
}
