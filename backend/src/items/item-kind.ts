import type { DashboardStats, ItemKindFacts, NotificationRouteKey, StoredAnswer, WorkItemKind } from '@brightwave/common';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CsvColumns } from '../common/csv';
import type { Database } from '../database/database';

/** What every kind's row has (database/schema.ts: the inboxes' and the applications' tables share these columns). */
export interface ItemRowBase {
  id: string;
  email: string;
  status: string;
  ownerId: string | null;
  followUpAt: Date | null;
  createdAt: Date;
}

/** The columns of a kind's table that the code for every kind reads, under one type. */
export interface ItemColumns {
  id: AnyPgColumn<{ data: string; notNull: true }>;
  email: PgColumn;
  status: AnyPgColumn<{ data: string; notNull: true }>;
  createdAt: AnyPgColumn<{ data: Date; notNull: true }>;
  ownerId: PgColumn;
  followUpAt: PgColumn;
  followUpById: PgColumn;
  followUpRemindedAt: PgColumn;
  source: AnyPgColumn<{ data: string; notNull: false }>;
  medium: AnyPgColumn<{ data: string; notNull: false }>;
  /** The answers to the form's custom questions (jsonb, StoredAnswer[]). */
  answers: PgColumn;
  /** The sender's name: `name`, or an application's `full_name`. */
  name: PgColumn;
  /** What the lists' `q` searches. */
  search: PgColumn[];
  /** Suspected spam (leads and contact messages): kept out of lists, counts and My work, told to nobody. */
  spam?: PgColumn;
  /** When the status last changed (applications: the board's days in this status). */
  statusChangedAt?: PgColumn;
  /** The last change, from which retention counts (leads and contact messages): a reminder or an unassignment keeps it. */
  updatedAt?: PgColumn;
  /** The key of its file in the resume storage, removed with the row (an application's resume). */
  fileKey?: PgColumn;
}

/** A label and value row of a mail. */
export type MailField = [label: string, value: string];

/** What the mails about an item say besides its sender (greeted by the confirmation, the staff mail's Reply-To); deliveries/delivery-mails.ts lays them out. */
export interface ItemMails {
  /** The staff mail (every field the visitor sent); its link, labelled `link`, opens the item's page in the admin app. */
  staff: { subject: string; paragraph: string; fields: MailField[]; link: string };
  /** The visitor's confirmation: only our own labels, never the visitor's text (it goes to whatever address was typed). */
  confirmation: { subject: string; paragraph: string; fields: MailField[] };
  /** What the workspace mails (assigned, reminder) call the item: "the quote request from Ann Lee". */
  itemName: string;
}

/** What a chat post says of an item besides its kind and sender: never the visitor's address, phone or message. */
export interface ItemChatFacts {
  aboutTitle: string;
  about: string;
}

/**
 * The types of one kind: `row`, its table's row; `record`, the row with what it names elsewhere (an application's
 * job); `subject`, the part of the record its mails, chat posts and timeline show; `item`, what the API answers.
 */
export interface ItemTypes<Row extends ItemRowBase = ItemRowBase> {
  row: Row;
  record: Row;
  subject: object;
  item: object;
}

/**
 * Everything the backend knows of one kind of item: the facts it shares with the apps (ITEM_KINDS), and what only
 * the server has. Each kind's folder defines its entry (`leads/lead-kind.ts`…); items/item-kinds.ts lists them, and
 * the code for every kind (workspace, mails, webhooks, dashboard, analytics, privacy, status changes) reads that list.
 */
export interface ItemKind<Kind extends WorkItemKind, Types extends ItemTypes> extends ItemKindFacts<Types['row']['status']> {
  kind: Kind;
  table: PgTable;
  columns: ItemColumns;
  /** The path parameter of the item in its routes when not `id` (`/api/jobs/applications/:applicationId`). */
  idParam?: 'applicationId';
  /** The column of `item_notes` that names an item of this kind. */
  noteKey: 'leadId' | 'contactId' | 'applicationId';
  /** A list of them: its key in the answers (lists, privacy export and erasure), its name in the audit log and its CSV file's. */
  list: 'leads' | 'contacts' | 'applications';
  /** The dashboard's count of each status. */
  statusCounts: keyof Pick<DashboardStats, 'leadsByStatus' | 'contactsByStatus' | 'applicationsByStatus'>;
  /**
   * Tables besides `item_notes` whose rows go with an item of this kind (foreign keys, on delete cascade): scrubbed
   * with it after an erasure or a purge.
   */
  cascades?: PgTable[];
  /**
   * Its texts: what the API document calls one ("lead", "contact message") and the site's form it comes from ("quote",
   * "contact"), the answer's message to that form, and the answer to an unknown id.
   */
  texts: { one: string; form: string; created: string; notFound: string };
  /** The sender's name, as typed in the form. */
  sender: (subject: Types['subject']) => string;
  /** The item as the API answers it. */
  toItem: (row: Types['row']) => Types['item'];
  /** The item as the privacy export shows it, with what the lists leave out. */
  exported: (record: Types['record']) => object;
  csv: CsvColumns<Types['row']>;
  /** The notification route whose staff is told of a new one (Settings → Notifications). */
  route: (record: Types['record']) => NotificationRouteKey;
  /** The records `where` selects (a condition on the kind's table). */
  records: (db: Pick<Database, 'select'>, where: SQL | undefined) => Promise<Types['record'][]>;
  mails: (subject: Types['subject']) => ItemMails;
  chat: (subject: Types['subject']) => ItemChatFacts;
  /** What the first line of its timeline says the sender did. */
  submitted: (subject: Types['subject']) => string;
}

/**
 * The names a kind's key gives its parts, by one convention: its list (`leads`), the column of `item_notes` naming
 * one (`leadId`), the dashboard's count of each status (`leadsByStatus`).
 */
export function itemNames<Kind extends WorkItemKind>(kind: Kind) {
  return { kind, list: `${kind}s`, noteKey: `${kind}Id`, statusCounts: `${kind}sByStatus` } as const;
}

/** A mail's field row only when the visitor filled the field in. */
export const optionalField = (label: string, value: string | null): MailField[] => (value ? [[label, value]] : []);

/** A staff mail's rows of the answers to the form's custom questions: "label: answer", each as it was given. */
export const answerFields = (answers: StoredAnswer[]): MailField[] => answers.map((answer) => [answer.label, answer.text]);
