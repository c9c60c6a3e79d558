import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';

interface Window {
  hits: number;
  expiresAt: number;
  blockedUntil: number;
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Fixed-window counts in memory, with the same rules as the Redis storage used by several instances.
 * One counter per address and bucket, O(1) per request: the throttler's own memory storage keeps every hit's
 * time and filters that list on each request, which a flood of requests turns into a CPU sink.
 */
export class MemoryRateLimitStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private readonly sweep: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweep = setInterval(() => this.evictExpired(), SWEEP_INTERVAL_MS);
    this.sweep.unref();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const now = this.now();
    const id = `${throttlerName}:${key}`;
    let window = this.windows.get(id);
    const blockEnded = window !== undefined && window.blockedUntil > 0 && window.blockedUntil <= now;
    if (!window || window.expiresAt <= now || blockEnded) {
      window = { hits: 0, expiresAt: now + ttl, blockedUntil: 0 };
      this.windows.set(id, window);
    }
    window.hits += 1;
    if (window.blockedUntil === 0 && window.hits > limit) window.blockedUntil = now + blockDuration;
    const isBlocked = window.blockedUntil > now;
    return {
      totalHits: window.hits,
      timeToExpire: Math.ceil((window.expiresAt - now) / 1000),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((window.blockedUntil - now) / 1000) : 0,
    };
  }

  private evictExpired(): void {
    const now = this.now();
    for (const [id, window] of this.windows) {
      if (window.expiresAt <= now && window.blockedUntil <= now) this.windows.delete(id);
    }
  }
}
