import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { contacts, deliveries, jobApplications, jobs, leads, type DeliveryRow, type NewDelivery } from '../database/schema';
import type { DeliverySubject, DeliveryTopic } from './delivery-mails';

/** Anything that can run an insert: the database or a transaction of it. */
type Executor = Pick<Database, 'insert'>;

@Injectable()
export class OutboxRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Writes the messages of a submission, inside the caller's transaction (`tx`). */
  static async enqueue(tx: Executor, subjectId: string, messages: NewDelivery[]): Promise<void> {
    if (messages.length === 0) return;
    await tx.insert(deliveries).values(messages.map((message) => ({ ...message, subjectId })));
  }

  /**
   * Claims up to `limit` due rows for `leaseMs`: pending ones whose time has come, and rows whose sender's lease
   * ran out (an instance that died mid-send). SKIP LOCKED: rows another instance is claiming are left to it.
   */
  async claimDue(limit: number, leaseMs: number): Promise<DeliveryRow[]> {
    const result = await this.db.execute(sql`
      update ${deliveries}
      set status = 'sending', lease_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${deliveries}
        where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and lease_until < now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      returning id`);
    const ids = (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
    if (ids.length === 0) return [];
    return this.db.select().from(deliveries).where(sql`${deliveries.id} = any(${sql.param(ids)}::uuid[])`);
  }

  async markSent(id: string): Promise<void> {
    await this.db
      .update(deliveries)
      .set({ status: 'sent', sentAt: sql`now()`, leaseUntil: null, lastError: null })
      .where(eq(deliveries.id, id));
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

  /** What the message is about, read now (so a mail shows the row as it is when it goes out). */
  async subjectOf(topic: DeliveryTopic, subjectId: string): Promise<DeliverySubject | undefined> {
    const kind = topic.split('.')[0] as DeliverySubject['kind'];
    if (kind === 'lead') {
      const [row] = await this.db.select().from(leads).where(eq(leads.id, subjectId));
      return row && { kind, ...row };
    }
    if (kind === 'contact') {
      const [row] = await this.db.select().from(contacts).where(eq(contacts.id, subjectId));
      return row && { kind, ...row };
    }
    const [row] = await this.db
      .select({ application: jobApplications, job: { id: jobs.id, title: jobs.title, department: jobs.department } })
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(eq(jobApplications.id, subjectId));
    return row && { kind, ...row.application, job: row.job };
  }
}
