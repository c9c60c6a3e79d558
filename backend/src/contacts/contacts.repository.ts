import type { ContactStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { listRows, type ListFilter } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { contacts, type ContactRow } from '../database/schema';

@Injectable()
export class ContactsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: typeof contacts.$inferInsert): Promise<ContactRow> {
    const [row] = await this.db.insert(contacts).values(values).returning();
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
