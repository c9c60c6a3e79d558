import type { ContactStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { listRows, type ListFilter } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { contacts, type ContactRow, type NewDelivery } from '../database/schema';
import { OutboxRepository } from '../deliveries/outbox.repository';

@Injectable()
export class ContactsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Stores the message and the outgoing messages it causes in one statement: both exist, or neither. */
  async insert(values: typeof contacts.$inferInsert, messages: NewDelivery[]): Promise<ContactRow> {
    if (messages.length === 0) return (await this.db.insert(contacts).values(values).returning())[0];
    const inserted = this.db.$with('inserted').as(this.db.insert(contacts).values(values).returning());
    const [row] = await this.db.with(inserted, OutboxRepository.queuedWith(this.db, inserted, messages)).select().from(inserted);
    return row;
  }

  list(filter: ListFilter, page: ListPage): Promise<{ rows: ContactRow[]; total: number }> {
    const columns = {
      createdAt: contacts.createdAt,
      id: contacts.id,
      status: contacts.status,
      search: [contacts.name, contacts.email, contacts.message],
    };
    return listRows(this.db, contacts, columns, filter, page);
  }

  async updateStatus(id: string, status: ContactStatus): Promise<ContactRow | undefined> {
    const [row] = await this.db.update(contacts).set({ status }).where(eq(contacts.id, id)).returning();
    return row;
  }
}
