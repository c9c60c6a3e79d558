import type { WebhookEvent } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { TtlCache } from '../common/ttl-cache';
import type { NewDelivery, WebhookRow } from '../database/schema';
import { WebhooksRepository } from './webhooks.repository';

/** How long an instance uses the endpoints it read before reading them again (another instance may change them). */
const ENDPOINTS_FRESH_MS = 5_000;

/** The URL as the Deliveries screen shows it: without credentials or query string, which may hold a token. */
export function displayUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/**
 * Which enabled endpoints want an event, as outbox rows to write beside it. Read at most every 5 s, so a form
 * costs no extra query; a change made on this instance applies at once (`forget`), on the others within 5 s.
 */
@Injectable()
export class WebhookSubscriptions {
  private readonly endpoints = new TtlCache<WebhookRow[]>(ENDPOINTS_FRESH_MS);

  constructor(private readonly repository: WebhooksRepository) {}

  async callsFor(event: WebhookEvent): Promise<NewDelivery[]> {
    const endpoints = await this.endpoints.get(() => this.repository.enabled());
    return endpoints
      .filter((endpoint) => endpoint.events.includes(event))
      .map((endpoint) => ({ topic: event, recipient: displayUrl(endpoint.url), webhookId: endpoint.id }));
  }

  forget(): void {
    this.endpoints.clear();
  }
}
