import type { AuditAction } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { ListPage } from '../common/list-query.dto';
import { DATABASE, type Database } from '../database/database';
import { auditEntries, type AuditEntryRow } from '../database/schema';

/** The database or a transaction: an entry written with a transaction commits or rolls back with the change. */
export type AuditExecutor = Pick<Database, 'insert'>;
export type NewAuditEntry = Omit<typeof auditEntries.$inferInsert, 'id' | 'createdAt'>;

export interface AuditFilter {
  action?: AuditAction;
  adminId?: string;
  targetId?: string;
  from?: Date;
  /** Inclusive unless `toExclusive`. */
  to?: Date;
  toExclusive?: boolean;
}

/** Append-only: there is no update here, and the one delete is the retention purge's (`deleteOlderThan`). */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  static async insert(executor: AuditExecutor, entry: NewAuditEntry): Promise<void> {
    await executor.insert(auditEntries).values(entry);
  }

  /** Removes the entries older than `before` (the audit retention); answers how many. */
  static async deleteOlderThan(tx: Pick<Database, 'delete'>, before: Date): Promise<number> {
    return (await tx.delete(auditEntries).where(lt(auditEntries.createdAt, before)).returning({ id: auditEntries.id })).length;
  }

  insert(entry: NewAuditEntry): Promise<void> {
    return AuditRepository.insert(this.db, entry);
  }

  /** Newest first; without a page, every matching entry. */
  async list(filter: AuditFilter, page: ListPage): Promise<{ rows: AuditEntryRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [
      filter.action && eq(auditEntries.action, filter.action),
      filter.adminId ? eq(auditEntries.adminId, filter.adminId) : undefined,
      filter.targetId ? eq(auditEntries.targetId, filter.targetId) : undefined,
      filter.from && gte(auditEntries.createdAt, filter.from),
      filter.to && (filter.toExclusive ? lt(auditEntries.createdAt, filter.to) : lte(auditEntries.createdAt, filter.to)),
    ];
    const where = and(...conditions);
    const query = this.db.select().from(auditEntries).where(where).orderBy(desc(auditEntries.createdAt), desc(auditEntries.id)).$dynamic();
    if (page.limit !== undefined) query.limit(page.limit).offset(page.offset ?? 0);
    const [rows, [{ total }]] = await Promise.all([query, this.db.select({ total: count() }).from(auditEntries).where(where)]);
    return { rows, total };
  }
}
