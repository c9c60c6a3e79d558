import { MESSAGES, SSO_MESSAGES, SSO_REQUEST_TTL_SECONDS, SSO_TICKET_TTL_SECONDS, type SsoSession, type SsoSettings } from '@brightwave/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { AdminsRepository } from '../accounts/admins.repository';
import { PasswordHasher } from '../accounts/password-hasher';
import { AuditLog } from '../audit/audit-log';
import { toAdminDetails } from '../auth/admin.mapper';
import { Clock } from '../auth/clock';
import { SessionTokensService } from '../auth/session-tokens.service';
import { SignInAttemptsRepository } from '../auth/sign-in-attempts.repository';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, type AppConfig, type SsoProviderConfig } from '../config/app-config';
import type { AdminRow } from '../database/schema';
import { SignInRequirement } from '../sign-in-policy/sign-in-requirement';
import { OidcClient, ProviderUnreachable } from './oidc-client';
import { domainOf, emailOf, mappedRole, nameOf, roleClaimValues, type Claims } from './sso-claims';
import { SsoRefusal } from './sso-refusal';
import { SsoRepository } from './sso.repository';

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');
const randomValue = () => randomBytes(32).toString('base64url');
const inSeconds = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/** Where a step of single sign-on comes from: for the session's list and the known addresses. */
export interface SsoContext {
  address: string;
  userAgent?: string;
}

/** Why a sign-in at the provider was refused, as audited (`auth.sign_in_failed`, step `sso`). */
type RefusalReason = 'email-not-verified' | 'domain-not-allowed' | 'no-account' | 'no-role' | 'disabled';

/**
 * Single sign-on with the company's OpenID Connect provider (decision 093). Starting keeps the state (by its hash),
 * nonce and PKCE verifier in the database, bound to the browser by a cookie's hash; the callback takes them once,
 * lets the library check the answer and the ID token, then finds the active admin of the verified e-mail (or makes
 * one, with the role the claim maps to, when OIDC_AUTO_CREATE is on) and hands the admin app a one-time ticket,
 * which the exchange turns into the session: no session token is ever in an address.
 */
@Injectable()
export class SsoService {
  private readonly logger = new Logger(SsoService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly oidc: OidcClient,
    private readonly repository: SsoRepository,
    private readonly admins: AdminsRepository,
    private readonly passwords: PasswordHasher,
    private readonly attempts: SignInAttemptsRepository,
    private readonly tokens: SessionTokensService,
    private readonly requirement: SignInRequirement,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /** What the login page shows: the provider's button, and who may still use a password. */
  settings(): SsoSettings {
    const provider = this.config.sso.provider;
    return { sso: provider ? { name: provider.name } : null, passwordSignIn: this.config.sso.passwordSignIn };
  }

  /**
   * Starts a sign-in at the provider: where to send the browser, and the random value of the cookie that binds the
   * sign-in to it. 503 when the provider cannot be reached (its discovery failed).
   */
  async start(): Promise<{ location: string; browserValue: string }> {
    const provider = this.configured();
    const request = await this.reachable(provider, () => this.oidc.authorizationRequest(provider));
    const browserValue = randomValue();
    const now = this.clock.now();
    await this.repository.addRequest(
      {
        stateHash: hashOf(request.state),
        nonce: request.nonce,
        codeVerifier: request.codeVerifier,
        browserHash: hashOf(browserValue),
        createdAt: now,
        expiresAt: inSeconds(now, SSO_REQUEST_TTL_SECONDS),
      },
      now,
    );
    return { location: request.url, browserValue };
  }

  /**
   * The provider's answer (`query`, the callback's query string as sent): answers where to send the browser, the admin
   * app's /admin/sso with a one-time ticket. Every refusal is an SsoRefusal saying why in one sentence.
   */
  async callback(query: string, browserValue: string | undefined): Promise<string> {
    const provider = this.configured();
    const parameters = new URLSearchParams(query);
    const state = parameters.get('state');
    const request = state && browserValue ? await this.repository.takeRequest(hashOf(state), hashOf(browserValue), this.clock.now()) : undefined;
    if (!state || !request) throw new SsoRefusal(400, SSO_MESSAGES.requestExpired);
    if (parameters.has('error')) {
      this.logger.warn(`The single sign-on provider refused a sign-in: ${parameters.get('error')} ${parameters.get('error_description') ?? ''}`);
      throw new SsoRefusal(403, SSO_MESSAGES.providerRefused(provider.name));
    }

    const wanted = ['email', 'email_verified', ...(provider.autoCreate ? [provider.roleClaim] : [])];
    const claims = await this.reachable(provider, async () => {
      try {
        return await this.oidc.claimsOfAnswer(
          provider,
          new URL(`${provider.redirectUri}?${query}`),
          { state, nonce: request.nonce, codeVerifier: request.codeVerifier },
          wanted,
        );
      } catch (error) {
        if (error instanceof ProviderUnreachable) throw error;
        // The library says which check failed (state, code already used, nonce, signature, issuer, audience, expiry).
        this.logger.warn(`A single sign-on answer was refused: ${(error as Error).message}`);
        throw new SsoRefusal(400, SSO_MESSAGES.answerInvalid(provider.name));
      }
    });
    const admin = await this.adminFor(provider, claims);
    const ticket = randomValue();
    const now = this.clock.now();
    await this.repository.addTicket(hashOf(ticket), admin.id, inSeconds(now, SSO_TICKET_TTL_SECONDS), now);
    return `/admin/sso?ticket=${ticket}`;
  }

  /**
   * The ticket of a finished sign-in exchanged for the session: the code step's answer, recorded like any sign-in (last
   * sign-in, known address) and audited `auth.sign_in` with `with: 'sso'`. Each ticket once, within a minute.
   */
  async exchange(ticket: string, context: SsoContext): Promise<SsoSession> {
    const now = this.clock.now();
    const adminId = await this.repository.takeTicket(hashOf(ticket), now);
    const admin = adminId ? await this.admins.findById(adminId) : undefined;
    if (!admin) throw DomainError.invalid(SSO_MESSAGES.ticketExpired, { ticket: SSO_MESSAGES.ticketExpired });
    // Disabled in the minute between the callback and the exchange: no session.
    if (admin.disabledAt) throw DomainError.forbidden(MESSAGES.accountDisabled);
    await this.admins.markSignedIn(admin.id, now);
    await this.attempts.record({ step: 'sso', adminId: admin.id, address: context.address, succeeded: true });
    const token = await this.tokens.issue(admin.id, { address: context.address, userAgent: context.userAgent });
    // The sign-in policy holds as for any sign-in: an admin who must set up a strong factor is sent to (decision 093).
    const mustEnrol = await this.requirement.mustEnrol(admin.id);
    await this.audit.record(
      'auth.sign_in',
      { kind: 'admin', id: admin.id },
      { with: 'sso', ...(mustEnrol ? { mustEnrol: true } : {}) },
      { admin: { id: admin.id, email: admin.email } },
    );
    return { token, admin: toAdminDetails(admin), ...(mustEnrol ? { mustEnrol: true as const } : {}) };
  }

  /** The active admin the provider's claims name, made when OIDC_AUTO_CREATE allows; a refusal otherwise. */
  private async adminFor(provider: SsoProviderConfig, claims: Claims): Promise<AdminRow> {
    const vouched = emailOf(claims);
    if (!vouched) throw new SsoRefusal(400, SSO_MESSAGES.noEmail(provider.name));
    const { email } = vouched;
    if (!vouched.verified) throw await this.refused('email-not-verified', email, new SsoRefusal(403, SSO_MESSAGES.emailNotVerified(provider.name)));
    const domain = domainOf(email);
    if (!provider.allowedDomains.includes(domain)) {
      throw await this.refused('domain-not-allowed', email, new SsoRefusal(403, SSO_MESSAGES.domainNotAllowed(domain)));
    }
    const admin = await this.admins.findByEmail(email);
    if (admin?.disabledAt) throw await this.refused('disabled', email, new SsoRefusal(403, MESSAGES.accountDisabled), admin.id);
    if (admin) return admin;
    if (!provider.autoCreate) throw await this.refused('no-account', email, new SsoRefusal(403, SSO_MESSAGES.noAccount));
    const role = mappedRole(roleClaimValues(claims, provider.roleClaim), provider.roleMap);
    if (!role) throw await this.refused('no-role', email, new SsoRefusal(403, SSO_MESSAGES.noRole(provider.name)));
    return this.created(email, nameOf(claims, email), role);
  }

  /**
   * A new admin of the provider's sign-in. Its password hash is of a random secret thrown away at once: no password
   * signs it in, and the password step answers it as any wrong password (`npm run admin -- reset-password` can give one).
   */
  private async created(email: string, name: string, role: AdminRow['role']): Promise<AdminRow> {
    const row = await this.admins.insertIfAbsent({ email, name, role, passwordHash: await this.passwords.hash(randomValue()) });
    // Made by another instance's sign-in at the same moment: that one is audited.
    if (!row) {
      const existing = await this.admins.findByEmail(email);
      if (!existing) throw new Error(`The admin of ${email} was neither made nor found`);
      return existing;
    }
    await this.audit.record('admin.created', { kind: 'admin', id: row.id }, { email, role, by: 'sso' }, { admin: null });
    return row;
  }

  private async refused(reason: RefusalReason, email: string, refusal: SsoRefusal, adminId: string | null = null): Promise<SsoRefusal> {
    await this.audit.record('auth.sign_in_failed', null, { step: 'sso', reason }, { admin: { id: adminId, email } });
    return refusal;
  }

  private configured(): SsoProviderConfig {
    const provider = this.config.sso.provider;
    if (!provider) throw new SsoRefusal(404, SSO_MESSAGES.notConfigured);
    return provider;
  }

  /** `step`, with a provider that cannot be reached answered as the 503 refusal. */
  private async reachable<T>(provider: SsoProviderConfig, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof ProviderUnreachable) throw new SsoRefusal(503, SSO_MESSAGES.providerUnreachable(provider.name));
      throw error;
    }
  }
}
