import type { LeadStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { keysetPages, listRows, listWhere, type ListColumns, type ListFilter } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { leads, type LeadRow, type NewDelivery } from '../database/schema';
import type { AuditInTransaction } from '../audit/audit-log';
import { OutboxRepository, type Notifications } from '../deliveries/outbox.repository';
import { FormTokenUsesRepository } from '../spam-triage/form-token-uses.repository';
import type { TokenUse } from '../spam-triage/form-tokens';

const LIST_COLUMNS: ListColumns = { createdAt: leads.createdAt, id: leads.id, status: leads.status, search: [leads.name, leads.email, leads.message] };

@Injectable()
export class LeadsRepository {
  /** Built once: the quote form is the busiest write, and drizzle then skips rebuilding the SQL each time. */
  private readonly insertStatement;
  private readonly insertWithMessagesStatement;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    const columns = {
      name: sql.placeholder('name'),
      email: sql.placeholder('email'),
      service: sql.placeholder('service'),
      message: sql.placeholder('message'),
      status: sql.placeholder('status'),
    };
    this.insertStatement = db.insert(leads).values(columns).returning().prepare('insert_lead');
    const claimed = FormTokenUsesRepository.claimedWith(db);
    const inserted = db.$with('inserted').as(
      db
        .insert(leads)
        .values({ ...columns, spam: FormTokenUsesRepository.spentBefore(claimed) })
        .returning(),
    );
    this.insertWithMessagesStatement = db
      .with(claimed, inserted, ...OutboxRepository.queuedWith(db, inserted))
      .select()
      .from(inserted)
      .prepare('insert_lead_with_messages');
  }

  /**
   * Stores the lead and the messages it causes in one statement: all exist, or none. With a fresh form token
   * (`token`) the same statement spends it; one spent before makes the lead suspected spam, which sends nothing.
   */
  async insert(
    values: Pick<LeadRow, 'name' | 'email' | 'service' | 'message' | 'status'> & { spam?: boolean },
    notifications: Notifications,
    token?: TokenUse,
  ): Promise<LeadRow> {
    if (values.spam) return (await this.db.insert(leads).values(values).returning())[0];
    if (!token && notifications.messages.length === 0 && !notifications.confirmation) return (await this.insertStatement.execute(values))[0];
    const [row] = await this.insertWithMessagesStatement.execute({
      ...values,
      ...FormTokenUsesRepository.params(token),
      ...OutboxRepository.messageParams(notifications),
    });
    return row;
  }

  /** The inbox (`spam` false) or the suspected spam. */
  list(filter: ListFilter & { spam: boolean }, page: ListPage): Promise<{ rows: LeadRow[]; total: number }> {
    return listRows(this.db, leads, LIST_COLUMNS, { ...filter, where: eq(leads.spam, filter.spam) }, page);
  }

  /** Every lead of the list's filter, in its order, `pageSize` at a time (the CSV export). */
  pages(filter: ListFilter & { spam: boolean }, pageSize: number): AsyncGenerator<LeadRow[]> {
    const where = listWhere(LIST_COLUMNS, { ...filter, where: eq(leads.spam, filter.spam) });
    return keysetPages(this.db, leads, LIST_COLUMNS, { where, sort: filter.sort }, pageSize);
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
