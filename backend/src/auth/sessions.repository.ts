import { required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { admins, sessions, type AdminRow, type SessionRow } from '../database/schema';

@Injectable()
export class SessionsRepository {
  /** findActive's statement: every signed-in request asks it, so its SQL is built once, not on each request. */
  private readonly activeSession;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.activeSession = db
      .select({ session: sessions, admin: admins })
      .from(sessions)
      .innerJoin(admins, eq(admins.id, sessions.adminId))
      .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('find_active_session');
  }

  async insert(values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await this.db.insert(sessions).values(values).returning();
    return required(row, 'the inserted session');
  }

  /** The session with its admin, when it is neither revoked nor expired at `now`. */
  async findActive(id: string, now: Date): Promise<{ session: SessionRow; admin: AdminRow } | undefined> {
    const [row] = await this.activeSession.execute({ id, now: now.toISOString() });
    return row;
  }

  async revoke(id: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
  }

  /** The admin's sessions that can still be used, newest first. */
  listActiveOf(adminId: string, now: Date): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.createdAt));
  }

  /** Revokes one of the admin's sessions; answers whether it was theirs and still active. */
  async revokeOwn(adminId: string, id: string, now: Date): Promise<boolean> {
    const revoked = await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), eq(sessions.adminId, adminId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return revoked.length > 0;
  }

  /** Revokes every session of the admin but `keepId` (a password change keeps the session that made it). */
  async revokeOthersOf(adminId: string, keepId: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.adminId, adminId), ne(sessions.id, keepId), isNull(sessions.revokedAt)));
  }

  async revokeAllOf(adminId: string, now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt)));
  }

  /** Drops the admin's sessions that can no longer be used, so the table does not grow without bound. */
  async deleteDeadOf(adminId: string, now: Date): Promise<void> {
    await this.db.delete(sessions).where(and(eq(sessions.adminId, adminId), or(lte(sessions.expiresAt, now), lte(sessions.revokedAt, now))));
  }
}
