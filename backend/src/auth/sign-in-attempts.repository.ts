import { required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { signInAttempts } from '../database/schema';
import { Clock } from './clock';

export type SignInAttempt = Omit<typeof signInAttempts.$inferInsert, 'id' | 'createdAt'>;

/**
 * The sign-in's attempts. Each is stamped by the clock the lockout's window is measured against (Clock), not by the
 * database's own: the two can differ (a database on another machine), and a window drawn by one clock over times
 * written by the other would miss attempts or count stale ones.
 */
@Injectable()
export class SignInAttemptsRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async record(attempt: SignInAttempt): Promise<void> {
    await this.db.insert(signInAttempts).values({ ...attempt, createdAt: this.clock.now() });
  }

  /** Wrong passwords for the e-mail since `since`: from this address, and from everywhere. */
  async passwordFailuresSince(email: string, address: string, since: Date): Promise<{ fromAddress: number; total: number }> {
    const [counts] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        fromAddress: sql<number>`(count(*) filter (where ${signInAttempts.address} = ${address}))::int`,
      })
      .from(signInAttempts)
      .where(
        and(eq(signInAttempts.email, email), eq(signInAttempts.step, 'password'), eq(signInAttempts.succeeded, false), gte(signInAttempts.createdAt, since)),
      );
    const { fromAddress, total } = required(counts, 'the counts of failed passwords');
    return { fromAddress: Number(fromAddress), total: Number(total) };
  }

  /** Wrong codes of the admin since `since` that named their login attempt by its challenge, in any login. */
  async challengeCodeFailuresSince(adminId: string, since: Date): Promise<number> {
    const [counts] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(signInAttempts)
      .where(
        and(
          eq(signInAttempts.adminId, adminId),
          eq(signInAttempts.step, 'code'),
          eq(signInAttempts.succeeded, false),
          isNotNull(signInAttempts.challengeId),
          gte(signInAttempts.createdAt, since),
        ),
      );
    return Number(required(counts, 'the count of failed codes').total);
  }

  /**
   * Counts a code attempt sent with the admin id alone before its code is compared, as a failure until
   * `markSucceeded`: parallel guesses then see each other, so no more than the limits are ever compared. Answers the
   * attempt's id and the id-only failures since `since` (this one included) of the admin and from the address.
   */
  async reserveIdOnlyCodeAttempt(attempt: { adminId: string; address: string }, since: Date): Promise<{ id: string; ofAdmin: number; fromAddress: number }> {
    const [reserved] = await this.db
      .insert(signInAttempts)
      .values({ step: 'code', adminId: attempt.adminId, address: attempt.address, succeeded: false, challengeId: null, createdAt: this.clock.now() })
      .returning({ id: signInAttempts.id });
    const [counts] = await this.db
      .select({
        ofAdmin: sql<number>`(count(*) filter (where ${signInAttempts.adminId} = ${attempt.adminId}))::int`,
        fromAddress: sql<number>`(count(*) filter (where ${signInAttempts.address} = ${attempt.address}))::int`,
      })
      .from(signInAttempts)
      .where(
        and(
          or(eq(signInAttempts.adminId, attempt.adminId), eq(signInAttempts.address, attempt.address)),
          eq(signInAttempts.step, 'code'),
          eq(signInAttempts.succeeded, false),
          isNull(signInAttempts.challengeId),
          gte(signInAttempts.createdAt, since),
        ),
      );
    const { id } = required(reserved, 'the inserted attempt');
    const { ofAdmin, fromAddress } = required(counts, 'the counts of id-only failures');
    return { id, ofAdmin: Number(ofAdmin), fromAddress: Number(fromAddress) };
  }

  /** Takes back a reserved attempt that was refused before its code was compared. */
  async deleteAttempt(id: string): Promise<void> {
    await this.db.delete(signInAttempts).where(eq(signInAttempts.id, id));
  }

  async markSucceeded(id: string): Promise<void> {
    await this.db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, id));
  }

  /** Whether the admin completed a sign-in (the code step, a passkey's or single sign-on's) from this address since `since`. */
  async isKnownAddress(adminId: string, address: string, since: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: signInAttempts.id })
      .from(signInAttempts)
      .where(
        and(
          eq(signInAttempts.adminId, adminId),
          eq(signInAttempts.address, address),
          inArray(signInAttempts.step, ['code', 'passkey', 'sso']),
          eq(signInAttempts.succeeded, true),
          gte(signInAttempts.createdAt, since),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async deleteOlderThan(before: Date): Promise<void> {
    await this.db.delete(signInAttempts).where(lt(signInAttempts.createdAt, before));
  }
}
