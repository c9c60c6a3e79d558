import type { ContactStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { likePattern, type ListPage } from '../common/list-query.dto';
import { DATABASE, type Database } from '../database/database';
import { contacts, type ContactRow } from '../database/schema';

export interface ContactFilter {
  status?: ContactStatus;
  q?: string;
  sort?: 'newest' | 'oldest';
}

@Injectable()
export class ContactsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: typeof contacts.$inferInsert): Promise<ContactRow> {
    const [row] = await this.db.insert(contacts).values(values).returning();
    return row;
  }

  async list(filter: ContactFilter, page: ListPage): Promise<{ rows: ContactRow[]; total: number }> {
    const where = this.where(filter);
    const order =
      filter.sort === 'oldest' ? [asc(contacts.createdAt), asc(contacts.id)] : [desc(contacts.createdAt), desc(contacts.id)];
    const query = this.db.select().from(contacts).where(where).orderBy(...order).$dynamic();
    if (page.limit !== undefined) query.limit(page.limit).offset(page.offset ?? 0);
    const [rows, [{ total }]] = await Promise.all([query, this.db.select({ total: count() }).from(contacts).where(where)]);
    return { rows, total };
  }

  async updateStatus(id: string, status: ContactStatus): Promise<ContactRow | undefined> {
    const [row] = await this.db.update(contacts).set({ status }).where(eq(contacts.id, id)).returning();
    return row;
  }

  private where(filter: ContactFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (filter.status) conditions.push(eq(contacts.status, filter.status));
    if (filter.q) {
      const pattern = likePattern(filter.q);
      conditions.push(or(ilike(contacts.name, pattern), ilike(contacts.email, pattern), ilike(contacts.message, pattern)));
    }
    return and(...conditions);
  }
}
