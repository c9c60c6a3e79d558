import { EXPORT_HEADER, EXPORT_HEADER_CSV, type AuditAction, type AuditTargetKind } from '@brightwave/common';
import { Injectable, Logger } from '@nestjs/common';
import { loggableError } from '../common/loggable-error';
import { currentRequest } from './audit-context';
import { AuditRepository, type AuditExecutor, type NewAuditEntry } from './audit.repository';

/** What an entry is about. */
export interface AuditTarget {
  kind: AuditTargetKind;
  id: string;
}

/** Who acted, when it is not the signed-in admin of the request (a sign-in, a failed one: `id` null). */
export interface AuditActor {
  id: string | null;
  email: string | null;
}

export interface AuditRecordOptions {
  /** The change's transaction: the entry commits with it, and a failure to write it rolls the change back. */
  tx?: AuditExecutor;
  /** Instead of the request's signed-in admin; `null` for the system (the retention purge). */
  admin?: AuditActor | null;
}

/** Writes an entry in the transaction of a repository's change, given the value before it (a status change's `from`). */
export type AuditInTransaction<From = string> = (tx: AuditExecutor, from: From) => Promise<void>;

// A user agent is the client's to choose: kept to a length that cannot fill the table.
const USER_AGENT_MAX_LENGTH = 400;

/**
 * The audit log (issue 10 §2): the one way an action is recorded. The request's context gives the admin, the client
 * address (`request.ip`, which honours TRUST_PROXY) and the user agent, so callers name only what happened.
 */
@Injectable()
export class AuditLog {
  private readonly logger = new Logger('Audit');

  constructor(private readonly repository: AuditRepository) {}

  /**
   * Records `action` on `target` with `details` (JSON: field names, from → to, counts; never secrets, resume bytes
   * or the e-mail of a person). With `options.tx` the entry is part of the change: it fails with it. Without, the
   * action is already done: a failure to write is logged with the whole entry (not lost, and the admin is not told
   * that a done action failed) and the call still resolves.
   */
  async record(
    action: AuditAction,
    target: AuditTarget | null = null,
    details: Record<string, unknown> = {},
    options: AuditRecordOptions = {},
  ): Promise<void> {
    const entry = this.entry(action, target, details, options.admin);
    if (options.tx) {
      await AuditRepository.insert(options.tx, entry);
      return;
    }
    try {
      await this.repository.insert(entry);
    } catch (error) {
      this.logger.error(`audit entry not written: ${loggableError(error)}; the entry: ${JSON.stringify(entry)}`);
    }
  }

  /** A list call sent with `X-Export: csv` is a CSV export of `list`: recorded with the number of rows. */
  async recordExport(list: string, rows: number): Promise<void> {
    if (currentRequest()?.headers[EXPORT_HEADER.toLowerCase()] !== EXPORT_HEADER_CSV) return;
    await this.record('export.csv', { kind: 'list', id: list }, { list, rows });
  }

  private entry(action: AuditAction, target: AuditTarget | null, details: Record<string, unknown>, actor?: AuditActor | null): NewAuditEntry {
    const request = currentRequest();
    const admin = actor === undefined ? request?.admin : actor;
    const userAgent = request?.headers['user-agent'];
    return {
      action,
      adminId: admin?.id ?? null,
      adminEmail: admin?.email ?? null,
      targetKind: target?.kind ?? null,
      targetId: target?.id ?? null,
      address: request?.ip ?? null,
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
      details,
    };
  }
}
