import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret as the Standard Webhooks specification spells it: `whsec_` and base64 of random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of a call (Standard Webhooks): `v1,` and the base64 HMAC-SHA256, keyed with the
 * secret's bytes, of `id.timestamp.body`. Receivers compute the same over the raw body they got.
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
