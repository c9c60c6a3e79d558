import { ITEM_KINDS, type WorkItemKind } from '@brightwave/common';
import type { SQL } from 'drizzle-orm';
import type { ListColumns } from '../common/list-rows';
import type { Database } from '../database/database';
import { APPLICATION_KIND } from '../applications/application-kind';
import { CONTACT_KIND } from '../contacts/contact-kind';
import { LEAD_KIND } from '../leads/lead-kind';
import type { ItemKind } from './item-kind';

/**
 * The registry of the kinds of items (docs/architecture.md, "Kinds of items"): each kind's entry, defined in its
 * own folder. Code that serves every kind reads this, never a switch of its own.
 */
const ENTRIES = { lead: LEAD_KIND, contact: CONTACT_KIND, application: APPLICATION_KIND } satisfies Record<WorkItemKind, unknown>;

type Entry<Kind extends WorkItemKind> = (typeof ENTRIES)[Kind];

/** A row of the kind's table. */
export type ItemRow<Kind extends WorkItemKind> = Parameters<Entry<Kind>['toItem']>[0];
/** A row of the kind's table with what it names elsewhere (an application's job). */
export type ItemRecord<Kind extends WorkItemKind> = Awaited<ReturnType<Entry<Kind>['records']>>[number];
/** What the kind's mails, chat posts and timeline show of it. */
export type ItemSubject<Kind extends WorkItemKind> = Parameters<Entry<Kind>['mails']>[0];
/** The kind's item as the API answers it. */
export type ItemOf<Kind extends WorkItemKind> = ReturnType<Entry<Kind>['toItem']>;
/** A record of any kind, with its kind. */
export type AnyItemRecord = { [Kind in WorkItemKind]: { kind: Kind } & ItemRecord<Kind> }[WorkItemKind];

export const ITEMS: {
  readonly [Kind in WorkItemKind]: ItemKind<Kind, { row: ItemRow<Kind>; record: ItemRecord<Kind>; subject: ItemSubject<Kind>; item: ItemOf<Kind> }>;
} = ENTRIES;

/** The records of one kind that `where` (a condition on its table) selects, each with its kind. */
export async function recordsOf(db: Pick<Database, 'select'>, kind: WorkItemKind, where: SQL | undefined): Promise<AnyItemRecord[]> {
  const records = await ITEMS[kind].records(db, where);
  // Each record is of `kind`: the union cannot follow a kind chosen at run time.
  return records.map((record) => ({ kind, ...record }) as AnyItemRecord);
}

/** The columns of the kind's lists (common/list-rows.ts): the order, status and search, and the workspace's filters. */
export function listColumnsOf(kind: WorkItemKind): ListColumns {
  const { columns } = ITEMS[kind];
  return {
    createdAt: columns.createdAt,
    id: columns.id,
    status: columns.status,
    search: columns.search,
    work: {
      ownerId: columns.ownerId,
      followUpAt: columns.followUpAt,
      closedStatuses: ITEM_KINDS[kind].closedStatuses,
      source: columns.source,
      medium: columns.medium,
      answers: columns.answers,
    },
  };
}

/** The item of a row, as the API answers it. */
export function itemOf<Kind extends WorkItemKind>(kind: Kind, row: ItemRow<Kind>): ItemOf<Kind> {
  return ITEMS[kind].toItem(row);
}
