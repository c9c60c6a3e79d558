import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { adminInvites, admins, type AdminInviteRow, type AdminRow } from '../database/schema';

/** A pending invitation with the owner who sent it (undefined once that admin no longer exists). */
export interface PendingInvite {
  invite: AdminInviteRow;
  inviter: Pick<AdminRow, 'id' | 'name' | 'email'> | undefined;
}

const pending = (now: Date) => and(isNull(adminInvites.acceptedAt), gt(adminInvites.expiresAt, now));

@Injectable()
export class AdminInvitesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * A new invitation of the e-mail; its earlier pending invitations stop working. Undefined when the inviter is no
   * longer an active owner: their row is read under a share lock, which waits for a demotion or disabling under way
   * (AdminsRepository.updateGuardingOwners locks it for update), so no invitation outlives its owner's removal.
   */
  async replaceFor(values: typeof adminInvites.$inferInsert & { invitedBy: string }): Promise<AdminInviteRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [inviter] = await tx
        .select({ id: admins.id })
        .from(admins)
        .where(and(eq(admins.id, values.invitedBy), eq(admins.role, 'owner'), isNull(admins.disabledAt)))
        .for('share');
      if (!inviter) return undefined;
      await tx.delete(adminInvites).where(and(eq(adminInvites.email, values.email), isNull(adminInvites.acceptedAt)));
      const [row] = await tx.insert(adminInvites).values(values).returning();
      return row;
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(adminInvites).where(eq(adminInvites.id, id));
  }

  /** Invitations neither accepted nor expired, newest first. */
  async listPending(now: Date): Promise<PendingInvite[]> {
    const rows = await this.db
      .select({ invite: adminInvites, inviter: { id: admins.id, name: admins.name, email: admins.email } })
      .from(adminInvites)
      .leftJoin(admins, eq(admins.id, adminInvites.invitedBy))
      .where(pending(now))
      .orderBy(desc(adminInvites.createdAt), desc(adminInvites.id));
    return rows.map(({ invite, inviter }) => ({ invite, inviter: inviter ?? undefined }));
  }

  /** Deletes a pending invitation, so its link answers like an expired one; undefined when none is pending. */
  async revoke(id: string, now: Date): Promise<AdminInviteRow | undefined> {
    const [row] = await this.db
      .delete(adminInvites)
      .where(and(eq(adminInvites.id, id), pending(now)))
      .returning();
    return row;
  }

  /** Deletes every invitation the admin sent that is not accepted yet; answers how many. */
  async cancelSentBy(adminId: string): Promise<number> {
    const rows = await this.db
      .delete(adminInvites)
      .where(and(eq(adminInvites.invitedBy, adminId), isNull(adminInvites.acceptedAt)))
      .returning({ id: adminInvites.id });
    return rows.length;
  }

  /**
   * Turns a pending, unexpired invitation into an admin, once: the invitation row is locked and marked accepted in
   * the same transaction. Answers undefined for an unknown, used or expired token, or when the e-mail is taken.
   */
  async accept(tokenHash: string, passwordHash: string, now: Date): Promise<{ invite?: AdminInviteRow; admin?: AdminRow }> {
    return this.db.transaction(async (tx) => {
      const [invite] = await tx
        .select()
        .from(adminInvites)
        .where(and(eq(adminInvites.tokenHash, tokenHash), pending(now)))
        .for('update');
      if (!invite) return {};
      await tx.update(adminInvites).set({ acceptedAt: now }).where(eq(adminInvites.id, invite.id));
      const [admin] = await tx
        .insert(admins)
        .values({ email: invite.email, name: invite.name, role: invite.role, passwordHash })
        .onConflictDoNothing({ target: admins.email })
        .returning();
      return { invite, admin };
    });
  }
}
