import type { ContactStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { keysetPages, listRows, listWhere, type ListColumns, type ListFilter } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { contacts, type ContactRow, type NewDelivery } from '../database/schema';
import type { AuditInTransaction } from '../audit/audit-log';
import { OutboxRepository, type Notifications } from '../deliveries/outbox.repository';
import { FormTokenUsesRepository } from '../spam-triage/form-token-uses.repository';
import type { TokenUse } from '../spam-triage/form-tokens';

const LIST_COLUMNS: ListColumns = {
  createdAt: contacts.createdAt,
  id: contacts.id,
  status: contacts.status,
  search: [contacts.name, contacts.email, contacts.message],
};

@Injectable()
export class ContactsRepository {
  /** Built once, as for leads (LeadsRepository): a message, its token and its notifications in one prepared statement. */
  private readonly insertWithMessagesStatement;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    const claimed = FormTokenUsesRepository.claimedWith(db);
    const inserted = db.$with('inserted').as(
      db
        .insert(contacts)
        .values({
          name: sql.placeholder('name'),
          email: sql.placeholder('email'),
          phone: sql.placeholder('phone'),
          department: sql.placeholder('department'),
          message: sql.placeholder('message'),
          status: sql.placeholder('status'),
          spam: FormTokenUsesRepository.spentBefore(claimed),
        })
        .returning(),
    );
    this.insertWithMessagesStatement = db
      .with(claimed, inserted, ...OutboxRepository.queuedWith(db, inserted))
      .select()
      .from(inserted)
      .prepare('insert_contact_with_messages');
  }

  /**
   * Stores the message and the outgoing messages it causes in one statement: all exist, or none. With a fresh form
   * token (`token`) the same statement spends it; one spent before makes the message suspected spam, which sends nothing.
   */
  async insert(values: typeof contacts.$inferInsert, notifications: Notifications, token?: TokenUse): Promise<ContactRow> {
    if (values.spam || (!token && notifications.messages.length === 0 && !notifications.confirmation)) {
      return (await this.db.insert(contacts).values(values).returning())[0];
    }
    const { name, email, phone, department, message, status } = values;
    const [row] = await this.insertWithMessagesStatement.execute({
      name,
      email,
      phone: phone ?? null,
      department,
      message,
      status: status ?? 'pending',
      ...FormTokenUsesRepository.params(token),
      ...OutboxRepository.messageParams(notifications),
    });
    return row;
  }

  /** The inbox (`spam` false) or the suspected spam. */
  list(filter: ListFilter & { spam: boolean }, page: ListPage): Promise<{ rows: ContactRow[]; total: number }> {
    return listRows(this.db, contacts, LIST_COLUMNS, { ...filter, where: eq(contacts.spam, filter.spam) }, page);
  }

  /** Every message of the list's filter, in its order, `pageSize` at a time (the CSV export). */
  pages(filter: ListFilter & { spam: boolean }, pageSize: number): AsyncGenerator<ContactRow[]> {
    const where = listWhere(LIST_COLUMNS, { ...filter, where: eq(contacts.spam, filter.spam) });
    return keysetPages(this.db, contacts, LIST_COLUMNS, { where, sort: filter.sort }, pageSize);
  }

  /**
   * Changes the status; the webhook `calls` of the change (none for spam) and its audit entry (given the status
   * before) are written in the same transaction.
   */
  async updateStatus(id: string, status: ContactStatus, calls: NewDelivery[], audit: AuditInTransaction<ContactStatus>): Promise<ContactRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ status: contacts.status, spam: contacts.spam }).from(contacts).where(eq(contacts.id, id)).for('update');
      if (!before) return undefined;
      const [row] = await tx.update(contacts).set({ status }).where(eq(contacts.id, id)).returning();
      if (!before.spam) await OutboxRepository.enqueueStatusChange(tx, id, calls, before.status, status);
      await audit(tx, before.status);
      return row;
    });
  }

  async findById(id: string): Promise<ContactRow | undefined> {
    const [row] = await this.db.select().from(contacts).where(eq(contacts.id, id));
    return row;
  }

  /**
   * Moves the contact into suspected spam or out of it; `messages` (its notifications, when it leaves spam) are
   * written in the same transaction, and only when the flag changed: a repeated request sends nothing twice. So is
   * its audit entry (`audit`, given the flag before).
   */
  async setSpam(id: string, spam: boolean, messages: NewDelivery[], audit: AuditInTransaction<boolean>): Promise<ContactRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(contacts)
        .set({ spam })
        .where(and(eq(contacts.id, id), ne(contacts.spam, spam)))
        .returning();
      if (!changed) return (await tx.select().from(contacts).where(eq(contacts.id, id)))[0];
      await OutboxRepository.enqueue(tx, id, messages);
      await audit(tx, !spam);
      return changed;
    });
  }
}
