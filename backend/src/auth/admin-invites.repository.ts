import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { adminInvites, admins, type AdminInviteRow, type AdminRow } from '../database/schema';

@Injectable()
export class AdminInvitesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** A new invitation of the e-mail; its earlier pending invitations stop working. */
  async replaceFor(values: typeof adminInvites.$inferInsert): Promise<AdminInviteRow> {
    return this.db.transaction(async (tx) => {
      await tx.delete(adminInvites).where(and(eq(adminInvites.email, values.email), isNull(adminInvites.acceptedAt)));
      const [row] = await tx.insert(adminInvites).values(values).returning();
      return row;
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(adminInvites).where(eq(adminInvites.id, id));
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
        .where(and(eq(adminInvites.tokenHash, tokenHash), isNull(adminInvites.acceptedAt), gt(adminInvites.expiresAt, now)))
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
