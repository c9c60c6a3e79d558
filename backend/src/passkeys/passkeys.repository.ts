import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { passkeyChallenges, passkeys, type PasskeyRow } from '../database/schema';

export type NewPasskey = Pick<PasskeyRow, 'adminId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'name' | 'createdAt'>;
/** A ceremony's challenge as kept: its hash, what it is for, and for a registration the admin it was given to. */
export type PendingChallenge = { challengeHash: string; purpose: 'registration' | 'sign-in'; adminId: string | null };

@Injectable()
export class PasskeysRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Keeps a new challenge until `expiresAt`; the expired ones of every admin go at the same time. */
  async addChallenge(challenge: PendingChallenge, expiresAt: Date, now: Date): Promise<void> {
    await this.db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
    await this.db.insert(passkeyChallenges).values({ ...challenge, expiresAt });
  }

  /**
   * Takes the challenge (its row is deleted: it answers once, on whichever instance) when it is still pending for this
   * purpose and admin and not expired; false otherwise. Of two requests with the same answer, one takes it.
   */
  async takeChallenge(challenge: PendingChallenge, now: Date): Promise<boolean> {
    const taken = await this.db
      .delete(passkeyChallenges)
      .where(
        and(
          eq(passkeyChallenges.challengeHash, challenge.challengeHash),
          eq(passkeyChallenges.purpose, challenge.purpose),
          challenge.adminId === null ? isNull(passkeyChallenges.adminId) : eq(passkeyChallenges.adminId, challenge.adminId),
        ),
      )
      .returning({ expiresAt: passkeyChallenges.expiresAt });
    return taken.some((row) => row.expiresAt > now);
  }

  listOf(adminId: string): Promise<PasskeyRow[]> {
    return this.db.select().from(passkeys).where(eq(passkeys.adminId, adminId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    const [row] = await this.db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
    return row;
  }

  /** The new passkey; undefined when its credential is already stored (for this admin or another). */
  async add(passkey: NewPasskey): Promise<PasskeyRow | undefined> {
    const [row] = await this.db.insert(passkeys).values(passkey).onConflictDoNothing({ target: passkeys.credentialId }).returning();
    return row;
  }

  /**
   * Records a sign-in with the passkey: its new signature counter and when. Only while the stored counter is still the
   * one checked (`counter`): of two sign-ins with the same signature, one passes.
   */
  async markUsed(id: string, counter: number, newCounter: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: now })
      .where(and(eq(passkeys.id, id), eq(passkeys.counter, counter)))
      .returning({ id: passkeys.id });
    return rows.length === 1;
  }

  /** Removes the admin's passkey `id`; answers it, or undefined when the admin has none with that id. */
  async remove(adminId: string, id: string): Promise<PasskeyRow | undefined> {
    const [row] = await this.db
      .delete(passkeys)
      .where(and(eq(passkeys.adminId, adminId), eq(passkeys.id, id)))
      .returning();
    return row;
  }

  /** Removes every passkey of the admin; answers them. */
  async removeAllOf(adminId: string): Promise<PasskeyRow[]> {
    return this.db.delete(passkeys).where(eq(passkeys.adminId, adminId)).returning();
  }
}
