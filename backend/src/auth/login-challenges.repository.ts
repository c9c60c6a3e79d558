import { required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { loginChallenges, type LoginChallengeRow } from '../database/schema';

@Injectable()
export class LoginChallengesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Starts a login attempt's challenge and voids every earlier one of the admin, atomically. */
  async replaceFor(adminId: string, values: Omit<typeof loginChallenges.$inferInsert, 'adminId'>): Promise<LoginChallengeRow> {
    return this.db.transaction(async (tx) => {
      await tx.delete(loginChallenges).where(eq(loginChallenges.adminId, adminId));
      const [row] = await tx
        .insert(loginChallenges)
        .values({ ...values, adminId })
        .returning();
      return required(row, 'the inserted login challenge');
    });
  }

  /** The admin's current challenge, if it has not been used yet. */
  async findOpen(adminId: string): Promise<LoginChallengeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(loginChallenges)
      .where(and(eq(loginChallenges.adminId, adminId), isNull(loginChallenges.consumedAt)))
      .orderBy(desc(loginChallenges.createdAt))
      .limit(1);
    return row;
  }

  /**
   * Counts one verification attempt before the code is compared, so parallel guesses can never compare more
   * than `maxAttempts` codes. Answers the row as it was before the attempt, or nothing when no attempt is left.
   */
  async takeAttempt(id: string, maxAttempts: number, now: Date): Promise<LoginChallengeRow | undefined> {
    const [row] = await this.db
      .update(loginChallenges)
      .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
      .where(
        and(
          eq(loginChallenges.id, id),
          isNull(loginChallenges.consumedAt),
          lt(loginChallenges.failedAttempts, maxAttempts),
          gt(loginChallenges.expiresAt, now),
        ),
      )
      .returning();
    return row ? { ...row, failedAttempts: row.failedAttempts - 1 } : undefined;
  }

  /**
   * Marks the challenge used (an attempt taken with `takeAttempt` for the right code is given back). False if already
   * used.
   */
  async consume(id: string, codeHash: string, now: Date, attemptTaken: boolean): Promise<boolean> {
    const rows = await this.db
      .update(loginChallenges)
      .set({ consumedAt: now, ...(attemptTaken ? { failedAttempts: sql`${loginChallenges.failedAttempts} - 1` } : {}) })
      .where(and(eq(loginChallenges.id, id), eq(loginChallenges.codeHash, codeHash), isNull(loginChallenges.consumedAt)))
      .returning({ id: loginChallenges.id });
    return rows.length === 1;
  }

  /**
   * Puts a new code in place of the old one, unless another resend got there first (the row's
   * lastSentAt is compared with the one the caller read).
   */
  async replaceCode(
    id: string,
    previousLastSentAt: Date,
    values: Pick<LoginChallengeRow, 'codeHash' | 'expiresAt' | 'lastSentAt' | 'sendCount' | 'sendWindowStartedAt'>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(loginChallenges)
      .set(values)
      .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.consumedAt), eq(loginChallenges.lastSentAt, previousLastSentAt)))
      .returning({ id: loginChallenges.id });
    return rows.length === 1;
  }

  async deleteAllOf(adminId: string): Promise<void> {
    await this.db.delete(loginChallenges).where(eq(loginChallenges.adminId, adminId));
  }
}
