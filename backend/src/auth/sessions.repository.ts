import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { admins, sessions, type AdminRow, type SessionRow } from '../database/schema';

@Injectable()
export class SessionsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await this.db.insert(sessions).values(values).returning();
    return row;
  }

  /** The session with its admin, when it is neither revoked nor expired at `now`. */
  async findActive(id: string, now: Date): Promise<{ session: SessionRow; admin: AdminRow } | undefined> {
    const [row] = await this.db
      .select({ session: sessions, admin: admins })
      .from(sessions)
      .innerJoin(admins, eq(admins.id, sessions.adminId))
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1);
    return row;
  }

  async revoke(id: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  async revokeAllOf(adminId: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt)));
  }

  /** Drops the admin's sessions that can no longer be used, so the table does not grow without bound. */
  async deleteDeadOf(adminId: string, now: Date): Promise<void> {
    await this.db
      .delete(sessions)
      .where(and(eq(sessions.adminId, adminId), or(lte(sessions.expiresAt, now), lte(sessions.revokedAt, now))));
  }
}
