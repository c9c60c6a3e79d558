import type { DeliveryTopic } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, lte, or, sql, type WithSubquery } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { contacts, deliveries, jobApplications, jobs, leads, type DeliveryRow, type NewDelivery } from '../database/schema';
import { ConfirmationQuotaRepository } from './confirmation-quota.repository';
import type { DeliverySubject } from './delivery-mails';

/** Anything that can run an insert: the database or a transaction of it. */
type Executor = Pick<Database, 'insert'>;

/** What a submission sends (NotificationPlan.for). */
export interface Notifications {
  /** The staff notification and the webhook calls: written with every submission that is not spam. */
  messages: NewDelivery[];
  /**
   * The visitor's confirmation: written only when the submission's form token is spent for the first time and
   * its address has a slot left in the daily quota (`quotaKey`, the address's keyed hash).
   */
  confirmation?: { topic: DeliveryTopic; recipient: string; quotaKey: string };
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
    await OutboxRepository.enqueue(tx, subjectId, calls.map((call) => ({ ...call, payload: { from, to } })));
  }

  /**
   * Claims up to `limit` due rows for `leaseMs`: pending ones whose time has come, and rows whose sender's lease
   * ran out (an instance that died mid-send). SKIP LOCKED: rows another instance is claiming are left to it.
   * One statement: the claim answers the claimed rows.
   */
  claimDue(limit: number, leaseMs: number): Promise<DeliveryRow[]> {
    const due = this.db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        or(
          and(eq(deliveries.status, 'pending'), lte(deliveries.nextAttemptAt, sql`now()`)),
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
      .set(
        nextAttemptAt
          ? { status: 'pending', nextAttemptAt, leaseUntil: null, lastError: error }
          : { status: 'failed', leaseUntil: null, lastError: error },
      )
      .where(eq(deliveries.id, id));
  }

  /**
   * What the messages are about, read now (so a mail shows the row as it is when it goes out): one query per kind
   * of subject among `rows`, keyed by subject id. A subject that no longer exists is missing from the map.
   */
  async subjectsOf(rows: Pick<DeliveryRow, 'topic' | 'subjectId'>[]): Promise<Map<string, DeliverySubject>> {
    const idsOf = (kind: DeliverySubject['kind']) => [
      ...new Set(rows.filter((row) => row.topic.startsWith(`${kind}.`)).map((row) => row.subjectId)),
    ];
    const subjects = new Map<string, DeliverySubject>();
    const leadIds = idsOf('lead');
    if (leadIds.length > 0) {
      for (const row of await this.db.select().from(leads).where(inArray(leads.id, leadIds))) {
        subjects.set(row.id, { kind: 'lead', ...row });
      }
    }
    const contactIds = idsOf('contact');
    if (contactIds.length > 0) {
      for (const row of await this.db.select().from(contacts).where(inArray(contacts.id, contactIds))) {
        subjects.set(row.id, { kind: 'contact', ...row });
      }
    }
    const applicationIds = idsOf('application');
    if (applicationIds.length > 0) {
      const found = await this.db
        .select({ application: jobApplications, job: { id: jobs.id, title: jobs.title, department: jobs.department } })
        .from(jobApplications)
        .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .where(inArray(jobApplications.id, applicationIds));
      for (const row of found) subjects.set(row.application.id, { kind: 'application', ...row.application, job: row.job });
    }
    return subjects;
  }
}
