import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { adminAuthenticators, adminRecoveryCodes, type AdminAuthenticatorRow } from '../database/schema';

@Injectable()
export class AuthenticatorRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async findOf(adminId: string): Promise<AdminAuthenticatorRow | undefined> {
    const [row] = await this.db.select().from(adminAuthenticators).where(eq(adminAuthenticators.adminId, adminId)).limit(1);
    return row;
  }

  /** Whether the admin has a confirmed authenticator app: what the sign-in asks for. */
  async isConfirmed(adminId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ adminId: adminAuthenticators.adminId })
      .from(adminAuthenticators)
      .where(and(eq(adminAuthenticators.adminId, adminId), isNotNull(adminAuthenticators.confirmedAt)))
      .limit(1);
    return row !== undefined;
  }

  /** A new pending secret in place of an earlier pending one; nothing (undefined) when the admin's app is confirmed. */
  async startPending(adminId: string, secret: string, now: Date): Promise<AdminAuthenticatorRow | undefined> {
    const [row] = await this.db
      .insert(adminAuthenticators)
      .values({ adminId, secret, createdAt: now })
      .onConflictDoUpdate({
        target: adminAuthenticators.adminId,
        set: { secret, lastUsedStep: null, createdAt: now },
        setWhere: isNull(adminAuthenticators.confirmedAt),
      })
      .returning();
    return row;
  }

  /**
   * Confirms the pending app whose secret is `secret` with the code of time step `step`, and puts `codeHashes` in place of
   * the admin's recovery codes, in one transaction. False when it is no longer that pending app (confirmed meanwhile, or
   * set up again in another tab).
   */
  async confirm(adminId: string, secret: string, step: number, codeHashes: string[], now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const confirmed = await tx
        .update(adminAuthenticators)
        .set({ confirmedAt: now, lastUsedStep: step })
        .where(and(eq(adminAuthenticators.adminId, adminId), eq(adminAuthenticators.secret, secret), isNull(adminAuthenticators.confirmedAt)))
        .returning({ adminId: adminAuthenticators.adminId });
      if (confirmed.length === 0) return false;
      await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
      await tx.insert(adminRecoveryCodes).values(codeHashes.map((codeHash) => ({ adminId, codeHash, createdAt: now })));
      return true;
    });
  }

  /**
   * Puts `codeHashes` in place of every recovery code of the admin, used or not, in one transaction that holds their
   * confirmed app; false when none is (turned off meanwhile).
   */
  async replaceRecoveryCodes(adminId: string, codeHashes: string[], now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const confirmed = await tx
        .select({ adminId: adminAuthenticators.adminId })
        .from(adminAuthenticators)
        .where(and(eq(adminAuthenticators.adminId, adminId), isNotNull(adminAuthenticators.confirmedAt)))
        .for('update');
      if (confirmed.length === 0) return false;
      await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
      await tx.insert(adminRecoveryCodes).values(codeHashes.map((codeHash) => ({ adminId, codeHash, createdAt: now })));
      return true;
    });
  }

  /**
   * Takes time step `step` as the last one used, unless it or a later one already is: a code is accepted once, and two
   * requests carrying the same code cannot both pass. Only for a confirmed app.
   */
  async takeStep(adminId: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(adminAuthenticators)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(adminAuthenticators.adminId, adminId),
          isNotNull(adminAuthenticators.confirmedAt),
          or(isNull(adminAuthenticators.lastUsedStep), lt(adminAuthenticators.lastUsedStep, step)),
        ),
      )
      .returning({ adminId: adminAuthenticators.adminId });
    return rows.length === 1;
  }

  /** Marks used the admin's unused recovery code that has one of `codeHashes` (one per key); false when none has. */
  async useRecoveryCode(adminId: string, codeHashes: string[], now: Date): Promise<boolean> {
    const rows = await this.db
      .update(adminRecoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(adminRecoveryCodes.adminId, adminId), inArray(adminRecoveryCodes.codeHash, codeHashes), isNull(adminRecoveryCodes.usedAt)))
      .returning({ id: adminRecoveryCodes.id });
    return rows.length > 0;
  }

  async unusedRecoveryCodes(adminId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
    return row?.total ?? 0;
  }

  /**
   * Removes the admin's app and every recovery code; false when there was no app. `pendingToo`: also an app still being
   * set up (the command line's removal), else only a confirmed one.
   */
  async remove(adminId: string, pendingToo = false): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(adminAuthenticators)
        .where(and(eq(adminAuthenticators.adminId, adminId), pendingToo ? undefined : isNotNull(adminAuthenticators.confirmedAt)))
        .returning({ adminId: adminAuthenticators.adminId });
      if (removed.length === 0) return false;
      await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
      return true;
    });
  }

  /**
   * Stores `rewrite(secret)` in place of each stored secret it answers a new one for (undefined: kept as it is); answers
   * how many. In one transaction that locks the rows, so instances starting together rewrite one after the other.
   */
  async rewriteSecrets(rewrite: (stored: string) => string | undefined): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.select({ adminId: adminAuthenticators.adminId, secret: adminAuthenticators.secret }).from(adminAuthenticators).for('update');
      let rewritten = 0;
      for (const row of rows) {
        const secret = rewrite(row.secret);
        if (secret === undefined) continue;
        await tx.update(adminAuthenticators).set({ secret }).where(eq(adminAuthenticators.adminId, row.adminId));
        rewritten += 1;
      }
      return rewritten;
    });
  }
}
