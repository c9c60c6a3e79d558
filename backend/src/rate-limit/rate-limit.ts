import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard, ThrottlerModuleOptions } from '@nestjs/throttler';
import type { ThrottlerLimitDetail, ThrottlerRequest } from '@nestjs/throttler/dist/throttler.guard.interface';
import Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { MemoryRateLimitStorage } from './memory-rate-limit.storage';

/** Public forms per client address; admin sign-in steps per address and per account. */
export type RateLimitBucket = 'public' | 'auth-ip' | 'auth-account';

const RATE_LIMIT_BUCKETS = 'rateLimitBuckets';
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/** Marks a route as counted in the given buckets; routes without it are not rate limited. */
export const RateLimit = (...buckets: RateLimitBucket[]) => SetMetadata(RATE_LIMIT_BUCKETS, buckets);

export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  return {
    throttlers: [
      { name: 'public', ttl: 60_000, limit: config.rateLimitPublicPerMinute },
      { name: 'auth-ip', ttl: FIFTEEN_MINUTES_MS, limit: config.rateLimitAuthPer15Min },
      { name: 'auth-account', ttl: FIFTEEN_MINUTES_MS, limit: config.rateLimitAuthPer15Min },
    ],
    // Shared counts when several instances run behind one proxy.
    storage: config.redisUrl
      ? new ThrottlerStorageRedisService(new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }))
      : new MemoryRateLimitStorage(),
  };
}

/** The account a sign-in request is about: the e-mail at login, the admin id at verify and resend. */
function accountOf(body: unknown): string {
  const { email, adminId } = (body ?? {}) as { email?: unknown; adminId?: unknown };
  if (typeof email === 'string') return `email:${email.trim().toLowerCase()}`;
  if (typeof adminId === 'string') return `admin:${adminId}`;
  return 'account:unknown';
}

@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const buckets = this.reflector.getAllAndOverride<RateLimitBucket[] | undefined>(RATE_LIMIT_BUCKETS, [
      props.context.getHandler(),
      props.context.getClass(),
    ]);
    const name = props.throttler.name as RateLimitBucket;
    if (!buckets?.includes(name)) return true;
    if (name === 'auth-account') {
      return super.handleRequest({ ...props, getTracker: async (req) => accountOf(req.body) });
    }
    return super.handleRequest(props);
  }

  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const reply = context.switchToHttp().getResponse();
    reply.header('Retry-After', String(Math.max(1, Math.ceil(detail.timeToBlockExpire))));
    throw new ThrottlerException();
  }
}
