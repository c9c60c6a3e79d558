import type { WorkItemKind } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { inArray, sql } from 'drizzle-orm';
import type { AuditExecutor } from '../audit/audit.repository';
import { DATABASE, type Database } from '../database/database';
import type { NewDelivery } from '../database/schema';
import { OutboxRepository } from '../deliveries/outbox.repository';
import { ITEMS, type ItemRow } from './item-kinds';

/** A transaction's part the writes of a status change (and what goes with it) use. */
export type StatusExecutor = Pick<Database, 'insert' | 'update' | 'select' | 'delete'> & AuditExecutor;

/** One item's status change as it was written: the item, and its status before. */
export interface StatusChange {
  id: string;
  from: string;
}

/** What a change of several items' status did; `missing` when one of them does not exist (nothing was written). */
export type StatusOutcome<Kind extends WorkItemKind, Also> =
  { outcome: 'missing' } | { outcome: 'done'; rows: ItemRow<Kind>[]; changed: StatusChange[]; also: Also };

/** How a status change is written beyond the rows, the webhook calls and the audit entries. */
export interface StatusWrites<Kind extends WorkItemKind, Also> {
  /** The webhook calls each changed item (not suspected spam) gets, with `{ from, to }` as their payload. */
  calls: NewDelivery[];
  /** Writes the audit entry of one change, in the transaction. */
  audit: (tx: StatusExecutor, change: StatusChange) => Promise<void>;
  /** What goes with the change, in the same transaction, given the items locked (a bulk change's mails). */
  also: (tx: StatusExecutor, items: ItemRow<Kind>[]) => Promise<Also>;
}

/** Suspected spam (a kind that has the flag): told to nobody, webhooks included. */
const isSpam = (row: object) => 'spam' in row && row.spam === true;

/** The one place where an item's status changes, whichever route asks (items/item-statuses.ts). */
@Injectable()
export class ItemStatusRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Sets the status of the items `ids` of `kind` in one transaction, all or nothing: their rows are locked first (in
   * the order of their ids, so two changes of the same items cannot deadlock), and `missing` (nothing written) when
   * one does not exist. Each item whose status changes gets it (with the time of the change where the kind keeps
   * one), its webhook calls (none for suspected spam) and its audit entry; then `also`. Answers the rows as they are
   * after the change, in the order of `ids`, and the changes.
   */
  async change<Kind extends WorkItemKind, Also>(
    kind: Kind,
    ids: string[],
    status: string,
    writes: StatusWrites<Kind, Also>,
  ): Promise<StatusOutcome<Kind, Also>> {
    const { table, columns } = ITEMS[kind];
    return this.db.transaction(async (tx) => {
      // Rows of the kind's table: drizzle's types cannot follow a table chosen at run time.
      const found = (await tx.select().from(table).where(inArray(columns.id, ids)).orderBy(columns.id).for('update')) as ItemRow<Kind>[];
      if (found.length !== ids.length) return { outcome: 'missing' } as const;
      // An item already in the status is left as it is: no write, no webhook call, no audit entry.
      const written = found.filter((row) => row.status !== status);
      const after = new Map(found.map((row) => [row.id, row]));
      if (written.length > 0) {
        const changedAt = columns.statusChangedAt ? { statusChangedAt: sql`now()` } : {};
        const updated = (await tx
          .update(table)
          .set({ status, ...changedAt })
          .where(
            inArray(
              columns.id,
              written.map((row) => row.id),
            ),
          )
          .returning()) as ItemRow<Kind>[];
        for (const row of updated) after.set(row.id, row);
      }
      for (const row of written) {
        if (!isSpam(row)) await OutboxRepository.enqueueStatusChange(tx, row.id, writes.calls, row.status, status);
        await writes.audit(tx, { id: row.id, from: row.status });
      }
      const also = await writes.also(tx, found);
      const changed = written.map((row) => ({ id: row.id, from: row.status }));
      return { outcome: 'done', rows: ids.map((id) => after.get(id) as ItemRow<Kind>), changed, also } as const;
    });
  }
}
