import { BOOKABLE_ITEM_KINDS, MAX_LENGTH, MESSAGES, WORK_ITEM_KINDS, takesCalls, type AdminDetails, type AdminRole } from '@brightwave/common';
import { Injectable, Logger } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { toAdminDetails } from '../auth/admin.mapper';
import { Clock } from '../auth/clock';
import { SessionTokensService } from '../auth/session-tokens.service';
import { DomainError } from '../common/domain-error';
import { isDeliverableAddress } from '../common/email-address';
import type { AdminRow } from '../database/schema';
import { StaffCalls } from '../booking/staff-calls';
import { AdminInvitesRepository } from './admin-invites.repository';
import { AdminsRepository } from './admins.repository';
import { PasswordHasher } from './password-hasher';
import { ownableKinds } from '../workspace/work-fields';
import { WorkspaceRepository } from '../workspace/workspace.repository';
import { checkPassword } from './password-policy';

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

/**
 * A change of role or disabled state as done: the admin before and after it, the invitations it cancelled, the items it
 * unassigned and their calls it cancelled.
 */
export interface AdminChanged {
  before: AdminRow;
  after: AdminRow;
  invitesCancelled: number;
  unassigned: number;
  callsCancelled: number;
}

const isActiveOwner = (row: AdminRow) => row.role === 'owner' && row.disabledAt === null;

/**
 * Admin accounts as the Admins screen and the CLI change them (one rule for both), the first admin at start, and
 * the CLI's create, reset-password and list. Every change is written to the audit log (by the CLI: actor `cli`).
 */
@Injectable()
export class AdminsService {
  private readonly logger = new Logger(AdminsService.name);

  constructor(
    private readonly admins: AdminsRepository,
    private readonly invites: AdminInvitesRepository,
    private readonly sessions: SessionTokensService,
    private readonly passwords: PasswordHasher,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly staffCalls: StaffCalls,
  ) {}

  async create(input: NewAdmin): Promise<AdminDetails> {
    const email = normalizeEmail(input.email);
    const name = input.name.trim();
    if (!name) throw DomainError.invalid('Please provide the admin name');
    if (name.length > MAX_LENGTH.name) {
      throw DomainError.invalid(`The admin name must be at most ${MAX_LENGTH.name} characters`);
    }
    checkPassword(input.password);
    const taken = () => DomainError.invalid(`An admin with the email ${email} already exists; use reset-password to change its password`);
    if (await this.admins.findByEmail(email)) throw taken();
    const passwordHash = await this.passwords.hash(input.password);
    const row = await this.admins.insertIfAbsent({ email, name, passwordHash });
    if (!row) throw taken();
    await this.audit.record('admin.created', { kind: 'admin', id: row.id }, { email: row.email, role: 'owner' });
    return toAdminDetails(row);
  }

  /** Sets a new password and signs the admin out everywhere (sessions revoked, pending codes voided). */
  async resetPassword(emailInput: string, password: string): Promise<AdminDetails> {
    const email = normalizeEmail(emailInput);
    checkPassword(password);
    const admin = await this.findByEmail(email);
    await this.admins.updatePasswordHash(admin.id, await this.passwords.hash(password));
    await this.sessions.signOutEverywhere(admin.id);
    await this.audit.record('admin.password_reset', { kind: 'admin', id: admin.id }, { email: admin.email });
    return toAdminDetails(admin);
  }

  /**
   * Changes an admin's role or disables/enables them. The last active owner can be neither demoted nor disabled
   * (checked and written under a lock, so two owners demoting each other at once cannot both succeed); disabling
   * signs the admin out everywhere (sessions revoked, pending codes voided). An owner who is demoted or disabled
   * loses the invitations they sent that are not accepted yet: their links then answer like expired ones. The items
   * the admin owns of kinds they may no longer own (their new role does not cover them, or their account is
   * disabled) are unassigned in the same transaction, each with its owner change on its timeline (decision 062), and
   * the admin's calls about them that are not over are cancelled (StaffCalls, decision 087).
   */
  async change(id: string, changes: { role?: AdminRole; disabled?: boolean }): Promise<AdminChanged | 'missing' | 'last-owner'> {
    const now = this.clock.now();
    const disabledAt = changes.disabled === undefined ? undefined : changes.disabled ? now : null;
    const cancelStaffCalls = await this.staffCalls.prepare(now);
    const outcome = await this.admins.updateGuardingOwners(id, { role: changes.role, disabledAt }, async (tx, _before, after) => {
      const disabled = after.disabledAt !== null;
      const kept = ownableKinds(after.role, disabled);
      const because = disabled ? 'disabled' : 'role_changed';
      const details = { from: id, fromName: after.name, to: null, toName: null, because };
      const lost = WORK_ITEM_KINDS.filter((kind) => !kept.includes(kind));
      const unassigned = await WorkspaceRepository.unassignAllOf(tx, id, lost, (kind, ids) =>
        this.audit.recordEach(
          `${kind}.owner_changed`,
          ids.map((itemId) => ({ kind, id: itemId })),
          details,
          { tx },
        ),
      );
      // Their calls about the items they lose go too (decision 087), and their part of booked interviews once they can
      // take no calls at all.
      const callsCancelled = await cancelStaffCalls(
        tx,
        id,
        { kinds: BOOKABLE_ITEM_KINDS.filter((kind) => lost.includes(kind)), interviews: disabled || !takesCalls(after.role) },
        because,
      );
      return { unassigned, callsCancelled };
    });
    if (outcome === 'missing' || outcome === 'last-owner') return outcome;
    const { before, after } = outcome;
    const { unassigned, callsCancelled } = outcome.also ?? { unassigned: 0, callsCancelled: 0 };
    if (changes.disabled) await this.sessions.signOutEverywhere(id, now);
    const invitesCancelled = isActiveOwner(before) && !isActiveOwner(after) ? await this.invites.cancelSentBy(id) : 0;
    await this.audit.record(
      'admin.updated',
      { kind: 'admin', id },
      {
        email: after.email,
        ...(invitesCancelled > 0 ? { invitesCancelled } : {}),
        ...(unassigned > 0 ? { unassigned } : {}),
        ...(callsCancelled > 0 ? { callsCancelled } : {}),
        ...(before.role !== after.role ? { role: { from: before.role, to: after.role } } : {}),
        ...((before.disabledAt === null) !== (after.disabledAt === null)
          ? { disabled: { from: before.disabledAt !== null, to: after.disabledAt !== null } }
          : {}),
      },
    );
    return { before, after, invitesCancelled, unassigned, callsCancelled };
  }

  /** The CLI's disable and enable: the rules of `change`, by e-mail; nothing is written when the admin already is so. */
  async setDisabled(emailInput: string, disabled: boolean): Promise<DisabledChange> {
    const admin = await this.findByEmail(normalizeEmail(emailInput));
    if ((admin.disabledAt !== null) === disabled) return { admin: toAdminDetails(admin), changed: false, invitesCancelled: 0 };
    const outcome = await this.change(admin.id, { disabled });
    if (outcome === 'missing') throw this.noSuchAdmin(admin.email);
    if (outcome === 'last-owner') throw DomainError.conflict(MESSAGES.lastOwner);
    return { admin: toAdminDetails(outcome.after), changed: true, invitesCancelled: outcome.invitesCancelled };
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

  private async findByEmail(email: string): Promise<AdminRow> {
    const admin = await this.admins.findByEmail(email);
    if (!admin) throw this.noSuchAdmin(email);
    return admin;
  }

  private noSuchAdmin(email: string): DomainError {
    return DomainError.notFound(`No admin has the email ${email}; run "list" to see the admins`);
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
