import { type AuditAction, type AuditActor, required } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, inArray, isNull, like, lt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { keysetPages } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import {
  adminInvites,
  admins,
  auditEntries,
  builtPages,
  contacts,
  contentVersions,
  jobApplications,
  jobs,
  leads,
  portfolioItems,
  type AuditEntryRow,
} from '../database/schema';
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
  /** Leaves out the system's noise (SYSTEM_NOISE). */
  hideSystem?: boolean;
}

/** What an entry is about, by kind and id (`targetKind`, `targetId`), or who acted (kind `admin`). */
export interface AuditRef {
  kind: string;
  id: string;
}

/** The readable names of `refs` found, keyed `<kind>:<id>`; a ref of a known kind not found is gone (deleted, erased). */
export type AuditNames = Map<string, string>;
export const auditNameKey = (kind: string, id: string) => `${kind}:${id}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The setting the append-only trigger of audit_entries (migration 0009) reads: a DELETE is let through only in a
 * transaction that set it to 'on'.
 */
const PURGE_MARKER = 'brightwave.audit_purge';

/** Entries per insert statement in `insertMany`: eleven parameters each. */
const INSERT_CHUNK = 1000;

/**
 * Entries that record nothing anyone did: whole-list reads (the admin screens' own list views, recorded as bulk reads
 * of personal data) and retention purges that removed nothing (every count zero).
 */
const SYSTEM_NOISE = or(
  eq(auditEntries.action, 'list.read_all'),
  and(
    eq(auditEntries.action, 'retention.purged'),
    sql`not exists (select 1 from jsonb_each(${auditEntries.details}) as counted where jsonb_typeof(counted.value) = 'number' and counted.value <> '0'::jsonb)`,
  ),
);

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.hideSystem ? not(required(SYSTEM_NOISE, 'the noise filter')) : undefined,
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

  /**
   * The names of the admins and items `refs` point at, one query per kind present: an admin's or applicant's name, a
   * lead's or contact's name, a job's or portfolio item's title, a page's draft title; an invitation (the target of
   * `admin.invited`) by its invitee's name. Only ids shaped as ids are looked for.
   */
  async namesOf(refs: AuditRef[]): Promise<AuditNames> {
    const idsOf = (kind: string) => [...new Set(refs.filter((ref) => ref.kind === kind && UUID.test(ref.id)).map((ref) => ref.id))];
    const names: AuditNames = new Map();
    const lookups: Promise<void>[] = [];
    const look = (kind: string, find: (ids: string[]) => Promise<{ id: string; name: string | null }[]>) => {
      const ids = idsOf(kind);
      if (ids.length === 0) return;
      lookups.push(
        find(ids).then((rows) => {
          for (const row of rows) if (row.name) names.set(auditNameKey(kind, row.id), row.name);
        }),
      );
    };
    look('admin', async (ids) => [
      ...(await this.db.select({ id: adminInvites.id, name: adminInvites.name }).from(adminInvites).where(inArray(adminInvites.id, ids))),
      ...(await this.db.select({ id: admins.id, name: admins.name }).from(admins).where(inArray(admins.id, ids))),
    ]);
    look('lead', (ids) => this.db.select({ id: leads.id, name: leads.name }).from(leads).where(inArray(leads.id, ids)));
    look('contact', (ids) => this.db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(inArray(contacts.id, ids)));
    look('application', (ids) =>
      this.db.select({ id: jobApplications.id, name: jobApplications.fullName }).from(jobApplications).where(inArray(jobApplications.id, ids)),
    );
    look('job', (ids) => this.db.select({ id: jobs.id, name: jobs.title }).from(jobs).where(inArray(jobs.id, ids)));
    look('portfolio', (ids) =>
      this.db.select({ id: portfolioItems.id, name: portfolioItems.projectTitle }).from(portfolioItems).where(inArray(portfolioItems.id, ids)),
    );
    // A live page's name is its newest draft's title; a deleted page has no document left.
    look('page', (ids) =>
      this.db
        .selectDistinctOn([builtPages.id], { id: builtPages.id, name: sql<string | null>`${contentVersions.fields}->>'title'` })
        .from(builtPages)
        .innerJoin(contentVersions, eq(contentVersions.pageKey, builtPages.contentKey))
        .where(and(inArray(builtPages.id, ids), isNull(builtPages.deletedAt), like(contentVersions.pageKey, 'page:%')))
        .orderBy(builtPages.id, desc(contentVersions.createdAt), desc(contentVersions.id)),
    );
    await Promise.all(lookups);
    return names;
  }

  /** Every matching entry, newest first, `pageSize` at a time (the CSV export). */
  pages(filter: AuditFilter, pageSize: number): AsyncGenerator<AuditEntryRow[]> {
    return keysetPages(this.db, auditEntries, { createdAt: auditEntries.createdAt, id: auditEntries.id }, { where: whereOf(filter), sort: 'newest' }, pageSize);
  }
}
