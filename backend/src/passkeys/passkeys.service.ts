import { MESSAGES, PASSKEY_CHALLENGE_TTL_SECONDS, PASSKEY_MESSAGES, type AdminDetails, type Passkey } from '@brightwave/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { createHash } from 'node:crypto';
import { AdminsRepository } from '../accounts/admins.repository';
import { normalizeEmail } from '../accounts/admins.service';
import { AuditLog } from '../audit/audit-log';
import { toAdminDetails } from '../auth/admin.mapper';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { Clock } from '../auth/clock';
import { PasswordCheck } from '../auth/password-check';
import { SessionTokensService } from '../auth/session-tokens.service';
import { SignInAttemptsRepository } from '../auth/sign-in-attempts.repository';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { PasskeyRow } from '../database/schema';
import { companyNameOf } from '../deliveries/delivery-worker';
import { authenticatorNoticeMail, type AuthenticatorNotice } from '../mail/authenticator-notice.mail';
import { MailService } from '../mail/mail.service';
import { PasskeysRepository, type PendingChallenge } from './passkeys.repository';

/** Where a passkey sign-in comes from: for the session's list and the known addresses. */
export interface PasskeySignInContext {
  address: string;
  userAgent?: string;
}

const hashOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/**
 * The challenge the browser's answer signed, read from its client data (base64url JSON), or undefined when the answer
 * has none: it names the pending challenge to take before the library checks the rest.
 */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | undefined {
  const clientData = response.response?.clientDataJSON;
  if (typeof clientData !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8'));
    const challenge = typeof parsed === 'object' && parsed !== null && 'challenge' in parsed ? parsed.challenge : undefined;
    return typeof challenge === 'string' && challenge !== '' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

function toPasskey(row: PasskeyRow): Passkey {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

/**
 * Passkeys (decision 089): WebAuthn credentials that sign an admin in alone (the device holds the key and checks who
 * holds the device: both factors). The relying party is PUBLIC_URL: its host name is the RP ID, its origin the only one
 * accepted. Every credential is discoverable and verifies its user. Each ceremony's challenge is kept in the database,
 * answers once and for PASSKEY_CHALLENGE_TTL_SECONDS, so any instance can check the answer. Adding one asks for the
 * password first (its options are given only then) and removing one too (decision 088); both are audited and mailed.
 */
@Injectable()
export class PasskeysService {
  private readonly logger = new Logger(PasskeysService.name);
  private readonly rpName: string;
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repository: PasskeysRepository,
    private readonly admins: AdminsRepository,
    private readonly passwordCheck: PasswordCheck,
    private readonly attempts: SignInAttemptsRepository,
    private readonly tokens: SessionTokensService,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly mail: MailService,
  ) {
    const publicUrl = new URL(config.server.publicUrl);
    this.rpName = companyNameOf(config.mail.from);
    this.rpId = publicUrl.hostname;
    this.origin = publicUrl.origin;
  }

  async list(admin: AuthenticatedAdmin): Promise<Passkey[]> {
    return (await this.repository.listOf(admin.id)).map(toPasskey);
  }

  /** The options of a new passkey, for the password: only someone who gave it gets a challenge to register with. */
  async registrationOptions(admin: AuthenticatedAdmin, password: string, address: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    await this.passwordCheck.reauthenticate(admin, password, address, 'passkey-registration');
    const existing = await this.repository.listOf(admin.id);
    const options = await generateRegistrationOptions({
      rpName: this.rpName,
      rpID: this.rpId,
      userName: admin.email,
      userDisplayName: admin.name,
      // The admin's id, so that a device keeps one passkey per admin of this site.
      userID: Buffer.from(admin.id),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    });
    await this.keepChallenge({ challengeHash: hashOf(options.challenge), purpose: 'registration', adminId: admin.id });
    return options;
  }

  /** Adds the passkey the browser made for the admin's pending registration options. */
  async register(admin: AuthenticatedAdmin, name: string, response: RegistrationResponseJSON): Promise<Passkey> {
    const challenge = await this.takeChallenge(response, 'registration', admin.id);
    const credential = await this.verified(async () => {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
      });
      return result.verified ? result.registrationInfo.credential : undefined;
    }, DomainError.invalid(PASSKEY_MESSAGES.notVerified));
    const row = await this.repository.add({
      adminId: admin.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      createdAt: this.clock.now(),
    });
    if (!row) throw DomainError.conflict(PASSKEY_MESSAGES.alreadyAdded);
    await this.audit.record('account.passkey_added', { kind: 'admin', id: admin.id }, { passkey: row.id, name });
    await this.notify(admin, { kind: 'passkey-added', name });
    return toPasskey(row);
  }

  /** Removes one of the admin's passkeys, with the password. */
  async remove(admin: AuthenticatedAdmin, id: string, password: string, address: string): Promise<void> {
    if (!isId(id)) throw DomainError.notFound(PASSKEY_MESSAGES.notFound);
    await this.passwordCheck.reauthenticate(admin, password, address, 'passkey-removal');
    const row = await this.repository.remove(admin.id, id.toLowerCase());
    if (!row) throw DomainError.notFound(PASSKEY_MESSAGES.notFound);
    await this.audit.record('account.passkey_removed', { kind: 'admin', id: admin.id }, { passkey: row.id, name: row.name });
    await this.notify(admin, { kind: 'passkey-removed', name: row.name });
  }

  /**
   * Removes every passkey of the admin of `email` (the command line, for one who lost the device that held them): each
   * audited and mailed as a removal is. They sign in with the password and a code again, and may add passkeys anew.
   */
  async removeAllByEmail(email: string): Promise<{ email: string; removed: string[] }> {
    const admin = await this.admins.findByEmail(normalizeEmail(email));
    if (!admin) throw DomainError.notFound(`No admin has the email ${email}; run "list" to see the admins`);
    return { email: admin.email, removed: await this.removeAllOf(admin) };
  }

  /** Removes every passkey of `admin` (the command line, an owner's reset): each audited as whoever does it, and mailed. Their names. */
  async removeAllOf(admin: { id: string; email: string; name: string }): Promise<string[]> {
    const rows = await this.repository.removeAllOf(admin.id);
    for (const row of rows) {
      await this.audit.record('account.passkey_removed', { kind: 'admin', id: admin.id }, { passkey: row.id, name: row.name, email: admin.email });
      await this.notify(admin, { kind: 'passkey-removed', name: row.name });
    }
    return rows.map((row) => row.name);
  }

  /** The options of a sign-in: no admin is named, the device offers its passkeys of this site (discoverable credentials). */
  async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    });
    await this.keepChallenge({ challengeHash: hashOf(options.challenge), purpose: 'sign-in', adminId: null });
    return options;
  }

  /**
   * Signs in with a passkey alone: the answer must sign a pending sign-in challenge, for this site's origin and RP ID,
   * with the user verified, and a signature counter that did not go backwards. Recorded as the code step's success is
   * (last sign-in, known address, audited `auth.sign_in` with `with: 'passkey'`). A disabled admin is refused, once
   * the passkey is proven, as at the password step.
   */
  async signIn(response: AuthenticationResponseJSON, context: PasskeySignInContext): Promise<{ token: string; admin: AdminDetails }> {
    const challenge = await this.takeChallenge(response, 'sign-in', null);
    const passkey = typeof response.id === 'string' ? await this.repository.findByCredentialId(response.id) : undefined;
    const admin = passkey ? await this.admins.findById(passkey.adminId) : undefined;
    if (!passkey || !admin) throw DomainError.unauthorized(PASSKEY_MESSAGES.unknownPasskey);
    const refused = DomainError.unauthorized(PASSKEY_MESSAGES.notVerified);
    const newCounter = await this.verified(async () => {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      });
      return result.verified ? result.authenticationInfo.newCounter : undefined;
    }, refused);
    const who = { admin: { id: admin.id, email: admin.email } };
    if (admin.disabledAt) {
      await this.audit.record('auth.sign_in_failed', null, { step: 'passkey', reason: 'disabled' }, who);
      throw DomainError.forbidden(MESSAGES.accountDisabled);
    }
    const now = this.clock.now();
    // Compared with the counter checked: of two sign-ins with one signature, one passes.
    if (!(await this.repository.markUsed(passkey.id, passkey.counter, newCounter, now))) throw refused;
    await this.admins.markSignedIn(admin.id, now);
    await this.attempts.record({ step: 'passkey', adminId: admin.id, address: context.address, succeeded: true });
    const token = await this.tokens.issue(admin.id, { address: context.address, userAgent: context.userAgent });
    await this.audit.record('auth.sign_in', { kind: 'admin', id: admin.id }, { with: 'passkey', passkey: passkey.id }, who);
    return { token, admin: toAdminDetails(admin) };
  }

  private async keepChallenge(challenge: PendingChallenge): Promise<void> {
    const now = this.clock.now();
    await this.repository.addChallenge(challenge, new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000), now);
  }

  /** The challenge the answer signed, taken (it answers once); 400 when it is not pending for this purpose and admin. */
  private async takeChallenge(response: object, purpose: PendingChallenge['purpose'], adminId: string | null): Promise<string> {
    const challenge = challengeOf(response);
    const taken = challenge !== undefined && (await this.repository.takeChallenge({ challengeHash: hashOf(challenge), purpose, adminId }, this.clock.now()));
    if (!taken) throw DomainError.invalid(PASSKEY_MESSAGES.challengeExpired);
    return challenge;
  }

  /**
   * What the library's check answers when it verifies; `refused` when it does not or when it throws (its errors say
   * which rule the answer broke: wrong origin, RP ID, challenge, signature, counter, a malformed answer).
   */
  private async verified<T>(check: () => Promise<T | undefined>, refused: DomainError): Promise<T> {
    let result: T | undefined;
    try {
      result = await check();
    } catch (error) {
      this.logger.warn(`A passkey answer was refused: ${(error as Error).message}`);
      throw refused;
    }
    if (result === undefined) throw refused;
    return result;
  }

  /** Tells the admin; a mail failure must not undo or refuse what is done. */
  private async notify(admin: { email: string; name: string }, notice: AuthenticatorNotice): Promise<void> {
    try {
      await this.mail.send(authenticatorNoticeMail(admin, notice));
    } catch (error) {
      this.logger.error(`The passkey notice (${notice.kind}) for ${admin.email} could not be sent: ${(error as Error).message}`);
    }
  }
}
