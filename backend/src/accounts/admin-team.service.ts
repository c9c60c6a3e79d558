import { createHash, randomBytes } from 'node:crypto';
import {
  isBookable,
  MESSAGES,
  type AdminAccount,
  type AdminInvite,
  type AdminRole,
  type AdminSession,
  type AdminSummary,
  type SignInStanding,
} from '@brightwave/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { toAdminDetails } from '../auth/admin.mapper';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { Clock } from '../auth/clock';
import { SessionTokensService } from '../auth/session-tokens.service';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { SessionRow } from '../database/schema';
import { adminInviteMail } from '../mail/admin-invite.mail';
import { MailService } from '../mail/mail.service';
import { SignInRequirement } from '../sign-in-policy/sign-in-requirement';
import { AdminInvitesRepository, type PendingInvite } from './admin-invites.repository';
import { AdminsRepository, type AdminWithWorkingHours } from './admins.repository';
import { AdminsService, normalizeEmail } from './admins.service';
import { PasswordHasher } from './password-hasher';
import { checkPassword } from './password-policy';

export const INVITE_VALID_HOURS = 72;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** For an admin the policy's reading did not find (added or deleted between two queries): nothing known, nothing asked. */
const NO_FACTORS: SignInStanding = { factors: { authenticator: false, passkeys: 0 }, required: false, mustEnrol: false, mailedCodeUntil: null };

function toSummary({ admin: row, hasWorkingHours }: AdminWithWorkingHours, signIn: SignInStanding): AdminSummary {
  const disabled = row.disabledAt !== null;
  return {
    ...toAdminDetails(row),
    role: row.role,
    disabled,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    bookable: isBookable({ disabled, role: row.role, hasWorkingHours }),
    signIn,
  };
}

function toInvite({ invite, inviter }: PendingInvite): AdminInvite {
  return {
    _id: invite.id,
    email: invite.email,
    name: invite.name,
    role: invite.role,
    invitedBy: inviter ? { _id: inviter.id, name: inviter.name, email: inviter.email } : null,
    expiresAt: invite.expiresAt.toISOString(),
    createdAt: invite.createdAt.toISOString(),
  };
}

function toSession(row: SessionRow, currentId: string): AdminSession {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    address: row.address,
    userAgent: row.userAgent,
    current: row.id === currentId,
  };
}

/**
 * Admin accounts and roles: owners list, invite, change the role of and disable admins; every admin manages their
 * own password and sessions. Disabling and password changes revoke sessions at once.
 */
@Injectable()
export class AdminTeamService {
  private readonly logger = new Logger(AdminTeamService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly admins: AdminsRepository,
    private readonly accounts: AdminsService,
    private readonly invites: AdminInvitesRepository,
    private readonly sessions: SessionTokensService,
    private readonly passwords: PasswordHasher,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly requirement: SignInRequirement,
  ) {}

  async list(): Promise<AdminSummary[]> {
    const standings = await this.requirement.ofAll();
    return (await this.admins.listWithWorkingHours()).map((row) => toSummary(row, standings.get(row.admin.id) ?? NO_FACTORS));
  }

  /**
   * Mails a one-time link (72 h, stored as a hash) to set a password; the mail goes out before the answer, so an
   * owner learns at once when it could not be sent (503, nothing kept).
   */
  async invite(by: AuthenticatedAdmin, input: { email: string; name: string; role: AdminRole }) {
    const email = normalizeEmail(input.email);
    if (await this.admins.findByEmail(email)) throw DomainError.conflict(MESSAGES.adminExists, { email: MESSAGES.adminExists });
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.now().getTime() + INVITE_VALID_HOURS * 3600_000);
    const invite = await this.invites.replaceFor({
      email,
      name: input.name.trim(),
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: by.id,
      expiresAt,
    });
    // Demoted or disabled since this request was let in.
    if (!invite) throw DomainError.forbidden(MESSAGES.notAllowed);
    // In the fragment: browsers send neither it nor a referrer with it to any server (logs stay free of tokens).
    const link = `${this.config.server.publicUrl}/admin/accept-invite#token=${token}`;
    try {
      await this.mail.send(adminInviteMail({ email, name: invite.name, role: invite.role }, by.name, link, INVITE_VALID_HOURS));
    } catch (error) {
      this.logger.error(`the invitation of ${email} could not be sent: ${(error as Error).message}`);
      await this.invites.delete(invite.id);
      throw DomainError.unavailable(MESSAGES.inviteSendFailure);
    }
    await this.audit.record('admin.invited', { kind: 'admin', id: invite.id }, { email, role: invite.role });
    return { email, role: invite.role, expiresAt: expiresAt.toISOString() };
  }

  async pendingInvites(): Promise<AdminInvite[]> {
    return (await this.invites.listPending(this.clock.now())).map(toInvite);
  }

  /** Revokes a pending invitation: its link then answers like an expired one. */
  async revokeInvite(id: string): Promise<void> {
    const invite = isId(id) ? await this.invites.revoke(id, this.clock.now()) : undefined;
    if (!invite) throw DomainError.notFound(MESSAGES.inviteNotFound);
    await this.audit.record('admin.invite_revoked', { kind: 'admin', id: invite.id }, { email: invite.email, role: invite.role });
  }

  /** Sets the invitee's password and creates their account; the link then stops working. */
  async acceptInvite(token: string, password: string): Promise<{ email: string }> {
    checkPassword(password);
    const passwordHash = await this.passwords.hash(password);
    const { invite, admin } = await this.invites.accept(hashToken(token), passwordHash, this.clock.now());
    if (!invite) throw DomainError.invalid(MESSAGES.inviteInvalid);
    if (!admin) throw DomainError.conflict(MESSAGES.adminExists);
    await this.audit.record('admin.invite_accepted', { kind: 'admin', id: admin.id }, { role: admin.role }, { admin: { id: admin.id, email: admin.email } });
    return { email: admin.email };
  }

  /** Changes an admin's role or disables/enables them, with the rules of AdminsService.change; never oneself disabled. */
  async update(by: AuthenticatedAdmin, id: string, changes: { role?: AdminRole; disabled?: boolean }): Promise<AdminSummary> {
    if (!isId(id)) throw DomainError.notFound(MESSAGES.adminNotFound);
    if (changes.role === undefined && changes.disabled === undefined) throw DomainError.invalid(MESSAGES.adminNoChange);
    if (changes.disabled && id === by.id) throw DomainError.conflict(MESSAGES.selfDisable);
    const outcome = await this.accounts.change(id, changes);
    if (outcome === 'missing') throw DomainError.notFound(MESSAGES.adminNotFound);
    if (outcome === 'last-owner') throw DomainError.conflict(MESSAGES.lastOwner);
    // A new role may bring the admin under the sign-in policy, or out of it: their grace period starts or ends now.
    const standing = await this.requirement.of(id);
    return toSummary({ admin: outcome.after, hasWorkingHours: await this.admins.hasWorkingHours(id) }, standing?.standing ?? NO_FACTORS);
  }

  /** Who the admin is, and what the sign-in policy asks of them (their strong factors, whether they must set one up first). */
  async account(admin: AuthenticatedAdmin): Promise<{ account: AdminAccount; signIn: SignInStanding }> {
    const standing = await this.requirement.of(admin.id);
    return {
      account: { _id: admin._id, id: admin.id, name: admin.name, email: admin.email, role: admin.role },
      signIn: standing?.standing ?? NO_FACTORS,
    };
  }

  async sessionsOf(admin: AuthenticatedAdmin): Promise<AdminSession[]> {
    return (await this.sessions.listActiveOf(admin.id)).map((row) => toSession(row, admin.sessionId));
  }

  async revokeSession(admin: AuthenticatedAdmin, sessionId: string): Promise<void> {
    if (!isId(sessionId) || !(await this.sessions.revokeOwn(admin.id, sessionId))) {
      throw DomainError.notFound(MESSAGES.sessionNotFound);
    }
    await this.audit.record('account.session_revoked', { kind: 'session', id: sessionId });
  }
}
