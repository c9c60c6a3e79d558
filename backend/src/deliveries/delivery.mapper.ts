import { isChatTopic, isWebhookEvent, type Delivery } from '@brightwave/common';
import type { DeliveryRow } from '../database/schema';

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    _id: row.id,
    kind: isWebhookEvent(row.topic) ? 'webhook' : isChatTopic(row.topic) ? 'chat' : 'mail',
    topic: row.topic,
    subjectId: row.subjectId,
    recipient: row.recipient,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sendAt: row.sendAt ? row.sendAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
