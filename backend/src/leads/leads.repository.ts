import type { LeadStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { likePattern, type ListPage } from '../common/list-query.dto';
import { DATABASE, type Database } from '../database/database';
import { leads, type LeadRow } from '../database/schema';

export interface LeadFilter {
  status?: LeadStatus;
  q?: string;
  sort?: 'newest' | 'oldest';
}

@Injectable()
export class LeadsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: typeof leads.$inferInsert): Promise<LeadRow> {
    const [row] = await this.db.insert(leads).values(values).returning();
    return row;
  }

  async list(filter: LeadFilter, page: ListPage): Promise<{ rows: LeadRow[]; total: number }> {
    const where = this.where(filter);
    const order = filter.sort === 'oldest' ? [asc(leads.createdAt), asc(leads.id)] : [desc(leads.createdAt), desc(leads.id)];
    const query = this.db.select().from(leads).where(where).orderBy(...order).$dynamic();
    if (page.limit !== undefined) query.limit(page.limit).offset(page.offset ?? 0);
    const [rows, [{ total }]] = await Promise.all([query, this.db.select({ total: count() }).from(leads).where(where)]);
    return { rows, total };
  }

  async updateStatus(id: string, status: LeadStatus): Promise<LeadRow | undefined> {
    const [row] = await this.db.update(leads).set({ status }).where(eq(leads.id, id)).returning();
    return row;
  }

  private where(filter: LeadFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (filter.status) conditions.push(eq(leads.status, filter.status));
    if (filter.q) {
      const pattern = likePattern(filter.q);
      conditions.push(or(ilike(leads.name, pattern), ilike(leads.email, pattern), ilike(leads.message, pattern)));
    }
    return and(...conditions);
  }
}
