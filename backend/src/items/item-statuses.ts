import type { WorkItemKind } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { NotificationPlan } from '../deliveries/notification-plan';
import { ITEMS, type ItemRow } from './item-kinds';
import { ItemStatusRepository, type StatusExecutor, type StatusOutcome } from './item-status.repository';

/** What a status change writes besides its own rows, in its transaction (a bulk change's mails). */
export type AlsoWritten<Kind extends WorkItemKind, Also> = (tx: StatusExecutor, items: ItemRow<Kind>[]) => Promise<Also>;

/**
 * The status change of every kind and every route (a lead's or contact message's PATCH, an application's PUT and the
 * pipeline board's moves, the bulk change of applications): in one transaction, the rows locked, the status set (and
 * the time of the change where the kind keeps one), the webhook calls that want `<kind>.status_changed` queued, and an
 * audit entry `<kind>.status_changed` `{ from, to }` per item. An item already in the status is left untouched
 * (no write, no webhook call, no audit entry), whichever route asks.
 */
@Injectable()
export class ItemStatuses {
  constructor(
    private readonly repository: ItemStatusRepository,
    private readonly notifications: NotificationPlan,
    private readonly deliveries: DeliveryWorker,
    private readonly audit: AuditLog,
  ) {}

  /** One item's status (the single-item routes): its row after the change, or 404 with the kind's message. */
  async changeOne<Kind extends WorkItemKind>(kind: Kind, id: string, status: string): Promise<ItemRow<Kind>> {
    const notFound = () => DomainError.notFound(ITEMS[kind].texts.notFound);
    if (!isId(id)) throw notFound();
    const result = await this.change(kind, [id], status);
    if (result.outcome === 'missing') throw notFound();
    return result.rows[0] as ItemRow<Kind>;
  }

  /**
   * Several items' status, all or nothing (`missing`: one does not exist, nothing was written); `also` writes what
   * goes with the change in its transaction. `byProduct`: the change is the product's, not the requesting person's (a
   * candidate booking their interview moves the application), so its audit entry names no admin.
   */
  async change<Kind extends WorkItemKind, Also = void>(
    kind: Kind,
    ids: string[],
    status: string,
    options: { also?: AlsoWritten<Kind, Also>; byProduct?: boolean } = {},
  ): Promise<StatusOutcome<Kind, Also | undefined>> {
    const calls = await this.notifications.webhookCalls(`${kind}.status_changed`);
    const result = await this.repository.change(kind, ids, status, {
      calls,
      audit: (tx, change) =>
        this.audit.record(
          `${kind}.status_changed`,
          { kind, id: change.id },
          { from: change.from, to: status },
          { tx, ...(options.byProduct ? { admin: null } : {}) },
        ),
      also: async (tx, items) => options.also?.(tx, items),
    });
    if (result.outcome === 'done' && result.changed.length > 0 && calls.length > 0) this.deliveries.wake();
    return result;
  }
}
