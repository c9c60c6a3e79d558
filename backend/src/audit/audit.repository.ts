import { type AuditAction, type AuditActor, required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { keysetPages } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { auditEntries, type AuditEntryRow } from '../database/schema';
import { type ListPage } from '../common/list-filter';

/** The database or a transaction: an entry written with a transaction commits or rolls back with the change. */
export type AuditExecutor = Pick<Database, 'insert'>;
export type NewAuditEntry = Omit<typeof auditEntries.$inferInsert, 'id' | 'createdAt'>;

export interface AuditFilter {
  action?: AuditAction;
  actor?: AuditActor;
  adminId?: string;
  targetId?: string;
  from?: Date;
  /** Inclusive unless `toExclusive`. */
  to?: Date;
  toExclusive?: boolean;
}

/**
 * The setting the append-only trigger of audit_entries (migration 0009) reads: a DELETE is let through only in a
 * transaction that set it to 'on'.
 */
const PURGE_MARKER = 'brightwave.audit_purge';

/** Entries per insert statement in `insertMany`: eleven parameters each. */
const INSERT_CHUNK = 1000;

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.action && eq(auditEntries.action, filter.action),
    filter.actor && eq(auditEntries.actor, filter.actor),
    filter.adminId ? eq(auditEntries.adminId, filter.adminId) : undefined,
    filter.targetId ? eq(auditEntries.targetId, filter.targetId) : undefined,
    filter.from && gte(auditEntries.createdAt, filter.from),
    filter.to && (filter.toExclusive ? lt(auditEntries.createdAt, filter.to) : lte(auditEntries.createdAt, filter.to)),
  );
}

/**
 * Append-only: there is no update here, and the one delete is the retention purge's (`deleteOlderThan`). The
 * database refuses any other UPDATE, DELETE or TRUNCATE of the table.
 */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  static async insert(executor: AuditExecutor, entry: NewAuditEntry): Promise<void> {
    await executor.insert(auditEntries).values(entry);
  }

  /** Many entries, a thousand per statement (a statement holds at most 65,535 parameters). */
  static async insertMany(executor: AuditExecutor, entries: NewAuditEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
      await executor.insert(auditEntries).values(entries.slice(start, start + INSERT_CHUNK));
    }
  }

  /**
   * Removes the entries older than `before` (the audit retention); answers how many. `tx` must be a transaction:
   * the marker that lets this delete past the trigger is set for it alone, and cleared right after the delete, so
   * nothing else later in the same transaction can remove or change an entry.
   */
  static async deleteOlderThan(tx: Pick<Database, 'delete' | 'execute'>, before: Date): Promise<number> {
    await tx.execute(sql`select set_config(${PURGE_MARKER}, 'on', true)`);
    const removed = await tx.delete(auditEntries).where(lt(auditEntries.createdAt, before)).returning({ id: auditEntries.id });
    await tx.execute(sql`select set_config(${PURGE_MARKER}, 'off', true)`);
    return removed.length;
  }

  insert(entry: NewAuditEntry): Promise<void> {
    return AuditRepository.insert(this.db, entry);
  }

  /** Newest first; without a page, every matching entry. */
  async list(filter: AuditFilter, page: ListPage): Promise<{ rows: AuditEntryRow[]; total: number }> {
    const where = whereOf(filter);
    const query = this.db.select().from(auditEntries).where(where).orderBy(desc(auditEntries.createdAt), desc(auditEntries.id)).$dynamic();
    if (page.limit !== undefined) query.limit(page.limit).offset(page.offset ?? 0);
    const [rows, [counted]] = await Promise.all([query, this.db.select({ total: count() }).from(auditEntries).where(where)]);
    return { rows, total: required(counted, 'the count of audit entries').total };
  }

  /** Every matching entry, newest first, `pageSize` at a time (the CSV export). */
  pages(filter: AuditFilter, pageSize: number): AsyncGenerator<AuditEntryRow[]> {
    return keysetPages(this.db, auditEntries, { createdAt: auditEntries.createdAt, id: auditEntries.id }, { where: whereOf(filter), sort: 'newest' }, pageSize);
  }
}
