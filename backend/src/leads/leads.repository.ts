import type { LeadStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { listRows, type ListFilter } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { leads, type LeadRow, type NewDelivery } from '../database/schema';
import type { AuditInTransaction } from '../audit/audit-log';
import { OutboxRepository } from '../deliveries/outbox.repository';

@Injectable()
export class LeadsRepository {
  /** Built once: the quote form is the busiest write, and drizzle then skips rebuilding the SQL each time. */
  private readonly insertStatement;
  private readonly insertWithMessagesStatement;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    const insertLead = db
      .insert(leads)
      .values({
        name: sql.placeholder('name'),
        email: sql.placeholder('email'),
        service: sql.placeholder('service'),
        message: sql.placeholder('message'),
        status: sql.placeholder('status'),
      })
      .returning();
    this.insertStatement = insertLead.prepare('insert_lead');
    const inserted = db.$with('inserted').as(insertLead);
    this.insertWithMessagesStatement = db
      .with(inserted, OutboxRepository.queuedWith(db, inserted))
      .select()
      .from(inserted)
      .prepare('insert_lead_with_messages');
  }

  /** Stores the lead and the messages it causes in one statement: both exist, or neither. */
  async insert(
    values: Pick<LeadRow, 'name' | 'email' | 'service' | 'message' | 'status'> & { spam?: boolean },
    messages: NewDelivery[],
  ): Promise<LeadRow> {
    if (values.spam) return (await this.db.insert(leads).values(values).returning())[0];
    if (messages.length === 0) return (await this.insertStatement.execute(values))[0];
    const [row] = await this.insertWithMessagesStatement.execute({ ...values, ...OutboxRepository.messageParams(messages) });
    return row;
  }

  /** The inbox (`spam` false) or the suspected spam. */
  list(filter: ListFilter & { spam: boolean }, page: ListPage): Promise<{ rows: LeadRow[]; total: number }> {
    const columns = { createdAt: leads.createdAt, id: leads.id, status: leads.status, search: [leads.name, leads.email, leads.message] };
    return listRows(this.db, leads, columns, { ...filter, where: eq(leads.spam, filter.spam) }, page);
  }

  /**
   * Changes the status; the webhook `calls` of the change (none for spam) and its audit entry (given the status
   * before) are written in the same transaction.
   */
  async updateStatus(id: string, status: LeadStatus, calls: NewDelivery[], audit: AuditInTransaction<LeadStatus>): Promise<LeadRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ status: leads.status, spam: leads.spam }).from(leads).where(eq(leads.id, id)).for('update');
      if (!before) return undefined;
      const [row] = await tx.update(leads).set({ status }).where(eq(leads.id, id)).returning();
      if (!before.spam) await OutboxRepository.enqueueStatusChange(tx, id, calls, before.status, status);
      await audit(tx, before.status);
      return row;
    });
  }

  async findById(id: string): Promise<LeadRow | undefined> {
    const [row] = await this.db.select().from(leads).where(eq(leads.id, id));
    return row;
  }

  /**
   * Moves the lead into suspected spam or out of it; `messages` (its notifications, when it leaves spam) are
   * written in the same transaction, and only when the flag changed: a repeated request sends nothing twice. So is
   * its audit entry (`audit`, given the flag before).
   */
  async setSpam(id: string, spam: boolean, messages: NewDelivery[], audit: AuditInTransaction<boolean>): Promise<LeadRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(leads)
        .set({ spam })
        .where(and(eq(leads.id, id), ne(leads.spam, spam)))
        .returning();
      if (!changed) return (await tx.select().from(leads).where(eq(leads.id, id)))[0];
      await OutboxRepository.enqueue(tx, id, messages);
      await audit(tx, !spam);
      return changed;
    });
  }
}
