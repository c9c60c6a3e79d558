import type { LeadStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { listRows, type ListFilter } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { leads, type LeadRow } from '../database/schema';

@Injectable()
export class LeadsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: typeof leads.$inferInsert): Promise<LeadRow> {
    const [row] = await this.db.insert(leads).values(values).returning();
    return row;
  }

  list(filter: ListFilter, page: ListPage): Promise<{ rows: LeadRow[]; total: number }> {
    const columns = { createdAt: leads.createdAt, id: leads.id, status: leads.status, search: [leads.name, leads.email, leads.message] };
    return listRows(this.db, leads, columns, filter, page);
  }

  async updateStatus(id: string, status: LeadStatus): Promise<LeadRow | undefined> {
    const [row] = await this.db.update(leads).set({ status }).where(eq(leads.id, id)).returning();
    return row;
  }
}
