import type { ContactStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { listRows, type ListFilter } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { contacts, type ContactRow, type NewDelivery } from '../database/schema';
import type { AuditInTransaction } from '../audit/audit-log';
import { OutboxRepository } from '../deliveries/outbox.repository';

@Injectable()
export class ContactsRepository {
  /** Built once, as for leads (LeadsRepository): a message and its notifications in one prepared statement. */
  private readonly insertWithMessagesStatement;

  constructor(@Inject(DATABASE) private readonly db: Database) {
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
        })
        .returning(),
    );
    this.insertWithMessagesStatement = db
      .with(inserted, OutboxRepository.queuedWith(db, inserted))
      .select()
      .from(inserted)
      .prepare('insert_contact_with_messages');
  }

  /** Stores the message and the outgoing messages it causes in one statement: both exist, or neither. */
  async insert(values: typeof contacts.$inferInsert, messages: NewDelivery[]): Promise<ContactRow> {
    if (messages.length === 0) return (await this.db.insert(contacts).values(values).returning())[0];
    const { name, email, phone, department, message, status } = values;
    const [row] = await this.insertWithMessagesStatement.execute({
      name,
      email,
      phone: phone ?? null,
      department,
      message,
      status: status ?? 'pending',
      ...OutboxRepository.messageParams(messages),
    });
    return row;
  }

  /** The inbox (`spam` false) or the suspected spam. */
  list(filter: ListFilter & { spam: boolean }, page: ListPage): Promise<{ rows: ContactRow[]; total: number }> {
    const columns = {
      createdAt: contacts.createdAt,
      id: contacts.id,
      status: contacts.status,
      search: [contacts.name, contacts.email, contacts.message],
    };
    return listRows(this.db, contacts, columns, { ...filter, where: eq(contacts.spam, filter.spam) }, page);
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
