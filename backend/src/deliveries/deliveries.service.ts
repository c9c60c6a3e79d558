import { DELIVERY_STATUSES, MESSAGES, isWebhookEvent, type Delivery } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { ListQueryDto, parseStatusFilter, toListPage } from '../common/list-query.dto';
import { listRows } from '../common/list-rows';
import { DATABASE, type Database } from '../database/database';
import { deliveries, type DeliveryRow } from '../database/schema';
import { DeliveryWorker } from './delivery-worker';

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    _id: row.id,
    kind: isWebhookEvent(row.topic) ? 'webhook' : 'mail',
    topic: row.topic,
    subjectId: row.subjectId,
    recipient: row.recipient,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The Deliveries screen: every outgoing message with its state, and Retry now for the failed ones. */
@Injectable()
export class DeliveriesService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly worker: DeliveryWorker,
  ) {}

  async list(query: ListQueryDto): Promise<{ deliveries: Delivery[]; total: number }> {
    const status = parseStatusFilter(query.status, DELIVERY_STATUSES);
    const columns = { createdAt: deliveries.createdAt, id: deliveries.id, status: deliveries.status, search: [deliveries.recipient] };
    const { rows, total } = await listRows(this.db, deliveries, columns, { status, q: query.q, sort: query.sort }, toListPage(query));
    return { deliveries: rows.map(toDelivery), total };
  }

  /** A failed message goes back to the queue now, with a fresh day of retries; the worker is woken for it. */
  async retry(id: string): Promise<Delivery> {
    if (!isId(id)) throw DomainError.notFound(MESSAGES.deliveryNotFound);
    const [row] = await this.db
      .update(deliveries)
      .set({ status: 'pending', nextAttemptAt: sql`now()`, retriedAt: sql`now()`, leaseUntil: null })
      .where(and(eq(deliveries.id, id), eq(deliveries.status, 'failed')))
      .returning();
    if (!row) {
      const [existing] = await this.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.id, id));
      throw existing ? DomainError.conflict(MESSAGES.deliveryNotFailed) : DomainError.notFound(MESSAGES.deliveryNotFound);
    }
    this.worker.wake();
    return toDelivery(row);
  }
}
