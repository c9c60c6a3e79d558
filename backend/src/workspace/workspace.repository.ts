import { CLOSED_STATUSES, type AdminRole, type WorkItemKind } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuditExecutor } from '../audit/audit.repository';
import { DATABASE, type Database } from '../database/database';
import {
  admins,
  auditEntries,
  contacts,
  deliveries,
  itemNotes,
  jobApplications,
  jobs,
  leads,
  type AuditEntryRow,
  type ContactRow,
  type DeliveryRow,
  type JobApplicationRow,
  type LeadRow,
  type NewDelivery,
} from '../database/schema';
import { OutboxRepository } from '../deliveries/outbox.repository';

/** A row of one of the three kinds, with its kind. */
export type WorkRow = ({ kind: 'lead' } & LeadRow) | ({ kind: 'contact' } & ContactRow) | ({ kind: 'application' } & JobApplicationRow);

/** The columns every kind's table has, under one type: the three tables share them (schema.ts `workColumns`). */
interface WorkTable {
  id: PgColumn;
  email: PgColumn;
  status: PgColumn;
  ownerId: PgColumn;
  followUpAt: PgColumn;
  followUpById: PgColumn;
  followUpRemindedAt: PgColumn;
  createdAt: PgColumn;
  /** The sender's name: `name`, or an application's `full_name`. */
  name: PgColumn;
  /** Suspected spam is no one's work; applications have no spam flag. */
  notSpam: SQL | undefined;
  /** The note's column naming an item of this kind. */
  noteColumn: PgColumn;
}

const TABLES = { lead: leads, contact: contacts, application: jobApplications } as const;

const WORK_TABLES: Record<WorkItemKind, WorkTable> = {
  lead: { ...leads, name: leads.name, notSpam: eq(leads.spam, false), noteColumn: itemNotes.leadId },
  contact: { ...contacts, name: contacts.name, notSpam: eq(contacts.spam, false), noteColumn: itemNotes.contactId },
  application: { ...jobApplications, name: jobApplications.fullName, notSpam: undefined, noteColumn: itemNotes.applicationId },
};

/** The kinds whose statuses leave nothing to follow up (CLOSED_STATUSES) as an SQL condition on the status. */
const notClosed = (kind: WorkItemKind) => notInArray(WORK_TABLES[kind].status, [...CLOSED_STATUSES[kind]]);

export interface NoteWithAuthor {
  id: string;
  text: string;
  authorId: string | null;
  authorName: string | null;
  createdAt: Date;
}

/** An owner change, with the names the two admins had then (the audit entry keeps them). */
export interface OwnerChange {
  from: string | null;
  to: string | null;
  fromName: string | null;
  toName: string | null;
}

/** An item I own that is not closed (My work). */
export interface OwnedItem {
  kind: WorkItemKind;
  id: string;
  name: string;
  status: string;
  followUpAt: Date | null;
  createdAt: Date;
}

/** A reminder to queue: the item, and whom to tell (its owner, else who set the follow-up). */
export interface DueFollowUp {
  kind: WorkItemKind;
  id: string;
  recipient: string | null;
  followUpAt: Date;
}

/**
 * The SQL of the staff workspace (docs/features/workspace.md): owners, notes, follow-ups and their reminders for the
 * three kinds of items, and what an item's page and timeline read.
 */
@Injectable()
export class WorkspaceRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The item with its owner's name (null when unowned) and, for an application, its job's title. */
  async findItem(kind: WorkItemKind, id: string): Promise<{ row: WorkRow; ownerName: string | null; jobTitle: string | null } | undefined> {
    const table = WORK_TABLES[kind];
    const [found] = await this.db
      .select({ row: tableOf(kind), ownerName: admins.name, jobTitle: jobs.title })
      .from(tableOf(kind))
      .leftJoin(admins, eq(admins.id, table.ownerId))
      // Only an application has a job: for the other kinds the join finds nothing.
      .leftJoin(jobs, kind === 'application' ? eq(jobs.id, jobApplications.jobId) : sql`false`)
      .where(eq(table.id, id));
    if (!found) return undefined;
    return { row: { kind, ...found.row } as WorkRow, ownerName: found.ownerName, jobTitle: found.jobTitle };
  }

  /** The other submissions (not spam) from this address, any case, of the kinds given, oldest first. */
  async related(email: string, exceptId: string, kinds: readonly WorkItemKind[]): Promise<{ kind: WorkItemKind; id: string; createdAt: Date }[]> {
    const found = await Promise.all(
      kinds.map(async (kind) => {
        const table = WORK_TABLES[kind];
        const rows = await this.db
          .select({ id: table.id, createdAt: table.createdAt })
          .from(tableOf(kind))
          .where(and(sql`lower(${table.email}) = lower(${email})`, ne(table.id, exceptId), table.notSpam))
          .orderBy(asc(table.createdAt))
          .limit(50);
        return rows.map((row) => ({ kind, id: row.id as string, createdAt: row.createdAt as Date }));
      }),
    );
    return found.flat().sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** The item's notes, oldest first, with their authors' names. */
  notes(kind: WorkItemKind, id: string): Promise<NoteWithAuthor[]> {
    return this.db
      .select({ id: itemNotes.id, text: itemNotes.text, authorId: itemNotes.authorId, authorName: admins.name, createdAt: itemNotes.createdAt })
      .from(itemNotes)
      .leftJoin(admins, eq(admins.id, itemNotes.authorId))
      .where(eq(WORK_TABLES[kind].noteColumn, id))
      .orderBy(asc(itemNotes.createdAt), asc(itemNotes.id));
  }

  /** The active admins whose role is one of `roles`, by name. */
  assignees(roles: readonly AdminRole[]): Promise<{ id: string; name: string; email: string }[]> {
    return this.db
      .select({ id: admins.id, name: admins.name, email: admins.email })
      .from(admins)
      .where(and(isNull(admins.disabledAt), inArray(admins.role, [...roles])))
      .orderBy(asc(admins.name), asc(admins.id));
  }

  /**
   * Sets the owner under a lock on the item; when it changed, the audit entry (`audit`) and the new owner's mail
   * (`mail`, if any) are written in the same transaction. Undefined when there is no such item.
   */
  async setOwner(
    kind: WorkItemKind,
    id: string,
    ownerId: string | null,
    audit: (tx: AuditExecutor, change: OwnerChange) => Promise<void>,
    mail: NewDelivery | undefined,
  ): Promise<OwnerChange | undefined> {
    const table = WORK_TABLES[kind];
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ ownerId: table.ownerId }).from(tableOf(kind)).where(eq(table.id, id)).for('update');
      if (!before) return undefined;
      const from = before.ownerId as string | null;
      if (from === ownerId) return { from, to: ownerId, fromName: null, toName: null };
      const people = [from, ownerId].filter((person) => person !== null);
      const names = new Map(
        (await tx.select({ id: admins.id, name: admins.name }).from(admins).where(inArray(admins.id, people))).map((row) => [row.id, row.name]),
      );
      const change = { from, to: ownerId, fromName: from ? (names.get(from) ?? null) : null, toName: ownerId ? (names.get(ownerId) ?? null) : null };
      await tx.update(tableOf(kind)).set({ ownerId }).where(eq(table.id, id));
      await audit(tx, change);
      if (mail) await OutboxRepository.enqueue(tx, id, [mail]);
      return change;
    });
  }

  /** Sets or clears the follow-up (who set it is reminded when nobody owns the item); a new time is reminded anew. */
  async setFollowUp(kind: WorkItemKind, id: string, at: Date | null, byId: string, audit: (tx: AuditExecutor) => Promise<void>): Promise<boolean> {
    const table = WORK_TABLES[kind];
    return this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(tableOf(kind))
        .set({ followUpAt: at, followUpById: at ? byId : null, followUpRemindedAt: null })
        .where(eq(table.id, id))
        .returning({ id: table.id });
      if (!changed) return false;
      await audit(tx);
      return true;
    });
  }

  /** Adds a note with its audit entry; undefined when the item does not exist (the foreign key refuses it). */
  async addNote(
    kind: WorkItemKind,
    id: string,
    text: string,
    authorId: string,
    audit: (tx: AuditExecutor, noteId: string) => Promise<void>,
  ): Promise<NoteWithAuthor | undefined> {
    const table = WORK_TABLES[kind];
    return this.db.transaction(async (tx) => {
      const [item] = await tx.select({ id: table.id }).from(tableOf(kind)).where(eq(table.id, id)).for('share');
      if (!item) return undefined;
      const [note] = await tx
        .insert(itemNotes)
        .values({ [NOTE_KEYS[kind]]: id, text, authorId })
        .returning();
      if (!note) return undefined;
      await audit(tx, note.id);
      const [author] = await tx.select({ name: admins.name }).from(admins).where(eq(admins.id, authorId));
      return { id: note.id, text: note.text, authorId, authorName: author?.name ?? null, createdAt: note.createdAt };
    });
  }

  /** The note of this item, if any (its author, for the permission to delete it). */
  async findNote(kind: WorkItemKind, id: string, noteId: string): Promise<{ authorId: string | null } | undefined> {
    const [note] = await this.db
      .select({ authorId: itemNotes.authorId })
      .from(itemNotes)
      .where(and(eq(itemNotes.id, noteId), eq(WORK_TABLES[kind].noteColumn, id)));
    return note;
  }

  /** Deletes the note with its audit entry; false when it was gone already. */
  async deleteNote(kind: WorkItemKind, id: string, noteId: string, audit: (tx: AuditExecutor) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(itemNotes)
        .where(and(eq(itemNotes.id, noteId), eq(WORK_TABLES[kind].noteColumn, id)))
        .returning({ id: itemNotes.id });
      if (!deleted) return false;
      await audit(tx);
      return true;
    });
  }

  /** The audit entries about the item, oldest first, with the names of the admins who acted. */
  async auditOf(kind: WorkItemKind, id: string): Promise<(AuditEntryRow & { adminName: string | null })[]> {
    const rows = await this.db
      .select({ entry: auditEntries, adminName: admins.name })
      .from(auditEntries)
      .leftJoin(admins, eq(admins.id, auditEntries.adminId))
      .where(and(eq(auditEntries.targetId, id), eq(auditEntries.targetKind, kind)))
      .orderBy(asc(auditEntries.createdAt), asc(auditEntries.id));
    return rows.map((row) => ({ ...row.entry, adminName: row.adminName }));
  }

  /** The outbox rows about the item (mails, webhook calls, reminders), oldest first. */
  deliveriesOf(id: string): Promise<DeliveryRow[]> {
    return this.db.select().from(deliveries).where(eq(deliveries.subjectId, id)).orderBy(asc(deliveries.createdAt), asc(deliveries.id));
  }

  /** The open items of these kinds that `ownerId` owns: overdue first, then by follow-up, then newest (at most 500). */
  async ownedBy(ownerId: string, kinds: readonly WorkItemKind[]): Promise<OwnedItem[]> {
    const found = await Promise.all(
      kinds.map(async (kind) => {
        const table = WORK_TABLES[kind];
        const rows = await this.db
          .select({ id: table.id, name: table.name, status: table.status, followUpAt: table.followUpAt, createdAt: table.createdAt })
          .from(tableOf(kind))
          .where(and(eq(table.ownerId, ownerId), notClosed(kind), table.notSpam))
          .limit(OWNED_ITEMS_MAX);
        return rows.map((row) => ({ kind, ...row }) as OwnedItem);
      }),
    );
    const now = Date.now();
    const overdue = (item: OwnedItem) => item.followUpAt !== null && item.followUpAt.getTime() <= now;
    return found
      .flat()
      .sort(
        (a, b) =>
          Number(overdue(b)) - Number(overdue(a)) ||
          (a.followUpAt?.getTime() ?? Infinity) - (b.followUpAt?.getTime() ?? Infinity) ||
          b.createdAt.getTime() - a.createdAt.getTime(),
      )
      .slice(0, OWNED_ITEMS_MAX);
  }

  /** How many open items of each kind are overdue (the dashboard). */
  async overdueCounts(kinds: readonly WorkItemKind[]): Promise<Record<WorkItemKind, number>> {
    const counts = { lead: 0, contact: 0, application: 0 };
    for (const kind of kinds) {
      const table = WORK_TABLES[kind];
      const [row] = await this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(tableOf(kind))
        .where(and(lte(table.followUpAt, sql`now()`), notClosed(kind), table.notSpam));
      counts[kind] = row?.count ?? 0;
    }
    return counts;
  }

  /**
   * Claims up to `limit` follow-ups of `kind` that came due and were not reminded, queues their reminders (`mail`
   * makes the outbox row of one) and marks them reminded, in one transaction. SKIP LOCKED and the `reminded` mark
   * make each reminder go out once, however many instances look at the same time. A closed item, or one with nobody
   * active to tell, is marked without a mail.
   */
  async remindDue(kind: WorkItemKind, limit: number, mail: (due: DueFollowUp) => NewDelivery | undefined): Promise<number> {
    const table = WORK_TABLES[kind];
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: table.id, status: table.status, followUpAt: table.followUpAt, ownerId: table.ownerId, followUpById: table.followUpById })
        .from(tableOf(kind))
        .where(and(lte(table.followUpAt, sql`now()`), isNull(table.followUpRemindedAt), table.notSpam))
        .orderBy(asc(table.followUpAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const people = new Set(due.flatMap((row) => [row.ownerId, row.followUpById]).filter((id) => typeof id === 'string') as string[]);
      const active =
        people.size === 0
          ? []
          : await tx
              .select({ id: admins.id, email: admins.email })
              .from(admins)
              .where(and(inArray(admins.id, [...people]), isNull(admins.disabledAt)));
      const emailOf = new Map(active.map((admin) => [admin.id, admin.email]));
      const closed = CLOSED_STATUSES[kind] as readonly string[];
      for (const row of due) {
        if (closed.includes(row.status as string)) continue;
        const recipient = emailOf.get(row.ownerId as string) ?? emailOf.get(row.followUpById as string) ?? null;
        const message = recipient ? mail({ kind, id: row.id as string, recipient, followUpAt: row.followUpAt as Date }) : undefined;
        if (message) await OutboxRepository.enqueue(tx, row.id as string, [message]);
      }
      const ids = due.map((row) => row.id as string);
      // Marked with the time only: a reminder is no change of the item (its retention counts from its last change).
      await tx
        .update(tableOf(kind))
        .set(kind === 'application' ? { followUpRemindedAt: sql`now()` } : { followUpRemindedAt: sql`now()`, updatedAt: sql`updated_at` })
        .where(inArray(table.id, ids));
      return due.length;
    });
  }
}

/** The most items My work lists (a person owning more has a list to filter instead). */
export const OWNED_ITEMS_MAX = 500;

const NOTE_KEYS = { lead: 'leadId', contact: 'contactId', application: 'applicationId' } as const satisfies Record<
  WorkItemKind,
  keyof typeof itemNotes.$inferInsert
>;

/**
 * The table of a kind, typed as one of them: the statements here use only the columns all three share, and drizzle's
 * types cannot follow a table chosen at run time (as in InboxRepository).
 */
function tableOf(kind: WorkItemKind): typeof leads {
  return TABLES[kind] as typeof leads;
}
