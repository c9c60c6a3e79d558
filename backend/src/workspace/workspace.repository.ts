import { ITEM_KINDS, isClosedStatus, type AdminRole, type WorkItemKind } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, lte, ne, not, notInArray, sql } from 'drizzle-orm';
import type { AuditExecutor } from '../audit/audit.repository';
import { DATABASE, type Database } from '../database/database';
import { admins, auditEntries, deliveries, itemNotes, type AuditEntryRow, type DeliveryRow, type NewDelivery } from '../database/schema';
import { OutboxRepository } from '../deliveries/outbox.repository';
import { ITEMS, recordsOf, type AnyItemRecord } from '../items/item-kinds';

/** Suspected spam is no one's work; a kind without a spam flag (applications) has none. */
const notSpam = (kind: WorkItemKind) => {
  const { spam } = ITEMS[kind].columns;
  return spam && not(spam);
};

/** The statuses of the kind that leave nothing to follow up (ITEM_KINDS' closedStatuses) as an SQL condition on the status. */
const notClosed = (kind: WorkItemKind) => notInArray(ITEMS[kind].columns.status, [...ITEM_KINDS[kind].closedStatuses]);

/** What a mark that is no change of the item sets beside its own columns: the last change (retention counts from it) as it was. */
const lastChangeKept = (kind: WorkItemKind) => (ITEMS[kind].columns.updatedAt ? { updatedAt: sql`updated_at` } : {});

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

/** A reminder to queue: the item, and whom to tell (its owner, else who set the follow-up, if their role covers it). */
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

  /**
   * Unassigns every item of `kinds` that `ownerId` owns, inside the caller's transaction (their role changed, or their
   * account was disabled); `audit` writes the owner changes of each kind's items in it. Answers how many items. The
   * items' last change (their retention) stays as it was: nobody worked on them.
   */
  static async unassignAllOf(
    tx: Pick<Database, 'update'>,
    ownerId: string,
    kinds: readonly WorkItemKind[],
    audit: (kind: WorkItemKind, ids: string[]) => Promise<void>,
  ): Promise<number> {
    let unassigned = 0;
    for (const kind of kinds) {
      const { table, columns } = ITEMS[kind];
      const released = await tx
        .update(table)
        .set({ ownerId: null, ...lastChangeKept(kind) })
        .where(eq(columns.ownerId, ownerId))
        .returning({ id: columns.id });
      if (released.length === 0) continue;
      await audit(
        kind,
        released.map((row) => row.id as string),
      );
      unassigned += released.length;
    }
    return unassigned;
  }

  /** The item (with what it names elsewhere: an application's job). */
  async findItem(kind: WorkItemKind, id: string): Promise<AnyItemRecord | undefined> {
    const [record] = await recordsOf(this.db, kind, eq(ITEMS[kind].columns.id, id));
    return record;
  }

  /** The name of the admin with this id; null for nobody, or an account that is gone. */
  async adminName(id: string | null): Promise<string | null> {
    if (id === null) return null;
    const [admin] = await this.db.select({ name: admins.name }).from(admins).where(eq(admins.id, id));
    return admin?.name ?? null;
  }

  /** The other submissions (not spam) from this address, any case, of the kinds given, oldest first. */
  async related(email: string, exceptId: string, kinds: readonly WorkItemKind[]): Promise<{ kind: WorkItemKind; id: string; createdAt: Date }[]> {
    const found = await Promise.all(
      kinds.map(async (kind) => {
        const { table, columns } = ITEMS[kind];
        const rows = await this.db
          .select({ id: columns.id, createdAt: columns.createdAt })
          .from(table)
          .where(and(sql`lower(${columns.email}) = lower(${email})`, ne(columns.id, exceptId), notSpam(kind)))
          .orderBy(asc(columns.createdAt))
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
      .where(eq(itemNotes[ITEMS[kind].noteKey], id))
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
   * (`mail`, if any) are written in the same transaction. Undefined when there is no such item; `'owner-invalid'` when
   * the new owner is no longer an active admin of one of `roles`. The new owner's row is locked (shared) first: a
   * change of their role or account waits for this assignment and then unassigns it (AdminsService.change), or
   * comes first and is seen here.
   */
  async setOwner(
    kind: WorkItemKind,
    id: string,
    ownerId: string | null,
    roles: readonly AdminRole[],
    audit: (tx: AuditExecutor, change: OwnerChange) => Promise<void>,
    mail: NewDelivery | undefined,
  ): Promise<OwnerChange | 'owner-invalid' | undefined> {
    const { table, columns } = ITEMS[kind];
    return this.db.transaction(async (tx) => {
      if (ownerId !== null) {
        const [eligible] = await tx
          .select({ id: admins.id })
          .from(admins)
          .where(and(eq(admins.id, ownerId), isNull(admins.disabledAt), inArray(admins.role, [...roles])))
          .for('share');
        if (!eligible) return 'owner-invalid';
      }
      const [before] = await tx.select({ ownerId: columns.ownerId }).from(table).where(eq(columns.id, id)).for('update');
      if (!before) return undefined;
      const from = before.ownerId as string | null;
      if (from === ownerId) return { from, to: ownerId, fromName: null, toName: null };
      const people = [from, ownerId].filter((person) => person !== null);
      const names = new Map(
        (await tx.select({ id: admins.id, name: admins.name }).from(admins).where(inArray(admins.id, people))).map((row) => [row.id, row.name]),
      );
      const change = { from, to: ownerId, fromName: from ? (names.get(from) ?? null) : null, toName: ownerId ? (names.get(ownerId) ?? null) : null };
      await tx.update(table).set({ ownerId }).where(eq(columns.id, id));
      await audit(tx, change);
      if (mail) await OutboxRepository.enqueue(tx, id, [mail]);
      return change;
    });
  }

  /** Sets or clears the follow-up (who set it is reminded when nobody owns the item); a new time is reminded anew. */
  async setFollowUp(kind: WorkItemKind, id: string, at: Date | null, byId: string, audit: (tx: AuditExecutor) => Promise<void>): Promise<boolean> {
    const { table, columns } = ITEMS[kind];
    return this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(table)
        .set({ followUpAt: at, followUpById: at ? byId : null, followUpRemindedAt: null })
        .where(eq(columns.id, id))
        .returning({ id: columns.id });
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
    const { table, columns, noteKey } = ITEMS[kind];
    return this.db.transaction(async (tx) => {
      const [item] = await tx.select({ id: columns.id }).from(table).where(eq(columns.id, id)).for('share');
      if (!item) return undefined;
      const [note] = await tx
        .insert(itemNotes)
        .values({ [noteKey]: id, text, authorId })
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
      .where(and(eq(itemNotes.id, noteId), eq(itemNotes[ITEMS[kind].noteKey], id)));
    return note;
  }

  /** Deletes the note with its audit entry; false when it was gone already. */
  async deleteNote(kind: WorkItemKind, id: string, noteId: string, audit: (tx: AuditExecutor) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(itemNotes)
        .where(and(eq(itemNotes.id, noteId), eq(itemNotes[ITEMS[kind].noteKey], id)))
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
        const { table, columns } = ITEMS[kind];
        const rows = await this.db
          .select({ id: columns.id, name: columns.name, status: columns.status, followUpAt: columns.followUpAt, createdAt: columns.createdAt })
          .from(table)
          .where(and(eq(columns.ownerId, ownerId), notClosed(kind), notSpam(kind)))
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
      const { table, columns } = ITEMS[kind];
      const [row] = await this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(table)
        .where(and(lte(columns.followUpAt, sql`now()`), notClosed(kind), notSpam(kind)));
      counts[kind] = row?.count ?? 0;
    }
    return counts;
  }

  /**
   * Claims up to `limit` follow-ups of `kind` that came due and were not reminded, queues their reminders (`mail`
   * makes the outbox row of one) and marks them reminded, in one transaction. SKIP LOCKED and the `reminded` mark
   * make each reminder go out once, however many instances look at the same time. The reminder goes to the owner,
   * else to whoever set the follow-up, each only while active and of one of `roles` (those that may see the kind);
   * a closed item, or one with nobody to tell, is marked without a mail.
   */
  async remindDue(kind: WorkItemKind, roles: readonly AdminRole[], limit: number, mail: (due: DueFollowUp) => NewDelivery | undefined): Promise<number> {
    const { table, columns } = ITEMS[kind];
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: columns.id, status: columns.status, followUpAt: columns.followUpAt, ownerId: columns.ownerId, followUpById: columns.followUpById })
        .from(table)
        .where(and(lte(columns.followUpAt, sql`now()`), isNull(columns.followUpRemindedAt), notSpam(kind)))
        .orderBy(asc(columns.followUpAt))
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
              .where(and(inArray(admins.id, [...people]), isNull(admins.disabledAt), inArray(admins.role, [...roles])));
      const emailOf = new Map(active.map((admin) => [admin.id, admin.email]));
      for (const row of due) {
        if (isClosedStatus(kind, row.status as string)) continue;
        const recipient = emailOf.get(row.ownerId as string) ?? emailOf.get(row.followUpById as string) ?? null;
        const message = recipient ? mail({ kind, id: row.id as string, recipient, followUpAt: row.followUpAt as Date }) : undefined;
        if (message) await OutboxRepository.enqueue(tx, row.id as string, [message]);
      }
      const ids = due.map((row) => row.id as string);
      // Marked with the time only: a reminder is no change of the item (its retention counts from its last change).
      await tx
        .update(table)
        .set({ followUpRemindedAt: sql`now()`, ...lastChangeKept(kind) })
        .where(inArray(columns.id, ids));
      return due.length;
    });
  }
}

/** The most items My work lists (a person owning more has a list to filter instead). */
export const OWNED_ITEMS_MAX = 500;
