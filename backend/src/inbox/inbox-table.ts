import type { contacts, leads } from '../database/schema';

/** The tables of the inboxes: every column the inbox's code reads or changes is in both. */
export type InboxTable = typeof leads | typeof contacts;

/** A row of an inbox's table. */
export type Row<Table extends InboxTable> = Table['$inferSelect'];
