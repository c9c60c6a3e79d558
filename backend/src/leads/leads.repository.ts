import type { LeadStatus } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { listRows, type ListFilter } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { leads, type LeadRow, type NewDelivery } from '../database/schema';
import { OutboxRepository } from '../deliveries/outbox.repository';

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

  /** Stores the lead and the messages it causes in one statement: both exist, or neither. */
  async insert(values: Pick<LeadRow, 'name' | 'email' | 'service' | 'message' | 'status'>, messages: NewDelivery[]): Promise<LeadRow> {
    if (messages.length === 0) return (await this.insertStatement.execute(values))[0];
    const inserted = this.db.$with('inserted').as(this.db.insert(leads).values(values).returning());
    const [row] = await this.db.with(inserted, OutboxRepository.queuedWith(this.db, inserted, messages)).select().from(inserted);
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
