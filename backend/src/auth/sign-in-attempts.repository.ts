import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { signInAttempts } from '../database/schema';

export type SignInAttempt = Omit<typeof signInAttempts.$inferInsert, 'id' | 'createdAt'>;

@Injectable()
export class SignInAttemptsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async record(attempt: SignInAttempt): Promise<void> {
    await this.db.insert(signInAttempts).values(attempt);
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
        and(
          eq(signInAttempts.email, email),
          eq(signInAttempts.step, 'password'),
          eq(signInAttempts.succeeded, false),
          gte(signInAttempts.createdAt, since),
        ),
      );
    return { fromAddress: Number(counts.fromAddress), total: Number(counts.total) };
  }

  /** Wrong codes of the admin since `since`, whatever login attempt they were for. */
  async codeFailuresSince(adminId: string, since: Date): Promise<number> {
    const [counts] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(signInAttempts)
      .where(
        and(
          eq(signInAttempts.adminId, adminId),
          eq(signInAttempts.step, 'code'),
          eq(signInAttempts.succeeded, false),
          gte(signInAttempts.createdAt, since),
        ),
      );
    return Number(counts.total);
  }

  /** Whether the admin completed a sign-in (the code step) from this address since `since`. */
  async isKnownAddress(adminId: string, address: string, since: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: signInAttempts.id })
      .from(signInAttempts)
      .where(
        and(
          eq(signInAttempts.adminId, adminId),
          eq(signInAttempts.address, address),
          eq(signInAttempts.step, 'code'),
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
