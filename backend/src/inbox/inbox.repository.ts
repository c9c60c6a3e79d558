import { CLOSED_STATUSES, required } from '@brightwave/common';
import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AuditInTransaction } from '../audit/audit-log';
import type { ListPage } from '../common/list-query.dto';
import { keysetPages, listRows, listWhere, type ListColumns, type ListedRow, type ListFilter } from '../common/list-rows';
import type { Database } from '../database/database';
import type { contacts, leads, NewDelivery } from '../database/schema';
import { OutboxRepository, type Notifications } from '../deliveries/outbox.repository';
import { RoundRobinRepository } from '../deliveries/round-robin.repository';
import { FormTokenUsesRepository } from '../spam-triage/form-token-uses.repository';
import type { TokenUse } from '../spam-triage/form-tokens';

/** The tables of the inboxes: every column this repository reads or changes is in both. */
export type InboxTable = typeof leads | typeof contacts;

/** The columns a submission leaves to the database. */
const FILLED_BY_DATABASE: readonly string[] = [
  'id',
  'spam',
  'createdAt',
  'updatedAt',
  'ownerId',
  'followUpAt',
  'followUpById',
  'followUpRemindedAt',
] satisfies Array<keyof Row<InboxTable>>;

/** A list of an inbox: the inbox itself (`spam` false) or the suspected spam. */
export type InboxFilter = ListFilter & { spam: boolean };

/**
 * The SQL of an inbox (leads, contact queries), written once for both tables: the submission with its
 * notifications and form token in one prepared statement, the lists, and the status and spam changes with their
 * messages and audit entry in one transaction. A subclass names its table; a submission fills every other column.
 */
export abstract class InboxRepository<Table extends InboxTable> {
  /** Built once: the forms are the busiest writes, and drizzle then skips rebuilding the SQL each time. */
  private readonly insertStatement;
  private readonly insertWithMessagesStatement;
  private readonly listColumns: ListColumns;

  protected constructor(
    private readonly db: Database,
    private readonly table: Table,
    kind: 'lead' | 'contact',
  ) {
    this.listColumns = {
      createdAt: table.createdAt,
      id: table.id,
      status: table.status,
      search: [table.name, table.email, table.message],
      work: { ownerId: table.ownerId, followUpAt: table.followUpAt, closedStatuses: CLOSED_STATUSES[kind], source: table.source, medium: table.medium },
    };
    const submitted = Object.keys(getTableColumns(table)).filter((column) => !FILLED_BY_DATABASE.includes(column));
    const columns = Object.fromEntries(submitted.map((column) => [column, sql.placeholder(column)]));
    // The same statements for either table: drizzle's types cannot follow a table chosen at run time.
    const anyTable = table as PgTable;
    this.insertStatement = db
      .insert(anyTable)
      .values(columns as never)
      .returning()
      .prepare(`insert_${kind}`);
    const claimed = FormTokenUsesRepository.claimedWith(db);
    const spam = FormTokenUsesRepository.spentBefore(claimed);
    const [eligible, turn, assignee] = RoundRobinRepository.assigneeWith(db, kind, spam);
    const inserted = db.$with('inserted').as(
      db
        .insert(anyTable)
        .values({ ...columns, spam, ownerId: RoundRobinRepository.ownerOf(assignee) } as never)
        .returning(),
    );
    this.insertWithMessagesStatement = db
      .with(
        claimed,
        eligible,
        turn,
        assignee,
        inserted,
        ...OutboxRepository.queuedWith(db, inserted),
        ...RoundRobinRepository.announcedWith(db, kind, inserted, assignee),
      )
      .select()
      .from(inserted)
      .prepare(`insert_${kind}_with_messages`);
  }

  /**
   * Stores the submission and the messages it causes in one statement: all exist, or none. With a fresh form token
   * (`token`) the same statement spends it; one spent before makes the submission suspected spam, which sends nothing.
   * The route's round-robin (`notifications.assignment`) gives it an owner in the same statement, with the owner's
   * mail and the audit entry of the assignment; spam gets no owner.
   */
  async insert(values: Submission<Table> & { spam?: boolean }, notifications: Notifications, token?: TokenUse): Promise<Row<Table>> {
    if (values.spam)
      return required(
        (
          (await this.db
            .insert(this.table as PgTable)
            .values(values)
            .returning()) as Row<Table>[]
        )[0],
        'the inserted row',
      );
    if (!token && notifications.messages.length === 0 && !notifications.confirmation && !notifications.assignment) {
      return required(((await this.insertStatement.execute(values)) as Row<Table>[])[0], 'the inserted row');
    }
    const [row] = await this.insertWithMessagesStatement.execute({
      ...values,
      ...FormTokenUsesRepository.params(token),
      ...OutboxRepository.messageParams(notifications),
      ...RoundRobinRepository.params(notifications.assignment),
    });
    return row as Row<Table>;
  }

  /** A page of the inbox or of the suspected spam, each row with its owner's name, and the total (estimated past LIST_EXACT_TOTAL_MAX). */
  list(filter: InboxFilter, page: ListPage): Promise<{ rows: ListedRow<Table>[]; total: number; totalEstimated?: true }> {
    return listRows(this.db, this.table, this.listColumns, { ...filter, where: eq(this.table.spam, filter.spam) }, page);
  }

  /** Every row of the list's filter, in its order, `pageSize` at a time (the CSV export). */
  pages(filter: InboxFilter, pageSize: number): AsyncGenerator<Row<Table>[]> {
    const where = listWhere(this.listColumns, { ...filter, where: eq(this.table.spam, filter.spam) });
    return keysetPages(this.db, this.table, this.listColumns, { where, sort: filter.sort }, pageSize);
  }

  async findById(id: string): Promise<Row<Table> | undefined> {
    const [row] = await this.db
      .select()
      .from(this.table as PgTable)
      .where(eq(this.table.id, id));
    return row as Row<Table> | undefined;
  }

  /**
   * Changes the status; the webhook `calls` of the change (none for spam) and its audit entry (given the status
   * before) are written in the same transaction.
   */
  async updateStatus(
    id: string,
    status: Row<Table>['status'],
    calls: NewDelivery[],
    audit: AuditInTransaction<Row<Table>['status']>,
  ): Promise<Row<Table> | undefined> {
    const table = this.table;
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ status: table.status, spam: table.spam })
        .from(table as PgTable)
        .where(eq(table.id, id))
        .for('update');
      if (!before) return undefined;
      const [row] = await tx
        .update(table as PgTable)
        .set({ status })
        .where(eq(table.id, id))
        .returning();
      if (!before.spam) await OutboxRepository.enqueueStatusChange(tx, id, calls, before.status, status);
      await audit(tx, before.status);
      return row as Row<Table>;
    });
  }

  /**
   * Moves the submission into suspected spam or out of it; `messages` (its notifications, when it leaves spam) are
   * written in the same transaction, and only when the flag changed: a repeated request sends nothing twice. So is
   * its audit entry (`audit`, given the flag before).
   */
  async setSpam(id: string, spam: boolean, messages: NewDelivery[], audit: AuditInTransaction<boolean>): Promise<Row<Table> | undefined> {
    const table = this.table;
    return this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(table as PgTable)
        .set({ spam })
        .where(and(eq(table.id, id), ne(table.spam, spam)))
        .returning();
      if (!changed)
        return (
          await tx
            .select()
            .from(table as PgTable)
            .where(eq(table.id, id))
        )[0] as Row<Table> | undefined;
      await OutboxRepository.enqueue(tx, id, messages);
      await audit(tx, !spam);
      return changed as Row<Table>;
    });
  }
}

/** A row of an inbox table. */
export type Row<Table extends InboxTable> = Table['$inferSelect'];

/** What a submission stores: every column but those the database fills (FILLED_BY_DATABASE), none left out. */
export type Submission<Table extends InboxTable> = Required<
  Omit<Table['$inferInsert'], 'id' | 'spam' | 'createdAt' | 'updatedAt' | 'ownerId' | 'followUpAt' | 'followUpById' | 'followUpRemindedAt'>
>;
