import { sql, type WithSubquery } from 'drizzle-orm';
import type { Database } from '../database/database';
import { formTokenUses } from '../database/schema';
import type { TokenUse } from './form-tokens';

/** Anything that can run an insert: the database or a transaction of it. */
type Executor = Pick<Database, 'insert'>;

/**
 * Spent form tokens (`form_token_uses`): the first submission that uses a token writes its nonce, in the
 * submission's own statement or transaction (so a submission that fails spends nothing), and a later one finds it
 * there, whichever instance took the first. The retention purge removes the rows of expired tokens.
 */
export class FormTokenUsesRepository {
  /**
   * CTE `claimed` of a submission's statement: writes the nonce of placeholder `nonce` (expiring at placeholder
   * `nonceExpiresAt`), nothing when it is null, and answers it only when no earlier submission had written it.
   * A concurrent statement with the same nonce waits for this one's commit, then finds the row.
   */
  static claimedWith(db: Database) {
    return db.$with('claimed', {}).as(
      sql`insert into ${formTokenUses} (nonce, expires_at)
          select ${sql.placeholder('nonce')}::text, ${sql.placeholder('nonceExpiresAt')}::timestamptz
          where ${sql.placeholder('nonce')}::text is not null
          on conflict (nonce) do nothing
          returning nonce`,
    );
  }

  /** The submission's `spam` column beside `claimedWith`: a nonce was sent and had been spent before. */
  static spentBefore(claimed: WithSubquery<'claimed'>) {
    return sql<boolean>`(${sql.placeholder('nonce')}::text is not null and not exists (select 1 from ${claimed}))`;
  }

  /** The placeholders of `claimedWith` and `spentBefore` for a token (none: no token to spend). */
  static params(use: TokenUse | undefined) {
    return { nonce: use?.nonce ?? null, nonceExpiresAt: use?.expiresAt.toISOString() ?? null };
  }

  /** Spends the token inside the caller's transaction; false when it had been spent before. */
  static async claim(tx: Executor, use: TokenUse): Promise<boolean> {
    const written = await tx
      .insert(formTokenUses)
      .values({ nonce: use.nonce, expiresAt: use.expiresAt })
      .onConflictDoNothing({ target: formTokenUses.nonce })
      .returning({ nonce: formTokenUses.nonce });
    return written.length > 0;
  }
}
