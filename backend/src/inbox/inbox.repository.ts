import { required } from '@brightwave/common';
import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AuditInTransaction } from '../audit/audit-log';
import { keysetPages, listRows, listWhere, type ListColumns, type ListedRow } from '../common/list-rows';
import { listColumnsOf } from '../items/item-kinds';
import { answeredQuestions, type AnsweredQuestion } from '../items/answered-questions.repository';
import type { Database } from '../database/database';
import type { InboxTable, Row } from './inbox-table';
import { OutboxRepository, type Notifications, type PlannedMessage } from '../deliveries/outbox.repository';
import { RoundRobinRepository } from '../deliveries/round-robin.repository';
import { FormTokenUsesRepository } from '../spam-triage/form-token-uses.repository';
import type { TokenUse } from '../spam-triage/form-tokens';
import { type ListPage, type ListFilter } from '../common/list-filter';

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
 * The SQL of an inbox (leads, contact messages), written once for both tables: the submission with its
 * notifications and form token in one prepared statement, the lists, and the spam changes with their messages and
 * audit entry in one transaction (status changes: items/item-status.repository.ts). A subclass names its table; a
 * submission fills every other column.
 */
export abstract class InboxRepository<Table extends InboxTable> {
  /** Built once: the forms are the busiest writes, and drizzle then skips rebuilding the SQL each time. */
  private readonly insertStatement;
  private readonly insertWithMessagesStatement;
  private readonly listColumns: ListColumns;

  private readonly table: Table;

  /** `entry`: the kind's entry of the registry (items/item-kinds.ts). */
  protected constructor(
    private readonly db: Database,
    entry: { kind: 'lead' | 'contact'; table: Table },
  ) {
    const { kind, table } = entry;
    this.table = table;
    this.listColumns = listColumnsOf(kind);
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

  /** The custom questions the rows of the list's filter answered, each once (the CSV export's columns). */
  answeredQuestions(filter: InboxFilter): Promise<AnsweredQuestion[]> {
    const where = listWhere(this.listColumns, { ...filter, where: eq(this.table.spam, filter.spam) });
    return answeredQuestions(this.db, this.table, this.table, where);
  }

  async findById(id: string): Promise<Row<Table> | undefined> {
    const [row] = await this.db
      .select()
      .from(this.table as PgTable)
      .where(eq(this.table.id, id));
    return row as Row<Table> | undefined;
  }

  /**
   * Moves the submission into suspected spam or out of it; `messages` (its notifications, when it leaves spam) are
   * written in the same transaction, and only when the flag changed: a repeated request sends nothing twice. So is
   * its audit entry (`audit`, given the flag before).
   */
  async setSpam(id: string, spam: boolean, messages: PlannedMessage[], audit: AuditInTransaction<boolean>): Promise<Row<Table> | undefined> {
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
/** What a submission stores: every column but those the database fills (FILLED_BY_DATABASE), none left out. */
export type Submission<Table extends InboxTable> = Required<
  Omit<Table['$inferInsert'], 'id' | 'spam' | 'createdAt' | 'updatedAt' | 'ownerId' | 'followUpAt' | 'followUpById' | 'followUpRemindedAt'>
>;
