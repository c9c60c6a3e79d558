import {
  AUTHENTICATOR_CODE_PATTERN,
  AUTHENTICATOR_MESSAGES,
  CODE_FAILURES_PER_ADDRESS,
  CODE_FAILURES_PER_ADMIN,
  MESSAGES,
  type AuthenticatorSetup,
  type AuthenticatorStatus,
  type SignInFactor,
} from '@brightwave/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AdminsRepository } from '../accounts/admins.repository';
import { normalizeEmail } from '../accounts/admins.service';
import { AuditLog } from '../audit/audit-log';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { Clock } from '../auth/clock';
import { failureWindowStart, lockedOut, PasswordCheck } from '../auth/password-check';
import { SignInAttemptsRepository } from '../auth/sign-in-attempts.repository';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AdminRow } from '../database/schema';
import { companyNameOf } from '../deliveries/delivery-worker';
import { authenticatorNoticeMail, type AuthenticatorNotice } from '../mail/authenticator-notice.mail';
import { MailService } from '../mail/mail.service';
import { SignInRequirement } from '../sign-in-policy/sign-in-requirement';
import { openSecret, sealSecret, UnreadableSecret, type SecretUse } from '../webhooks/webhook-secret-box';
import { AuthenticatorRepository } from './authenticator.repository';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { newTotpSecret, qrSvg, stepOfCode, totpUri } from './totp';

export const AUTHENTICATOR_SECRET_USE: SecretUse = 'authenticator secret';

/** The admin whose second step is being checked: who they are for the audit log and the mail. */
type SigningInAdmin = Pick<AdminRow, 'id' | 'email' | 'name'>;

/**
 * An admin's authenticator app (TOTP) and recovery codes: set up with the password, confirmed with a code, removed and
 * its recovery codes replaced with the password and a code; and, at sign-in, which factors the second step takes and
 * whether a code or recovery code is right. Every code is accepted once. Turning the app on or off, new recovery codes
 * and each use of a recovery code are audited and mailed to the admin.
 */
@Injectable()
export class AuthenticatorService {
  private readonly logger = new Logger(AuthenticatorService.name);
  private readonly issuer: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: AuthenticatorRepository,
    private readonly admins: AdminsRepository,
    private readonly passwordCheck: PasswordCheck,
    private readonly attempts: SignInAttemptsRepository,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly mail: MailService,
    private readonly requirement: SignInRequirement,
  ) {
    this.issuer = companyNameOf(config.mail.from);
  }

  /**
   * What the sign-in's second step takes for the admin: the one place that decides it. An admin with a confirmed app
   * answers with it or a recovery code, and the weaker mailed code does not stand in for them (decision 085); every
   * other admin gets the mailed code, as in the spec, unless the sign-in policy no longer lets it sign them in (their
   * role must use a strong factor: they have a passkey to sign in with, or their grace period is over; decision 090):
   * then nothing (SignInRequirement.mailedCodeRefusal says why).
   */
  async factorsOf(adminId: string): Promise<SignInFactor[]> {
    if (await this.repository.isConfirmed(adminId)) return ['authenticator', 'recovery-code'];
    return (await this.requirement.mailedCodeRefusal(adminId)) === undefined ? ['email-code'] : [];
  }

  async status(admin: AuthenticatedAdmin): Promise<AuthenticatorStatus> {
    const row = await this.repository.findOf(admin.id);
    const enabledAt = row?.confirmedAt ?? null;
    return {
      enabled: enabledAt !== null,
      enabledAt: enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabledAt === null ? 0 : await this.repository.unusedRecoveryCodes(admin.id),
    };
  }

  /**
   * A new secret, pending until confirmed; it replaces an earlier pending one. Refused while an app is on. Asks for the
   * password: only the answer to someone who gave it holds the secret, so its confirmation needs nothing more.
   */
  async setUp(admin: AuthenticatedAdmin, password: string, address: string): Promise<AuthenticatorSetup> {
    if (await this.repository.isConfirmed(admin.id)) throw DomainError.conflict(AUTHENTICATOR_MESSAGES.alreadyEnabled);
    await this.passwordCheck.reauthenticate(admin, password, address, 'authenticator-setup');
    const secret = newTotpSecret();
    const row = await this.repository.startPending(admin.id, sealSecret(this.keys[0], secret, AUTHENTICATOR_SECRET_USE), this.clock.now());
    if (!row) throw DomainError.conflict(AUTHENTICATOR_MESSAGES.alreadyEnabled);
    const otpauthUrl = totpUri(this.issuer, admin.email, secret);
    return { secret, otpauthUrl, qrSvg: await qrSvg(otpauthUrl) };
  }

  /**
   * Turns the pending app on with a code of it; answers the new recovery codes, shown this once (only their hashes are
   * kept). The code's step counts as used: it cannot sign in afterwards.
   */
  async confirm(admin: AuthenticatedAdmin, code: string): Promise<string[]> {
    const row = await this.repository.findOf(admin.id);
    if (row?.confirmedAt) throw DomainError.conflict(AUTHENTICATOR_MESSAGES.alreadyEnabled);
    if (!row) throw DomainError.conflict(AUTHENTICATOR_MESSAGES.nothingPending);
    const secret = this.open(row.secret);
    // Unreadable (DATA_KEY or JWT_SECRET changed since it was set up): a new setup makes a new one.
    if (secret === undefined) throw DomainError.conflict(AUTHENTICATOR_MESSAGES.nothingPending);
    const now = this.clock.now();
    const step = stepOfCode(secret, code, now, null);
    if (step === undefined) throw DomainError.invalid(AUTHENTICATOR_MESSAGES.codeWrong, { code: AUTHENTICATOR_MESSAGES.codeWrong });
    const { codes, hashes } = this.recoveryCodesWithHashes(admin.id);
    // Set up again (another tab) or confirmed meanwhile: this code was for a secret that is no longer pending.
    if (!(await this.repository.confirm(admin.id, row.secret, step, hashes, now))) throw DomainError.conflict(AUTHENTICATOR_MESSAGES.nothingPending);
    await this.audit.record('account.authenticator_added', { kind: 'admin', id: admin.id }, { recoveryCodes: codes.length });
    await this.notify(admin, { kind: 'added' });
    return codes;
  }

  /** Turns the app off, with the password and a current code of the app or an unused recovery code. */
  async remove(admin: AuthenticatedAdmin, password: string, code: string, address: string): Promise<void> {
    if (!(await this.repository.isConfirmed(admin.id))) throw DomainError.conflict(AUTHENTICATOR_MESSAGES.notEnabled);
    await this.passwordCheck.reauthenticate(admin, password, address, 'authenticator-removal');
    const usedWith = await this.takeAppOrRecoveryCode(admin, code, address);
    // Removed by a parallel request meanwhile: that one audited and mailed it.
    if (!(await this.repository.remove(admin.id))) throw DomainError.conflict(AUTHENTICATOR_MESSAGES.notEnabled);
    await this.audit.record('account.authenticator_removed', { kind: 'admin', id: admin.id }, { with: usedWith });
    await this.notify(admin, { kind: 'removed' });
  }

  /**
   * RECOVERY_CODE_COUNT new recovery codes in place of all the admin's codes, used or not (the old ones stop working at
   * once), with the password and a current code of the app or an unused recovery code: new codes are a way past the
   * code step, so they take what turning the app off takes. Shown this once, like the first ones.
   */
  async replaceRecoveryCodes(admin: AuthenticatedAdmin, password: string, code: string, address: string): Promise<string[]> {
    if (!(await this.repository.isConfirmed(admin.id))) throw DomainError.conflict(AUTHENTICATOR_MESSAGES.notEnabled);
    await this.passwordCheck.reauthenticate(admin, password, address, 'recovery-codes');
    const usedWith = await this.takeAppOrRecoveryCode(admin, code, address);
    const { codes, hashes } = this.recoveryCodesWithHashes(admin.id);
    // Turned off by a parallel request meanwhile: there is nothing to replace.
    if (!(await this.repository.replaceRecoveryCodes(admin.id, hashes, this.clock.now()))) throw DomainError.conflict(AUTHENTICATOR_MESSAGES.notEnabled);
    await this.audit.record('account.recovery_codes_replaced', { kind: 'admin', id: admin.id }, { recoveryCodes: codes.length, with: usedWith });
    await this.notify(admin, { kind: 'recovery-codes-replaced' });
    return codes;
  }

  /**
   * The command line's way back for an admin who lost both their app and their recovery codes (or whose secret no key
   * opens): removes the app, pending or not, and its codes. Answers whether there was one.
   */
  async removeByEmail(email: string): Promise<{ email: string; removed: boolean }> {
    const admin = await this.admins.findByEmail(normalizeEmail(email));
    if (!admin) throw DomainError.notFound(`No admin has the email ${email}; run "list" to see the admins`);
    return { email: admin.email, removed: await this.removeOf(admin) };
  }

  /**
   * Turns off the app of `admin` and their recovery codes with no code of theirs (the command line, an owner's reset of
   * their sign-in): audited as whoever does it, and mailed to them. False when they had none.
   */
  async removeOf(admin: { id: string; email: string; name: string }): Promise<boolean> {
    if (!(await this.repository.remove(admin.id, true))) return false;
    await this.audit.record('account.authenticator_removed', { kind: 'admin', id: admin.id }, { email: admin.email });
    await this.notify(admin, { kind: 'removed' });
    return true;
  }

  /** Sign-in: whether `code` is a current code of the admin's app not used before (it is then used). */
  acceptCode(admin: SigningInAdmin, code: string, now: Date): Promise<boolean> {
    return this.takeCode(admin.id, code, now);
  }

  /** Sign-in: whether `code` is an unused recovery code of the admin (it is then used, audited, and the admin mailed). */
  async acceptRecoveryCode(admin: SigningInAdmin, code: string, now: Date): Promise<boolean> {
    if (!(await this.takeRecoveryCode(admin.id, code, now))) return false;
    const codesLeft = await this.repository.unusedRecoveryCodes(admin.id);
    await this.audit.record('auth.recovery_code_used', { kind: 'admin', id: admin.id }, { codesLeft }, { admin: { id: admin.id, email: admin.email } });
    await this.notify(admin, { kind: 'recovery-code-used', codesLeft });
    return true;
  }

  /**
   * Takes a current code of the app or an unused recovery code (either is then used), and answers which it was; else
   * 400. Counted as the sign-in counts the codes sent with the admin id alone (decision 012): a stolen session that
   * knows the password cannot guess codes here faster than at the login, and over those limits it is refused with 429.
   */
  private async takeAppOrRecoveryCode(admin: AuthenticatedAdmin, code: string, address: string): Promise<SignInFactor> {
    const now = this.clock.now();
    const attempt = await this.attempts.reserveIdOnlyCodeAttempt({ adminId: admin.id, address }, failureWindowStart(now));
    if (attempt.fromAddress > CODE_FAILURES_PER_ADDRESS || attempt.ofAdmin > CODE_FAILURES_PER_ADMIN) {
      await this.attempts.deleteAttempt(attempt.id);
      throw lockedOut(MESSAGES.codeLocked);
    }
    const factor: SignInFactor = AUTHENTICATOR_CODE_PATTERN.test(code) ? 'authenticator' : 'recovery-code';
    const accepted = factor === 'authenticator' ? await this.takeCode(admin.id, code, now) : await this.takeRecoveryCode(admin.id, code, now);
    if (!accepted) {
      // The reserved attempt stays, as this failure.
      await this.audit.record('auth.code_failed', { kind: 'admin', id: admin.id }, { via: 'account' });
      throw DomainError.invalid(AUTHENTICATOR_MESSAGES.appOrRecoveryCodeWrong, { code: AUTHENTICATOR_MESSAGES.appOrRecoveryCodeWrong });
    }
    // A right code is no failure; nor is it a sign-in, which would make the address a known one.
    await this.attempts.deleteAttempt(attempt.id);
    return factor;
  }

  /** New recovery codes, as shown to the admin and as stored (hashed with the current key). */
  private recoveryCodesWithHashes(adminId: string): { codes: string[]; hashes: string[] } {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map((code) => hashRecoveryCode(this.recoveryKeys[0], adminId, code)) };
  }

  private async takeCode(adminId: string, code: string, now: Date): Promise<boolean> {
    const row = await this.repository.findOf(adminId);
    const secret = row?.confirmedAt ? this.open(row.secret) : undefined;
    if (!row || secret === undefined) return false;
    const step = stepOfCode(secret, code, now, row.lastUsedStep);
    // The step is taken atomically: of two requests with the same code, one passes.
    return step !== undefined && (await this.repository.takeStep(adminId, step));
  }

  private takeRecoveryCode(adminId: string, code: string, now: Date): Promise<boolean> {
    // Hashed with every key, so that codes made before DATA_KEY was set still work.
    const hashes = this.recoveryKeys.map((key) => hashRecoveryCode(key, adminId, code));
    return this.repository.useRecoveryCode(adminId, hashes, now);
  }

  /** The secret, or undefined when no key opens it (AuthenticatorSecretsAtRest tells the operator at start). */
  private open(sealed: string): string | undefined {
    try {
      return openSecret(this.keys, sealed, AUTHENTICATOR_SECRET_USE).secret;
    } catch (error) {
      if (!(error instanceof UnreadableSecret)) throw error;
      this.logger.error(`An authenticator secret cannot be decrypted: ${error.message}`);
      return undefined;
    }
  }

  private get keys() {
    return this.config.keys.authenticatorSecrets;
  }

  private get recoveryKeys() {
    return this.config.keys.recoveryCodeHash;
  }

  /** Tells the admin; a mail failure must not undo or refuse what is done. */
  private async notify(admin: { email: string; name: string }, notice: AuthenticatorNotice): Promise<void> {
    try {
      await this.mail.send(authenticatorNoticeMail(admin, notice));
    } catch (error) {
      this.logger.error(`The two-step sign-in notice (${notice.kind}) for ${admin.email} could not be sent: ${(error as Error).message}`);
    }
  }
}
