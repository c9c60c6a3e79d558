import { required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { webhooks, type WebhookRow } from '../database/schema';
import { OutboxRepository } from '../deliveries/outbox.repository';
import { ADVISORY_LOCK_KEYS } from '../database/advisory-locks';

@Injectable()
export class WebhooksRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  list(): Promise<WebhookRow[]> {
    return this.db.select().from(webhooks).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
  }

  enabled(): Promise<WebhookRow[]> {
    return this.db.select().from(webhooks).where(eq(webhooks.enabled, true));
  }

  async findById(id: string): Promise<WebhookRow | undefined> {
    const [row] = await this.db.select().from(webhooks).where(eq(webhooks.id, id));
    return row;
  }

  async insert(values: Pick<WebhookRow, 'url' | 'events' | 'secret'>): Promise<WebhookRow> {
    const [row] = await this.db.insert(webhooks).values(values).returning();
    return required(row, 'the inserted webhook');
  }

  /**
   * Stores `rewrite(secret)` in place of every secret it answers a new value for (one stored in plain, or under an
   * earlier key); answers how many. Under a transaction-wide lock, so instances that start together rewrite each
   * row once.
   */
  async rewriteSecrets(rewrite: (stored: string) => string | undefined): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.webhookSecrets})`);
      let rewritten = 0;
      for (const row of await tx.select({ id: webhooks.id, secret: webhooks.secret }).from(webhooks)) {
        const secret = rewrite(row.secret);
        if (secret === undefined) continue;
        await tx
          .update(webhooks)
          .set({ secret })
          .where(and(eq(webhooks.id, row.id), eq(webhooks.secret, row.secret)));
        rewritten += 1;
      }
      return rewritten;
    });
  }

  /**
   * Enables or disables the endpoint; disabling ends its waiting calls as failed with `reason` in the same
   * transaction (they would otherwise sit as pending until their next try).
   */
  setEnabled(id: string, enabled: boolean, reason: string): Promise<WebhookRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.update(webhooks).set({ enabled }).where(eq(webhooks.id, id)).returning();
      if (row && !enabled) await OutboxRepository.failWaitingCalls(tx, id, reason);
      return row;
    });
  }

  /** Deletes the endpoint; its waiting calls end as failed with `reason` (the rows stay on the Deliveries screen). */
  delete(id: string, reason: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await OutboxRepository.failWaitingCalls(tx, id, reason);
      const deleted = await tx.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
      return deleted.length > 0;
    });
  }
}
