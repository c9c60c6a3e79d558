import { MESSAGES } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AdminsRepository } from '../accounts/admins.repository';
import { PasswordHasher } from '../accounts/password-hasher';
import { checkPassword } from '../accounts/password-policy';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { PasswordCheck } from './password-check';
import { SessionTokensService } from './session-tokens.service';

/**
 * An admin's new password, after the current one (My account). The current password is checked under the sign-in's
 * lockout (PasswordCheck), as the login checks it: a stolen session cannot guess it faster than a stranger at the login.
 */
@Injectable()
export class PasswordChange {
  constructor(
    private readonly admins: AdminsRepository,
    private readonly passwordCheck: PasswordCheck,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionTokensService,
    private readonly audit: AuditLog,
  ) {}

  /** Sets the new password; every other session of the admin is signed out. 400 for a wrong current password, 429 when locked out. */
  async change(admin: AuthenticatedAdmin, currentPassword: string, newPassword: string, address: string): Promise<void> {
    const account = await this.admins.findById(admin.id);
    const valid = await this.passwordCheck.verify(admin.email, account, currentPassword, address, { step: 'password', for: 'password-change' });
    if (!account || !valid) throw DomainError.invalid(MESSAGES.currentPasswordWrong, { currentPassword: MESSAGES.currentPasswordWrong });
    try {
      checkPassword(newPassword);
    } catch (error) {
      throw DomainError.invalid((error as Error).message, { newPassword: (error as Error).message });
    }
    await this.admins.updatePasswordHash(admin.id, await this.passwords.hash(newPassword));
    await this.sessions.revokeOthersOf(admin.id, admin.sessionId);
    await this.audit.record('account.password_changed', { kind: 'admin', id: admin.id });
  }
}
