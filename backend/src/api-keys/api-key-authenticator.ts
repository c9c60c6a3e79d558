import { createHash } from 'node:crypto';
import {
  API_KEY_LAST_USED_RESOLUTION_MS,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  apiKeyScopeFor,
  MESSAGES,
  roleAllowsScope,
  type AdminArea,
} from '@brightwave/common';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toAdminDetails } from '../auth/admin.mapper';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { Clock } from '../auth/clock';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ApiKeysRepository } from './api-keys.repository';

const MINUTE_MS = 60_000;
const API_KEY_BEARER = `Bearer ${API_KEY_PREFIX}`;
// Far longer than any key this server makes: a longer one is not looked up.
const API_KEY_MAX_LENGTH = 200;

/** SHA-256 of a key, hex: what is stored and looked up. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * The admin a request made with an API key acts as (decision 092): the key's creator, marked as acting through the key.
 * Refuses a key that is unknown, revoked, expired or whose creator is disabled (401); a route no key may use, a scope
 * the key lacks or one its creator's role no longer allows (403); a key over its rate limit (429, Retry-After).
 */
@Injectable()
export class ApiKeyAuthenticator {
  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly clock: Clock,
    // Absent only in the command line's context (it imports the sessions, serves no request and has no rate limits).
    @Optional() @InjectThrottlerStorage() private readonly storage: ThrottlerStorage | undefined,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether the request's Authorization names an API key (a session token never starts with the prefix). */
  static names(authorization: string | undefined): authorization is string {
    return authorization?.startsWith(API_KEY_BEARER) === true;
  }

  async authenticate(request: FastifyRequest, reply: FastifyReply, area: AdminArea | undefined): Promise<AuthenticatedAdmin> {
    const key = (request.headers.authorization ?? '').slice('Bearer '.length);
    const refuse = (message: string): never => {
      reply.header('WWW-Authenticate', 'Bearer');
      throw DomainError.unauthorized(message);
    };
    const found = key.length <= API_KEY_MAX_LENGTH ? await this.repository.findByHash(hashApiKey(key)) : undefined;
    if (!found) return refuse(API_KEY_MESSAGES.invalid);
    const now = this.clock.now();
    if (found.key.revokedAt) return refuse(API_KEY_MESSAGES.revokedKey);
    if (found.key.expiresAt && found.key.expiresAt <= now) return refuse(API_KEY_MESSAGES.expired);
    if (found.admin.disabledAt) return refuse(API_KEY_MESSAGES.creatorDisabled);

    // Counted once the key is known to be live, refused requests included: one key cannot spend another's budget.
    if (!this.storage) throw new Error('API keys need the rate limits’ storage (ThrottlerModule)');
    const record = await this.storage.increment(`api-key:${found.key.id}`, MINUTE_MS, this.config.limits.apiKeyPerMinute, MINUTE_MS, 'api-key');
    if (record.isBlocked) throw DomainError.rateLimited(API_KEY_MESSAGES.rateLimited, record.timeToBlockExpire);

    if (!area) throw DomainError.forbidden(MESSAGES.notAllowed);
    const scope = apiKeyScopeFor(area, request.method, request.routeOptions.url ?? request.url);
    if (scope === null) throw DomainError.forbidden(API_KEY_MESSAGES.notForKeys);
    if (!(found.key.scopes as string[]).includes(scope)) throw DomainError.forbidden(API_KEY_MESSAGES.missingScope(scope));
    // A creator moved to a role below any of the key's scopes: the key stops working until they are given it back.
    const beyondRole = found.key.scopes.find((keyScope) => !roleAllowsScope(found.admin.role, keyScope));
    if (beyondRole) throw DomainError.forbidden(API_KEY_MESSAGES.creatorRoleBelow(beyondRole));

    if (!found.key.lastUsedAt || now.getTime() - found.key.lastUsedAt.getTime() > API_KEY_LAST_USED_RESOLUTION_MS) {
      await this.repository.touch(found.key.id, now, new Date(now.getTime() - API_KEY_LAST_USED_RESOLUTION_MS));
    }
    return {
      ...toAdminDetails(found.admin),
      role: found.admin.role,
      sessionId: `api-key:${found.key.id}`,
      apiKey: { id: found.key.id, name: found.key.name },
    };
  }
}
