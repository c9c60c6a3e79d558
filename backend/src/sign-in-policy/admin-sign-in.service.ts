import { ADMIN_SIGN_IN_MESSAGES, hasStrongFactor, MESSAGES } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AdminsRepository } from '../accounts/admins.repository';
import { AuditLog } from '../audit/audit-log';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { Clock } from '../auth/clock';
import { PasswordCheck } from '../auth/password-check';
import { SessionTokensService } from '../auth/session-tokens.service';
import { AuthenticatorService } from '../authenticator/authenticator.service';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import type { AdminRow } from '../database/schema';
import { PasskeysService } from '../passkeys/passkeys.service';
import { SignInPolicyRepository } from './sign-in-policy.repository';
import { SignInRequirement } from './sign-in-requirement';

/**
 * What an owner can do about another admin's sign-in (decision 094): reset it for one who lost the device that held
 * their authenticator app or passkeys, and give one who must set up a strong factor a new grace period. Their own sign-in
 * an owner changes in My account, with their own factors.
 */
@Injectable()
export class AdminSignIn {
  constructor(
    private readonly admins: AdminsRepository,
    private readonly passwordCheck: PasswordCheck,
    private readonly authenticator: AuthenticatorService,
    private readonly passkeys: PasskeysService,
    private readonly sessions: SessionTokensService,
    private readonly policy: SignInPolicyRepository,
    private readonly requirement: SignInRequirement,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Turns off the admin's authenticator app and recovery codes and removes their passkeys (each audited and mailed to
   * them), then signs them out everywhere: a lost device may be in someone else's hands. With the owner's password
   * (decision 088). They sign in with their password and a mailed code again; under the sign-in policy, their grace
   * period starts then. 409 when they have none of these, or for oneself.
   */
  async reset(owner: AuthenticatedAdmin, adminId: string, password: string, address: string): Promise<{ name: string }> {
    const admin = await this.other(owner, adminId);
    const factors = (await this.requirement.of(admin.id))?.standing.factors;
    if (!factors || !hasStrongFactor(factors)) throw DomainError.conflict(ADMIN_SIGN_IN_MESSAGES.nothingToReset);
    await this.passwordCheck.reauthenticate(owner, password, address, 'sign-in-reset');
    const authenticator = await this.authenticator.removeOf(admin);
    const removedPasskeys = await this.passkeys.removeAllOf(admin);
    await this.sessions.signOutEverywhere(admin.id);
    await this.audit.record('admin.sign_in_reset', { kind: 'admin', id: admin.id }, { authenticator, passkeys: removedPasskeys });
    return { name: admin.name };
  }

  /** Starts the admin's grace period again from now: for one the sign-in policy asks to set up a strong factor (else 409). */
  async restartGrace(owner: AuthenticatedAdmin, adminId: string): Promise<{ name: string; mailedCodeUntil: string | null }> {
    const admin = await this.other(owner, adminId);
    if (!(await this.requirement.of(admin.id))?.standing.mustEnrol) throw DomainError.conflict(ADMIN_SIGN_IN_MESSAGES.notAsked);
    if (!(await this.policy.restartGrace(admin.id, this.clock.now()))) throw DomainError.notFound(MESSAGES.adminNotFound);
    const standing = await this.requirement.of(admin.id);
    const mailedCodeUntil = standing?.standing.mailedCodeUntil ?? null;
    await this.audit.record('admin.sign_in_grace_restarted', { kind: 'admin', id: admin.id }, { until: mailedCodeUntil });
    return { name: admin.name, mailedCodeUntil };
  }

  /** Another admin than the owner asking: 404 when there is none, 409 for oneself. */
  private async other(owner: AuthenticatedAdmin, adminId: string): Promise<AdminRow> {
    const admin = isId(adminId) ? await this.admins.findById(adminId.toLowerCase()) : undefined;
    if (!admin) throw DomainError.notFound(MESSAGES.adminNotFound);
    if (admin.id === owner.id) throw DomainError.conflict(ADMIN_SIGN_IN_MESSAGES.notYourself);
    return admin;
  }
}
