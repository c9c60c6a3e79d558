import type { LeadStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { listRows, type ListFilter } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { leads, type LeadRow } from '../database/schema';

@Injectable()
export class LeadsRepository {
  /** Built once: the quote form is the busiest write, and drizzle then skips rebuilding the SQL each time. */
  private readonly insertStatement;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.insertStatement = db
      .insert(leads)
      .values({
        name: sql.placeholder('name'),
        email: sql.placeholder('email'),
        service: sql.placeholder('service'),
        message: sql.placeholder('message'),
        status: sql.placeholder('status'),
      })
      .returning()
      .prepare('insert_lead');
  }

  async insert(values: Pick<LeadRow, 'name' | 'email' | 'service' | 'message' | 'status'>): Promise<LeadRow> {
    const [row] = await this.insertStatement.execute(values);
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
