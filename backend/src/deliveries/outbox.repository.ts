import type { DeliveryTopic } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, lt, lte, or, sql, type WithSubquery } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { listRows } from '../common/list-rows';
import { admins, deliveries, type DeliveryRow, type NewDelivery } from '../database/schema';
import { ConfirmationQuotaRepository } from './confirmation-quota.repository';
import type { Assignment } from './round-robin.repository';
import { type ListPage, type ListFilter } from '../common/list-filter';

/** Anything that can run an insert, an update or a select: the database or a transaction of it. */
type Executor = Pick<Database, 'insert' | 'update' | 'select'>;

/** The Deliveries screen's list: searched by recipient. */
const LIST_COLUMNS = { createdAt: deliveries.createdAt, id: deliveries.id, status: deliveries.status, search: [deliveries.recipient] };

/**
 * The recipient of a staff notification whose route has no address and NOTIFY_TO none: every active owner, read by
 * the statement or transaction that writes the message, so an owner disabled or added a moment before counts.
 */
export const ACTIVE_OWNERS = Symbol('every active owner');

/** A message to write: to its recipient, or to the active owners (none active: the message is not written). */
export type PlannedMessage = Omit<NewDelivery, 'recipient'> & { recipient: string | typeof ACTIVE_OWNERS };

/** An admin who is an owner and not disabled. */
const isActiveOwner = and(eq(admins.role, 'owner'), isNull(admins.disabledAt));

/** The active owners' addresses as one recipient (`a@x, b@y`, the first owner first), or null when there is none. */
const activeOwnersRecipient = sql<string | null>`(select string_agg(${admins.email}, ', ' order by ${admins.createdAt}, ${admins.email})
  from ${admins} where ${isActiveOwner})`;

/** What a submission sends (NotificationPlan.for). */
export interface Notifications {
  /** The staff notification and the webhook calls: written with every submission that is not spam. */
  messages: PlannedMessage[];
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
   * the confirmation only when the CTE `quota` took a slot of the address's daily quota. A message to ACTIVE_OWNERS
   * (a null recipient) goes to the owners active as the statement runs; with none it is not written. Their query runs
   * only when such a message is there (a scalar subquery is evaluated on first use).
   */
  static queuedWith(db: Database, inserted: WithSubquery<'inserted'>) {
    const quota = ConfirmationQuotaRepository.slotWith(db, inserted);
    const queued = db.$with('queued', {}).as(
      sql`insert into ${deliveries} (topic, recipient, subject_id, webhook_id, payload)
          select topic, recipient, subject_id, webhook_id, payload from (
            select message.topic, coalesce(message.recipient, ${activeOwnersRecipient}) as recipient, ${inserted}.id as subject_id,
              message.webhook_id, message.payload
            from ${inserted}, unnest(${sql.placeholder('topics')}::text[], ${sql.placeholder('recipients')}::text[],
              ${sql.placeholder('webhookIds')}::uuid[], ${sql.placeholder('payloads')}::jsonb[])
              as message(topic, recipient, webhook_id, payload)
            where not ${inserted}.spam
          ) as addressed
          where recipient is not null
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
      recipients: messages.map((message) => (message.recipient === ACTIVE_OWNERS ? null : message.recipient)),
      webhookIds: messages.map((message) => message.webhookId ?? null),
      payloads: messages.map((message) => (message.payload ? JSON.stringify(message.payload) : null)),
      confirmationTopic: confirmation?.topic ?? null,
      confirmationRecipient: confirmation?.recipient ?? null,
      quotaKey: confirmation?.quotaKey ?? null,
    };
  }

  /**
   * Writes the messages of a submission, inside the caller's transaction (`tx`); those to ACTIVE_OWNERS go to the
   * owners active in that transaction (none: they are not written).
   */
  static async enqueue(tx: Executor, subjectId: string, messages: PlannedMessage[]): Promise<void> {
    let owners: string[] | undefined;
    const addressed: NewDelivery[] = [];
    for (const message of messages) {
      if (message.recipient !== ACTIVE_OWNERS) addressed.push({ ...message, recipient: message.recipient });
      else {
        owners ??= await OutboxRepository.activeOwners(tx);
        if (owners.length > 0) addressed.push({ ...message, recipient: owners.join(', ') });
      }
    }
    if (addressed.length === 0) return;
    await tx.insert(deliveries).values(addressed.map((message) => ({ ...message, subjectId })));
  }

  /** The addresses of the active owners, the first owner first (as ACTIVE_OWNERS reads them in a statement). */
  static async activeOwners(executor: Pick<Database, 'select'>): Promise<string[]> {
    const rows = await executor.select({ email: admins.email }).from(admins).where(isActiveOwner).orderBy(admins.createdAt, admins.email);
    return rows.map((row) => row.email);
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

  /** Deletes a row that is done and whose trace is not to be kept (the cancellation of an erased item's call). */
  async forget(id: string): Promise<void> {
    await this.db.delete(deliveries).where(eq(deliveries.id, id));
  }

  /** Marks a claimed row cancelled, for `reason`: it will not be sent (nor retried). */
  async markCancelled(id: string, reason: string): Promise<void> {
    await this.db.update(deliveries).set({ status: 'cancelled', leaseUntil: null, lastError: reason }).where(eq(deliveries.id, id));
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
