import { HOUR_MS, MESSAGES } from '@brightwave/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { applyDecorators, ExecutionContext, HttpStatus, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerGuard, ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerLimitDetail, ThrottlerRequest } from '@nestjs/throttler/dist/throttler.guard.interface';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { API_EXTENSION } from '../api-docs/api-extensions';
import { DomainError } from '../common/domain-error';
import { sendError } from '../common/http-exception.filter';
import { RouteOptions } from '../common/route-options';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { addressKey } from './address-key';
import { FailoverRateLimitStorage } from './failover-rate-limit.storage';
import { MemoryRateLimitStorage } from './memory-rate-limit.storage';

/**
 * Counted before the body is read, per client address: public forms, site searches, job applications (each may carry a
 * 5 MB file), admin sign-in steps, the site's analytics reports (`collect`), the booking page's calls (`booking`); and
 * per booking link (`booking-link`: the route's `:token`), so that one link is not worked from many addresses. The
 * sign-in steps are also counted per account (`auth-account`, see accountOf), which needs the parsed body.
 */
export type AddressBucket = 'public' | 'search' | 'apply' | 'auth-ip' | 'collect' | 'booking' | 'booking-link';
export type RateLimitBucket = AddressBucket | 'auth-account';

const ADDRESS_BUCKETS: readonly RateLimitBucket[] = ['public', 'search', 'apply', 'auth-ip', 'collect', 'booking', 'booking-link'];
const RATE_LIMIT_BUCKETS = 'rateLimitBuckets';
const MINUTE_MS = 60 * 1000;
const FIFTEEN_MINUTES_MS = 15 * MINUTE_MS;
const REDIS_COMMAND_TIMEOUT_MS = 1000;

interface AddressLimit {
  ttlMs: number;
  limit: number;
  /** The 429's message; none: a request over the limit is answered 204 and counted as nothing (COLLECT_PATH answers 204 to anything). */
  message?: string;
  /** Counted per the route's `:token` parameter instead of per address. */
  perToken?: true;
}

/** Far longer than any token this server signs: a longer one counts as its first part (and is refused anyway). */
const TOKEN_KEY_MAX_LENGTH = 512;

/** Marks a route as counted in the given buckets; routes without it are not rate limited. */
export const RateLimit = (...buckets: RateLimitBucket[]) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT_BUCKETS, buckets),
    RouteOptions({ rateLimit: buckets.filter((bucket) => ADDRESS_BUCKETS.includes(bucket)) }),
    // Past the `collect` limit the answer is still 204: no 429 to document.
    ...(buckets.every((bucket) => bucket === 'collect') ? [] : [ApiExtension(API_EXTENSION.rateLimit, buckets)]),
  );

/** One storage for both kinds of count: Redis when several instances share the limits, else memory. */
export function createRateLimitStorage(config: AppConfig): ThrottlerStorage {
  if (!config.redis.url) return new MemoryRateLimitStorage();
  // A count that Redis does not answer within the timeout is made in memory instead (FailoverRateLimitStorage).
  const redis = new Redis(config.redis.url, { maxRetriesPerRequest: 2, lazyConnect: false, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  return new FailoverRateLimitStorage(redis, new ThrottlerStorageRedisService(redis));
}

export function rateLimitOptions(config: AppConfig, storage: ThrottlerStorage): ThrottlerModuleOptions {
  return {
    throttlers: [{ name: 'auth-account', ttl: FIFTEEN_MINUTES_MS, limit: config.limits.authPer15Min }],
    storage,
  };
}

function addressLimits(config: AppConfig): Record<AddressBucket, AddressLimit> {
  return {
    public: { ttlMs: MINUTE_MS, limit: config.limits.publicPerMinute, message: MESSAGES.rateLimited },
    search: { ttlMs: MINUTE_MS, limit: config.limits.searchPerMinute, message: MESSAGES.rateLimited },
    apply: { ttlMs: HOUR_MS, limit: config.limits.applyPerHour, message: MESSAGES.applyRateLimited },
    'auth-ip': { ttlMs: FIFTEEN_MINUTES_MS, limit: config.limits.authPer15Min, message: MESSAGES.rateLimited },
    collect: { ttlMs: MINUTE_MS, limit: config.limits.collectPerMinute },
    booking: { ttlMs: MINUTE_MS, limit: config.limits.bookingPerMinute, message: MESSAGES.rateLimited },
    'booking-link': { ttlMs: MINUTE_MS, limit: config.limits.bookingPerMinute, message: MESSAGES.rateLimited, perToken: true },
  };
}

/**
 * Counts a request in its route's address buckets as soon as its headers arrive, so a client over the limit is
 * answered 429 before a byte of its body (up to 7 MB on the apply route) is read or parsed. Each route has its
 * own count per address. Call before app.init().
 */
export function registerAddressRateLimits(fastify: FastifyInstance, storage: ThrottlerStorage, config: AppConfig): void {
  const limits = addressLimits(config);
  async function countOrRefuse(request: FastifyRequest, reply: FastifyReply, buckets: AddressBucket[]): Promise<void> {
    const route = request.routeOptions.url;
    for (const bucket of buckets) {
      const { ttlMs, limit, message, perToken } = limits[bucket];
      const key = perToken ? `${route}:token:${tokenOf(request).slice(0, TOKEN_KEY_MAX_LENGTH)}` : `${route}:${addressKey(request.ip)}`;
      const record = await storage.increment(key, ttlMs, limit, ttlMs, bucket);
      if (record.isBlocked) {
        // The body the client may still be sending is read away after this answer (readRefusedBodiesAway).
        if (message === undefined) reply.code(HttpStatus.NO_CONTENT).send();
        else sendError(reply, HttpStatus.TOO_MANY_REQUESTS, { success: false, message }, record.timeToBlockExpire);
        return;
      }
    }
  }
  // A callback hook, so the routes without address limits (most) pay no promise.
  fastify.addHook('onRequest', (request, reply, done) => {
    const buckets = (request.routeOptions.config as { rateLimit?: AddressBucket[] } | undefined)?.rateLimit;
    if (!buckets?.length) return done();
    countOrRefuse(request, reply, buckets).then(() => {
      if (!reply.sent) done();
    }, done);
  });
}

/** The route's `:token` parameter (the router has read the path before the onRequest hooks run). */
function tokenOf(request: FastifyRequest): string {
  const { token } = (request.params ?? {}) as { token?: unknown };
  return typeof token === 'string' ? token : '';
}

/**
 * Whose budget a sign-in request spends: the e-mail's at login; at verify and resend the login attempt's, named by
 * its challenge, else the admin id's from this client address. An admin id alone is no secret (anyone may have
 * learnt it), so calls made with it spend only their own address's budget, never that of the challenge's holder.
 */
function accountOf(request: { body?: unknown; ip?: string }): string {
  const { email, adminId, challenge } = (request.body ?? {}) as { email?: unknown; adminId?: unknown; challenge?: unknown };
  if (typeof email === 'string') return `email:${email.trim().toLowerCase()}`;
  // Ids and challenges are UUIDs, which compare without case: every spelling of one shares one count.
  if (typeof challenge === 'string' && challenge.trim() !== '') return `challenge:${challenge.trim().toLowerCase()}`;
  if (typeof adminId === 'string') return `admin:${adminId.trim().toLowerCase()}@${addressKey(request.ip ?? '')}`;
  return 'account:unknown';
}

/** Counted per admin, by a service once the admin is known: picture uploads (each decoded and encoded up to 15 times). */
export type AdminBucket = 'media-uploads';

/**
 * The per-admin counts, in the same storage as the other limits (Redis when instances share it): a 429 with
 * Retry-After once an admin is over their bucket's limit.
 */
@Injectable()
export class AdminRateLimits {
  private readonly limits: Record<AdminBucket, { ttlMs: number; limit: number; message: string }>;

  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limits = { 'media-uploads': { ttlMs: HOUR_MS, limit: config.limits.mediaUploadsPerHour, message: MESSAGES.mediaUploadsRateLimited } };
  }

  /** Counts one request of `adminId` in `bucket`, or refuses it when the admin is over the limit. */
  async spend(bucket: AdminBucket, adminId: string): Promise<void> {
    const { ttlMs, limit, message } = this.limits[bucket];
    const record = await this.storage.increment(`${bucket}:admin:${adminId}`, ttlMs, limit, ttlMs, bucket);
    if (record.isBlocked) throw DomainError.rateLimited(message, record.timeToBlockExpire);
  }
}

/** The per-account count of the sign-in steps (the per-address counts run earlier, in the onRequest hook). */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const buckets = this.reflector.getAllAndOverride<RateLimitBucket[] | undefined>(RATE_LIMIT_BUCKETS, [props.context.getHandler(), props.context.getClass()]);
    const name = props.throttler.name as RateLimitBucket;
    if (!buckets?.includes(name)) return true;
    return super.handleRequest({ ...props, getTracker: async (req) => accountOf(req) });
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw DomainError.rateLimited(MESSAGES.rateLimited, detail.timeToBlockExpire);
  }
}
