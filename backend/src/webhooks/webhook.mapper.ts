import type { Webhook } from '@brightwave/common';
import type { WebhookRow } from '../database/schema';

/** An endpoint as the API shows it: never its secret (answered once, when it is added). */
export function toWebhook(row: WebhookRow): Webhook {
  return { _id: row.id, url: row.url, events: row.events, enabled: row.enabled, createdAt: row.createdAt.toISOString() };
}
