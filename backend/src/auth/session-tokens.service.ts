import { SESSION_TTL_SECONDS } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { isId } from '../common/ids';
import type { SessionRow } from '../database/schema';
import { toAdminDetails } from './admin.mapper';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { Clock } from './clock';
import { LoginChallengesRepository } from './login-challenges.repository';
import { SessionsRepository } from './sessions.repository';

interface SessionClaims {
  sub: string;
  sid: string;
}

/** Where a request comes from: kept with a session for the admin's own list of sessions. */
export interface SessionClient {
  address?: string;
  userAgent?: string;
}

/** A session's last use is written at most this often (not one write per request). */
const LAST_USED_RESOLUTION_MS = 60_000;
const USER_AGENT_MAX_LENGTH = 300;

// Three base64url parts; anything else is refused before the JWT library sees it.
const BEARER_PATTERN = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/;

/**
 * Admin sessions: a server-side row (so logout can revoke it) named by the `sid` claim of an HS256 JWT. Also what the
 * accounts screens and the CLI do to sessions: an admin's own list, and signing an admin out.
 */
@Injectable()
export class SessionTokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionsRepository,
    private readonly challenges: LoginChallengesRepository,
    private readonly clock: Clock,
  ) {}

  async issue(adminId: string, client: SessionClient = {}): Promise<string> {
    const now = this.clock.now();
    await this.sessions.deleteDeadOf(adminId, now);
    const session = await this.sessions.insert({
      adminId,
      expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
      lastUsedAt: now,
      address: client.address ?? null,
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    });
    const claims: SessionClaims = { sub: adminId, sid: session.id };
    return this.jwt.signAsync(claims);
  }

  /**
   * The admin of a valid `Authorization: Bearer` header, or undefined for anything else (also a disabled admin:
   * disabling revokes the sessions, and this check holds even for a token issued in between).
   */
  async authenticate(authorization: string | undefined): Promise<AuthenticatedAdmin | undefined> {
    const token = authorization?.match(BEARER_PATTERN)?.[1];
    if (!token) return undefined;
    let claims: Partial<SessionClaims>;
    try {
      // The module pins verification to HS256 with our secret: `none`, other algorithms, forged and expired fail.
      claims = await this.jwt.verifyAsync<Partial<SessionClaims>>(token);
    } catch {
      return undefined;
    }
    if (typeof claims.sid !== 'string' || !isId(claims.sid) || typeof claims.sub !== 'string') return undefined;
    const found = await this.sessions.findActive(claims.sid, this.clock.now());
    if (!found || found.admin.id !== claims.sub || found.admin.disabledAt) return undefined;
    const now = this.clock.now();
    if (!found.session.lastUsedAt || now.getTime() - found.session.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await this.sessions.touch(found.session.id, now);
    }
    return { ...toAdminDetails(found.admin), role: found.admin.role, sessionId: found.session.id };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId, this.clock.now());
  }

  /** The admin's sessions that can still be used, newest first. */
  listActiveOf(adminId: string): Promise<SessionRow[]> {
    return this.sessions.listActiveOf(adminId, this.clock.now());
  }

  /** Revokes one of the admin's own sessions; answers whether it was theirs and still active. */
  revokeOwn(adminId: string, sessionId: string): Promise<boolean> {
    return this.sessions.revokeOwn(adminId, sessionId, this.clock.now());
  }

  /** Every session of the admin but `keepId` (a password change keeps the session that made it). */
  async revokeOthersOf(adminId: string, keepId: string): Promise<void> {
    await this.sessions.revokeOthersOf(adminId, keepId, this.clock.now());
  }

  /** Signs the admin out everywhere: every session revoked and every pending login code voided. */
  async signOutEverywhere(adminId: string, now = this.clock.now()): Promise<void> {
    await this.sessions.revokeAllOf(adminId, now);
    await this.challenges.deleteAllOf(adminId);
  }
}
