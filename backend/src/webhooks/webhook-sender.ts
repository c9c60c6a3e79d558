import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isWebhookEvent } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { DeliveryRow } from '../database/schema';
import type { StoredSubject } from '../deliveries/delivery-subjects.repository';
import { hostOf, refusedBecause } from './webhook-address';
import { openSecret, UnreadableSecret } from './webhook-secret-box';
import { webhookData } from './webhook-item';
import { webhookSignature } from './webhook-signature';
import { WebhooksRepository } from './webhooks.repository';

const TIMEOUT_MS = 10_000;

/** A call that will not succeed by trying again (the endpoint is gone, or its address is refused): given up at once. */
export class WebhookRefused extends Error {}

/**
 * A DNS lookup that refuses loopback, private, link-local and metadata addresses, and hands the connection exactly
 * the addresses it checked: the socket connects to what was judged, so a second answer from DNS (rebinding)
 * cannot swap in a private address after the check. The busy calendar feeds (booking) are read through it too.
 */
export const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    for (const { address } of addresses) {
      const reason = refusedBecause(address);
      if (reason) return callback(new WebhookRefused(`refused: ${hostname} resolves to ${address}, ${reason}`), '', 0);
    }
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
    callback(null, first.address, first.family);
  });
};

/** One line for lastError: why a call failed, never the URL (its query string may hold a token) nor the secret. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name could not be resolved';
  if (typeof code === 'string') return `could not connect (${code})`;
  return 'the call failed';
}

/**
 * Calls webhooks (Standard Webhooks): `POST` of `{ id, type, createdAt, data }` with the headers `webhook-id` (the
 * outbox row's id, the same on every retry, so receivers can drop a duplicate), `webhook-timestamp` and
 * `webhook-signature`. A 2xx answer within 10 s is delivered; anything else is thrown, for the outbox to retry.
 */
@Injectable()
export class WebhookSender {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: WebhooksRepository,
  ) {}

  /**
   * Sends the call of an outbox row about `subject` (read with the round's rows, undefined once it was deleted);
   * throws WebhookRefused when trying again cannot help, else Error to retry.
   */
  async send(row: DeliveryRow, subject: StoredSubject | undefined): Promise<void> {
    const endpoint = row.webhookId ? await this.repository.findById(row.webhookId) : undefined;
    if (!endpoint) throw new WebhookRefused('the webhook was deleted');
    if (!endpoint.enabled) throw new WebhookRefused('the webhook is disabled');
    if (!isWebhookEvent(row.topic)) throw new WebhookRefused(`${row.topic} is not a webhook event`);
    if (!subject) throw new WebhookRefused('what this call was about no longer exists');
    const secret = this.secretOf(endpoint.secret);
    const data = webhookData(row, subject);
    const body = JSON.stringify({ id: row.id, type: row.topic, createdAt: row.createdAt.toISOString(), data });
    const timestamp = Math.floor(Date.now() / 1000);
    const status = await this.post(new URL(endpoint.url), body, {
      'content-type': 'application/json',
      'user-agent': 'Brightwave-Webhooks/1.0',
      'webhook-id': row.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSignature(secret, row.id, timestamp, body),
    });
    if (status < 200 || status > 299) throw new Error(`answered ${status}`);
  }

  /** The signing secret, decrypted; a call that cannot be signed is given up at once (trying again cannot help). */
  private secretOf(stored: string): string {
    try {
      return openSecret(this.config.keys.webhookSecrets, stored).secret;
    } catch (error) {
      if (!(error instanceof UnreadableSecret)) throw error;
      throw new WebhookRefused(
        `the signing secret cannot be decrypted (${this.config.keys.dataKeySource} changed since the webhook was added): delete the webhook and add it again`,
      );
    }
  }

  /**
   * POSTs `body` to an admin's URL under the address rules (https only, no address inside the network, checked after
   * DNS) and a 10 s timeout; answers the status. Throws WebhookRefused for a refused address, else Error. The chat
   * posts of Settings → Notifications go out this way too.
   */
  post(url: URL, body: string, headers: Record<string, string>): Promise<number> {
    const checked = !this.config.webhooks.allowPrivate;
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && this.config.webhooks.allowHttp)) {
      return Promise.reject(new WebhookRefused('refused: only https:// addresses are allowed'));
    }
    const host = hostOf(url);
    // A literal IP is connected to without a lookup: it is judged here.
    const refused = checked && isIP(host) !== 0 ? refusedBecause(host) : undefined;
    if (refused) return Promise.reject(new WebhookRefused(`refused: ${host} is ${refused}`));
    return new Promise((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          lookup: checked ? checkedLookup : undefined,
          // One connection per call: a pooled socket would skip the lookup, and with it the check.
          agent: false,
        },
        (response) => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
          // Only the status counts: the body is not read, so an endpoint streaming without end holds no socket.
          response.destroy();
        },
      );
      const timedOut = new Error(`timed out after ${TIMEOUT_MS / 1000} s`);
      const timer = setTimeout(() => request.destroy(timedOut), TIMEOUT_MS);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error === timedOut || error instanceof WebhookRefused ? error : new Error(reasonOf(error)));
      });
      request.end(body);
    });
  }
}
