import { createHmac } from 'node:crypto';

/**
 * HMAC-SHA256 of the lower-cased address with a key derived from JWT_SECRET: a repeated request for the same
 * person can be recognised in the audit log without the log holding the address.
 */
export function emailHash(key: Buffer, email: string): string {
  return createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex');
}
