import { createHmac } from 'node:crypto';
import type { ErasureCounts } from '@brightwave/common';
import { Injectable, Logger } from '@nestjs/common';
import type { PurgeCounts } from './retention.repository';

/** One audit entry's action and details (JSON without secrets): what §2's audit table will store. */
export type AuditEntry =
  | { action: 'privacy.export'; details: { emailHash: string; leads: number; contacts: number; applications: number } }
  | { action: 'privacy.erase'; details: { emailHash: string } & ErasureCounts }
  | { action: 'retention.purge'; details: PurgeCounts };

/**
 * HMAC-SHA256 of the lower-cased address with a key derived from JWT_SECRET: a repeated request for the same
 * person can be recognised in the audit log without the log holding the address.
 */
export function emailHash(key: Buffer, email: string): string {
  return createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex');
}

/**
 * Where audit entries go. Until the audit log (issue 10 §2) has its table, they are logged: the data is already
 * the entry's, and never holds the e-mail address itself.
 */
@Injectable()
export class AuditTrail {
  private readonly logger = new Logger('Audit');

  record(entry: AuditEntry): void {
    this.logger.log(`${entry.action} ${JSON.stringify(entry.details)}`);
  }
}
