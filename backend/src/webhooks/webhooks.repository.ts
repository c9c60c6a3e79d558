import type { ContactQuery, Job, JobApplication, Lead, WebhookEvent } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { toContact } from '../contacts/contact.mapper';
import { DATABASE, type Database } from '../database/database';
import { contacts, deliveries, jobApplications, jobs, leads, webhooks, type WebhookRow } from '../database/schema';
import { toJobApplication } from '../jobs/application.mapper';
import { toJob } from '../jobs/job.mapper';
import { toLead } from '../leads/lead.mapper';

// Any fixed number: instances starting together encrypt the stored secrets once.
const SECRETS_LOCK_KEY = 727_115_010;

/** What a webhook call is about, as the API shows it. */
export type WebhookItem = Lead | ContactQuery | Job | JobApplication;

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
    return row;
  }

  /**
   * Stores `rewrite(secret)` in place of every secret it answers a new value for (one stored in plain, or under an
   * earlier key); answers how many. Under a transaction-wide lock, so instances that start together rewrite each
   * row once.
   */
  async rewriteSecrets(rewrite: (stored: string) => string | undefined): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SECRETS_LOCK_KEY})`);
      let rewritten = 0;
      for (const row of await tx.select({ id: webhooks.id, secret: webhooks.secret }).from(webhooks)) {
        const secret = rewrite(row.secret);
        if (secret === undefined) continue;
        await tx.update(webhooks).set({ secret }).where(and(eq(webhooks.id, row.id), eq(webhooks.secret, row.secret)));
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
      if (row && !enabled) await this.failWaiting(tx, id, reason);
      return row;
    });
  }

  /** Deletes the endpoint; its waiting calls end as failed with `reason` (the rows stay on the Deliveries screen). */
  delete(id: string, reason: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await this.failWaiting(tx, id, reason);
      const deleted = await tx.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
      return deleted.length > 0;
    });
  }

  private async failWaiting(tx: Pick<Database, 'update'>, webhookId: string, reason: string): Promise<void> {
    await tx
      .update(deliveries)
      .set({ status: 'failed', lastError: reason, leaseUntil: null })
      .where(and(eq(deliveries.webhookId, webhookId), eq(deliveries.status, 'pending')));
  }

  /** The item of a call, read when it goes out (so it shows the item as it is), or undefined once deleted. */
  async itemOf(event: WebhookEvent, id: string): Promise<WebhookItem | undefined> {
    switch (event.split('.')[0]) {
      case 'lead': {
        const [row] = await this.db.select().from(leads).where(eq(leads.id, id));
        return row && toLead(row);
      }
      case 'contact': {
        const [row] = await this.db.select().from(contacts).where(eq(contacts.id, id));
        return row && toContact(row);
      }
      case 'job': {
        const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
        return row && toJob(row);
      }
      default: {
        const [row] = await this.db.select().from(jobApplications).where(eq(jobApplications.id, id));
        return row && toJobApplication(row);
      }
    }
  }
}
