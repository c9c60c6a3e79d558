import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CsvColumns } from '../common/csv';
import type { Database } from '../database/database';
import { itemCsv, type OwnCsvColumn } from '../items/item-csv';
import { itemNames } from '../items/item-kind';
import type { InboxTable, Row } from './inbox-table';

/** The sender of a quote request or contact message: the name they typed. */
const sender = (row: { name: string }) => row.name;

/**
 * The parts of a registry entry (items/item-kinds.ts) that the inboxes' kinds (leads, contact messages) share: the
 * names of their kind, their table (its lists search the name, e-mail and message), their sender, their records (the
 * rows themselves) and their privacy export (the item with its spam flag and last change).
 */
export function inboxKindParts<Kind extends 'lead' | 'contact', Table extends InboxTable, Item>(kind: Kind, table: Table, toItem: (row: Row<Table>) => Item) {
  return {
    ...itemNames(kind),
    table,
    columns: { ...table, search: [table.name, table.email, table.message] },
    sender,
    toItem,
    exported: (row: Row<Table>) => ({ ...toItem(row), spam: row.spam, updatedAt: row.updatedAt.toISOString() }),
    // Either table: drizzle's types cannot follow a table chosen by the caller.
    records: async (db: Pick<Database, 'select'>, where: SQL | undefined) =>
      (await db
        .select()
        .from(table as PgTable)
        .where(where)) as Row<Table>[],
  };
}

/** An inbox kind's CSV export: the sender's name and address, then its own columns, then what every kind's has (itemCsv). */
export function inboxCsv<InboxRow extends Row<InboxTable>>(kind: 'lead' | 'contact', own: OwnCsvColumn<InboxRow>[]): CsvColumns<InboxRow> {
  return itemCsv(kind, sender, own);
}
