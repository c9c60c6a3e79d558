import { DELIVERY_STATUSES, MESSAGES, type Delivery } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { ListQueryDto } from '../common/list-query.dto';
import { toDelivery } from './delivery.mapper';
import { DeliveryWorker } from './delivery-worker';
import { OutboxRepository } from './outbox.repository';
import { parseStatusFilter, toListPage } from '../common/list-filter';

/** The Deliveries screen: every outgoing message with its state, and Retry now for the failed ones. */
@Injectable()
export class DeliveriesService {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly worker: DeliveryWorker,
  ) {}

  async list(query: ListQueryDto): Promise<{ deliveries: Delivery[]; total: number }> {
    const status = parseStatusFilter(query.status, DELIVERY_STATUSES);
    const { rows, total } = await this.outbox.list({ status, q: query.q, sort: query.sort }, toListPage(query));
    return { deliveries: rows.map(toDelivery), total };
  }

  /** A failed message goes back to the queue now, with a fresh day of retries; the worker is woken for it. */
  async retry(id: string): Promise<Delivery> {
    if (!isId(id)) throw DomainError.notFound(MESSAGES.deliveryNotFound);
    const row = await this.outbox.retryNow(id);
    if (row === 'not-failed') throw DomainError.conflict(MESSAGES.deliveryNotFailed);
    if (!row) throw DomainError.notFound(MESSAGES.deliveryNotFound);
    this.worker.wake();
    return toDelivery(row);
  }
}
