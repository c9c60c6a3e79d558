import {
  AUTHENTICATOR_MESSAGES,
  DAY_MS,
  KNOWN_ADDRESS_DAYS,
  MESSAGES,
  SIGN_IN_FAILURE_WINDOW_SECONDS,
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_ADDRESS,
} from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AdminsRepository } from '../accounts/admins.repository';
import { PasswordHasher } from '../accounts/password-hasher';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import type { AdminRow } from '../database/schema';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { Clock } from './clock';
import { SignInAlerts } from './sign-in-alerts';
import { SignInAttemptsRepository } from './sign-in-attempts.repository';

/** The start of the window in which failed sign-in steps count (SIGN_IN_FAILURE_WINDOW_SECONDS before `now`). */
export const failureWindowStart = (now: Date) => new Date(now.getTime() - SIGN_IN_FAILURE_WINDOW_SECONDS * 1000);

/** The 429 of a lockout, with Retry-After the length of the window. */
export const lockedOut = (message: string) => DomainError.rateLimited(message, SIGN_IN_FAILURE_WINDOW_SECONDS);

/**
 * What a wrong password is audited as (`auth.sign_in_failed`): the login step's, or the password a signed-in admin is
 * asked again before a change to their sign-in (`for`, decision 088).
 */
export type PasswordCheckDetails = { step: 'password' } | { step: 'password'; for: ReauthenticatedChange };
/** The changes to an admin's sign-in that ask for their password again (decision 088). */
export type ReauthenticatedChange =
  'authenticator-setup' | 'authenticator-removal' | 'recovery-codes' | 'passkey-registration' | 'passkey-removal' | 'password-change' | 'sign-in-reset';

/**
 * An admin's password checked under the sign-in's lockout (decision 012): at the login step, and when it is asked again
 * before a change to one's sign-in (decision 088), so a stolen session cannot guess it faster than a stranger at the
 * login. Only wrong passwords count: 10 for the e-mail from one address lock that address out of it for 15 minutes;
 * past 100 from everywhere only addresses the admin completed a sign-in from before may try, and the admin is mailed.
 */
@Injectable()
export class PasswordCheck {
  constructor(
    private readonly attempts: SignInAttemptsRepository,
    private readonly admins: AdminsRepository,
    private readonly passwords: PasswordHasher,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly alerts: SignInAlerts,
  ) {}

  /**
   * Whether `password` is the password of `admin`, the account of `email` (none: an unknown e-mail, which takes as long
   * and is counted the same). Refused with 429 while the address or the account is locked out, right password or not.
   * Each check is recorded; a wrong one is audited.
   */
  async verify(email: string, admin: AdminRow | undefined, password: string, address: string, details: PasswordCheckDetails): Promise<boolean> {
    const now = this.clock.now();
    const failures = await this.attempts.passwordFailuresSince(email, address, failureWindowStart(now));
    if (failures.fromAddress >= SIGN_IN_FAILURES_PER_ADDRESS) throw lockedOut(MESSAGES.signInLocked);
    if (failures.total >= SIGN_IN_FAILURES_PER_ACCOUNT && !(admin && (await this.isKnownAddress(admin.id, address, now)))) {
      throw lockedOut(MESSAGES.signInLocked);
    }

    const valid = admin ? await this.passwords.verify(admin.passwordHash, password) : await this.passwords.verifyNothing(password);
    await this.attempts.record({ step: 'password', email, adminId: admin?.id, address, succeeded: valid });
    if (valid) return true;
    await this.audit.record('auth.sign_in_failed', null, details, { admin: { id: admin?.id ?? null, email } });
    if (admin && failures.total + 1 === SIGN_IN_FAILURES_PER_ACCOUNT) await this.alerts.send(admin, 'password-failures');
    return false;
  }

  /**
   * The password asked again of a signed-in admin before `change` to their sign-in (decision 088), under the sign-in's
   * lockout: a stolen session alone is not enough to change how one signs in. A wrong one is refused with 400.
   */
  async reauthenticate(admin: AuthenticatedAdmin, password: string, address: string, change: ReauthenticatedChange): Promise<void> {
    const account = await this.admins.findById(admin.id);
    if (!(await this.verify(admin.email, account, password, address, { step: 'password', for: change }))) {
      throw DomainError.invalid(AUTHENTICATOR_MESSAGES.passwordWrong, { password: AUTHENTICATOR_MESSAGES.passwordWrong });
    }
  }

  /** Whether the admin completed a sign-in from this address in the last KNOWN_ADDRESS_DAYS. */
  private isKnownAddress(adminId: string, address: string, now: Date): Promise<boolean> {
    return this.attempts.isKnownAddress(adminId, address, new Date(now.getTime() - KNOWN_ADDRESS_DAYS * DAY_MS));
  }
}
