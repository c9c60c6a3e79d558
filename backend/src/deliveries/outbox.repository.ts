import type { DeliveryTopic } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, lte, or, sql, type WithSubquery } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import type { ListPage } from '../common/list-query.dto';
import { listRows, type ListFilter } from '../common/list-rows';
import { deliveries, type DeliveryRow, type NewDelivery } from '../database/schema';
import { ConfirmationQuotaRepository } from './confirmation-quota.repository';
import type { Assignment } from './round-robin.repository';

/** Anything that can run an insert or an update: the database or a transaction of it. */
type Executor = Pick<Database, 'insert' | 'update'>;

/** The Deliveries screen's list: searched by recipient. */
const LIST_COLUMNS = { createdAt: deliveries.createdAt, id: deliveries.id, status: deliveries.status, search: [deliveries.recipient] };

/** What a submission sends (NotificationPlan.for). */
export interface Notifications {
  /** The staff notification and the webhook calls: written with every submission that is not spam. */
  messages: NewDelivery[];
  /**
   * The visitor's confirmation: written only when the submission's form token is spent for the first time and
   * its address has a slot left in the daily quota (`quotaKey`, the address's keyed hash).
   */
  confirmation?: { topic: DeliveryTopic; recipient: string; quotaKey: string };
  /** The route's round-robin: the submission (unless spam) goes to the next of these admins (RoundRobinRepository). */
  assignment?: Assignment;
}

@Injectable()
export class OutboxRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The messages of a submission as data-modifying CTEs beside the CTE `inserted` that inserts the submission (a
   * lead or contact row, with `returning`): `db.with(inserted, ...queuedWith(db, inserted)).select().from(inserted)`
   * is one statement, atomic like a transaction (all rows exist, or none), in one round trip instead of four
   * (begin, two inserts, commit). The messages come as four array placeholders (`messageParams`), so the statement
   * is prepared once for any number of messages: building the SQL of a CTE on every request cost the quote form a
   * third of its speed. Nothing is queued for a row that is spam (a spent form token, see FormTokenUsesRepository);
   * the confirmation only when the CTE `quota` took a slot of the address's daily quota.
   */
  static queuedWith(db: Database, inserted: WithSubquery<'inserted'>) {
    const quota = ConfirmationQuotaRepository.slotWith(db, inserted);
    const queued = db.$with('queued', {}).as(
      sql`insert into ${deliveries} (topic, recipient, subject_id, webhook_id, payload)
          select message.topic, message.recipient, ${inserted}.id, message.webhook_id, message.payload
          from ${inserted}, unnest(${sql.placeholder('topics')}::text[], ${sql.placeholder('recipients')}::text[],
            ${sql.placeholder('webhookIds')}::uuid[], ${sql.placeholder('payloads')}::jsonb[])
            as message(topic, recipient, webhook_id, payload)
          where not ${inserted}.spam
          union all
          select ${sql.placeholder('confirmationTopic')}::text, ${sql.placeholder('confirmationRecipient')}::text, ${inserted}.id, null, null
          from ${inserted}, ${quota}`,
    );
    return [quota, queued] as const;
  }

  /** The placeholders of `queuedWith` for these notifications. */
  static messageParams({ messages, confirmation }: Notifications) {
    return {
      topics: messages.map((message) => message.topic),
      recipients: messages.map((message) => message.recipient),
      webhookIds: messages.map((message) => message.webhookId ?? null),
      payloads: messages.map((message) => (message.payload ? JSON.stringify(message.payload) : null)),
      confirmationTopic: confirmation?.topic ?? null,
      confirmationRecipient: confirmation?.recipient ?? null,
      quotaKey: confirmation?.quotaKey ?? null,
    };
  }

  /** Writes the messages of a submission, inside the caller's transaction (`tx`). */
  static async enqueue(tx: Executor, subjectId: string, messages: NewDelivery[]): Promise<void> {
    if (messages.length === 0) return;
    await tx.insert(deliveries).values(messages.map((message) => ({ ...message, subjectId })));
  }

  /**
   * Writes the webhook calls of a status change, with `{ from, to }` as their payload, inside the caller's
   * transaction; none when the status did not change.
   */
  static async enqueueStatusChange(tx: Executor, subjectId: string, calls: NewDelivery[], from: string, to: string): Promise<void> {
    if (from === to) return;
    await OutboxRepository.enqueue(
      tx,
      subjectId,
      calls.map((call) => ({ ...call, payload: { from, to } })),
    );
  }

  /**
   * Ends the waiting calls of webhook `webhookId` as failed with `reason`, inside the caller's transaction (the
   * webhook is being disabled or deleted: the calls would otherwise sit as pending until their next try).
   */
  static async failWaitingCalls(tx: Executor, webhookId: string, reason: string): Promise<void> {
    await tx
      .update(deliveries)
      .set({ status: 'failed', lastError: reason, leaseUntil: null })
      .where(and(eq(deliveries.webhookId, webhookId), eq(deliveries.status, 'pending')));
  }

  /**
   * Claims up to `limit` due rows for `leaseMs`: pending and scheduled ones whose time has come, and rows whose
   * sender's lease ran out (an instance that died mid-send). SKIP LOCKED: rows another instance is claiming are left
   * to it, so a scheduled mail goes out once whichever instances look. One statement: the claim answers the claimed rows.
   */
  claimDue(limit: number, leaseMs: number): Promise<DeliveryRow[]> {
    const due = this.db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        or(
          and(inArray(deliveries.status, ['pending', 'scheduled']), lte(deliveries.nextAttemptAt, sql`now()`)),
          and(eq(deliveries.status, 'sending'), lt(deliveries.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(deliveries.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(deliveries)
      .set({
        status: 'sending',
        leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        attempts: sql`${deliveries.attempts} + 1`,
      })
      .where(inArray(deliveries.id, due))
      .returning();
  }

  /** Marks the rows of one round sent, in one statement. */
  async markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(deliveries)
      .set({ status: 'sent', sentAt: sql`now()`, leaseUntil: null, lastError: null })
      .where(inArray(deliveries.id, ids));
  }

  /** Gives claimed rows back untried: due again at once, for any instance, without counting an attempt. */
  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(deliveries)
      .set({ status: 'pending', leaseUntil: null, attempts: sql`${deliveries.attempts} - 1` })
      .where(inArray(deliveries.id, ids));
  }

  /** Back to pending for another try at `nextAttemptAt`, or `failed` for good. */
  async markFailed(id: string, error: string, nextAttemptAt: Date | undefined): Promise<void> {
    await this.db
      .update(deliveries)
      .set(nextAttemptAt ? { status: 'pending', nextAttemptAt, leaseUntil: null, lastError: error } : { status: 'failed', leaseUntil: null, lastError: error })
      .where(eq(deliveries.id, id));
  }

  /** A page of every outgoing message (the Deliveries screen), with the total. */
  list(filter: ListFilter, page: ListPage): Promise<{ rows: DeliveryRow[]; total: number }> {
    return listRows(this.db, deliveries, LIST_COLUMNS, filter, page);
  }

  /**
   * A failed message back in the queue now, with a fresh day of retries (`retried_at`): the row, `'not-failed'` when
   * it is not failed, or undefined when there is none.
   */
  async retryNow(id: string): Promise<DeliveryRow | 'not-failed' | undefined> {
    const [row] = await this.db
      .update(deliveries)
      .set({ status: 'pending', nextAttemptAt: sql`now()`, retriedAt: sql`now()`, leaseUntil: null })
      .where(and(eq(deliveries.id, id), eq(deliveries.status, 'failed')))
      .returning();
    if (row) return row;
    const [existing] = await this.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.id, id));
    return existing ? 'not-failed' : undefined;
  }
}
