import { CONFIRMATION_QUOTA_WINDOW_HOURS, CONFIRMATIONS_PER_ADDRESS } from '@brightwave/common';
import { sql, type WithSubquery } from 'drizzle-orm';
import type { Database } from '../database/database';
import { confirmationQuota } from '../database/schema';

/** Anything that can run an insert: the database or a transaction of it. */
type Executor = Pick<Database, 'insert'>;

const WINDOW = sql.raw(`interval '${CONFIRMATION_QUOTA_WINDOW_HOURS} hours'`);
/** The stored row's confirmation times still inside the window (in ON CONFLICT DO UPDATE: the existing row). */
const recentSends = sql`array(select sent from unnest(${confirmationQuota.sentAt}) as sent where sent > now() - ${WINDOW})`;
const slotLeft = sql`cardinality(${recentSends}) < ${sql.raw(String(CONFIRMATIONS_PER_ADDRESS))}`;

/**
 * The daily quota of confirmations per visitor address (`confirmation_quota`, keyed by the address's keyed hash):
 * a slot is taken with one upsert that keeps the times of the last window and adds now, only while fewer than
 * CONFIRMATIONS_PER_ADDRESS remain; it answers a row when a slot was taken. Concurrent submissions for one address
 * wait for each other on the row, so the quota holds across instances.
 */
export class ConfirmationQuotaRepository {
  /**
   * CTE `quota` of a submission's statement (after `inserted`, a lead or contact row): takes a slot for the address
   * hash of placeholder `quotaKey` when it is not null and the submission is not spam.
   */
  static slotWith(db: Database, inserted: WithSubquery<'inserted'>) {
    return db.$with('quota', {}).as(
      sql`insert into ${confirmationQuota} (address_hash, sent_at, updated_at)
          select ${sql.placeholder('quotaKey')}::text, array[now()], now() from ${inserted}
          where ${sql.placeholder('quotaKey')}::text is not null and not ${inserted}.spam
          on conflict (address_hash) do update set sent_at = ${recentSends} || now(), updated_at = now() where ${slotLeft}
          returning 1`,
    );
  }

  /** Takes a slot for the address hash `key` inside the caller's transaction; false when none is left. */
  static async take(tx: Executor, key: string): Promise<boolean> {
    const taken = await tx
      .insert(confirmationQuota)
      .values({ addressHash: key, sentAt: sql`array[now()]`, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: confirmationQuota.addressHash, set: { sentAt: sql`${recentSends} || now()`, updatedAt: sql`now()` }, setWhere: slotLeft })
      .returning({ addressHash: confirmationQuota.addressHash });
    return taken.length > 0;
  }
}
