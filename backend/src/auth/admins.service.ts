import { ADMIN_PASSWORD_MIN_LENGTH, MAX_LENGTH, MESSAGES, type AdminDetails } from '@brightwave/common';
import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import { isDeliverableAddress } from '../common/email-address';
import { toAdminDetails } from './admin.mapper';
import { AdminInvitesRepository } from './admin-invites.repository';
import { AdminsRepository } from './admins.repository';
import { Clock } from './clock';
import { LoginChallengesRepository } from './login-challenges.repository';
import { PasswordHasher } from './password-hasher';
import { isCommonPassword } from './password-policy';
import { SessionsRepository } from './sessions.repository';

/** Longer inputs are refused before hashing: argon2 of megabytes of text would be a cheap way to burn CPU. */
export const ADMIN_PASSWORD_MAX_LENGTH = 1024;

export interface NewAdmin {
  email: string;
  name: string;
  password: string;
}

export interface AdminListEntry extends AdminDetails {
  createdAt: string;
  disabled: boolean;
}

/** What the CLI's disable or enable did: `changed` false when the admin already was so. */
export interface DisabledChange {
  admin: AdminDetails;
  changed: boolean;
  /** Pending invitations the admin had sent, cancelled because an active owner was disabled. */
  invitesCancelled: number;
}

/** Admin accounts: the first admin at start, and the CLI's create, reset-password, disable, enable and list. */
@Injectable()
export class AdminsService {
  private readonly logger = new Logger(AdminsService.name);

  constructor(
    private readonly admins: AdminsRepository,
    private readonly invites: AdminInvitesRepository,
    private readonly challenges: LoginChallengesRepository,
    private readonly sessions: SessionsRepository,
    private readonly passwords: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async create(input: NewAdmin): Promise<AdminDetails> {
    const email = normalizeEmail(input.email);
    const name = input.name.trim();
    if (!name) throw DomainError.invalid('Please provide the admin name');
    if (name.length > MAX_LENGTH.name) {
      throw DomainError.invalid(`The admin name must be at most ${MAX_LENGTH.name} characters`);
    }
    checkPassword(input.password);
    const taken = () =>
      DomainError.invalid(`An admin with the email ${email} already exists; use reset-password to change its password`);
    if (await this.admins.findByEmail(email)) throw taken();
    const passwordHash = await this.passwords.hash(input.password);
    const row = await this.admins.insertIfAbsent({ email, name, passwordHash });
    if (!row) throw taken();
    return toAdminDetails(row);
  }

  /** Sets a new password and signs the admin out everywhere (sessions revoked, pending codes voided). */
  async resetPassword(emailInput: string, password: string): Promise<AdminDetails> {
    const email = normalizeEmail(emailInput);
    checkPassword(password);
    const admin = await this.admins.findByEmail(email);
    if (!admin) throw DomainError.notFound(`No admin has the email ${email}; run "list" to see the admins`);
    await this.admins.updatePasswordHash(admin.id, await this.passwords.hash(password));
    await this.sessions.revokeAllOf(admin.id, this.clock.now());
    await this.challenges.deleteAllOf(admin.id);
    return toAdminDetails(admin);
  }

  /**
   * Disables or enables an admin, with the rules of the Admins screen (AdminTeamService.update): the last active
   * owner cannot be disabled (checked under the same lock); disabling signs the admin out everywhere (sessions
   * revoked, pending codes voided) and cancels the invitations an owner sent.
   */
  async setDisabled(emailInput: string, disabled: boolean): Promise<DisabledChange> {
    const email = normalizeEmail(emailInput);
    const admin = await this.admins.findByEmail(email);
    if (!admin) throw DomainError.notFound(`No admin has the email ${email}; run "list" to see the admins`);
    if ((admin.disabledAt !== null) === disabled) return { admin: toAdminDetails(admin), changed: false, invitesCancelled: 0 };
    const now = this.clock.now();
    const outcome = await this.admins.updateGuardingOwners(admin.id, { disabledAt: disabled ? now : null });
    if (outcome === 'missing') throw DomainError.notFound(`No admin has the email ${email}; run "list" to see the admins`);
    if (outcome === 'last-owner') throw DomainError.conflict(MESSAGES.lastOwner);
    let invitesCancelled = 0;
    if (disabled) {
      await this.sessions.revokeAllOf(admin.id, now);
      await this.challenges.deleteAllOf(admin.id);
      if (outcome.before.role === 'owner') invitesCancelled = await this.invites.cancelSentBy(admin.id);
    }
    return { admin: toAdminDetails(outcome.after), changed: true, invitesCancelled };
  }

  async list(): Promise<AdminListEntry[]> {
    const rows = await this.admins.list();
    return rows.map((row) => ({ ...toAdminDetails(row), createdAt: row.createdAt.toISOString(), disabled: row.disabledAt !== null }));
  }

  /**
   * Creates the admin of ADMIN_EMAIL / ADMIN_PASSWORD when the database has no admin yet. An existing admin,
   * of that e-mail or another, is left alone: the environment never overwrites a password.
   */
  async ensureFirstAdmin(input: NewAdmin | undefined): Promise<AdminDetails | undefined> {
    if (!input || (await this.admins.count()) > 0) return undefined;
    const email = normalizeEmail(input.email);
    checkPassword(input.password);
    // Another instance starting at the same moment may insert it first; then there is nothing to do.
    const row = await this.admins.insertIfAbsent({
      email,
      name: input.name.trim() || email,
      passwordHash: await this.passwords.hash(input.password),
    });
    if (row) this.logger.log(`Created the first admin ${email}; sign in at /admin/login`);
    return row ? toAdminDetails(row) : undefined;
  }
}

/** Trimmed and lower-cased, or a 400 saying what is wrong. */
export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!normalized) throw DomainError.invalid('Please provide the admin email address');
  if (!isDeliverableAddress(normalized)) {
    throw DomainError.invalid(`"${email}" is not a valid email address`);
  }
  return normalized;
}

/**
 * The password policy of every admin: ADMIN_PASSWORD_MIN_LENGTH to ADMIN_PASSWORD_MAX_LENGTH characters, and not
 * one of the most common passwords (see password-policy.ts).
 */
export function checkPassword(password: string): void {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw DomainError.invalid(`The admin password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long`);
  }
  if (password.length > ADMIN_PASSWORD_MAX_LENGTH) {
    throw DomainError.invalid(`The admin password must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters long`);
  }
  if (isCommonPassword(password)) throw DomainError.invalid(MESSAGES.passwordTooCommon);
}
