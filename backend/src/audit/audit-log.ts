import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import type { AuditAction, AuditActor, AuditTargetKind } from '@brightwave/common';
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
export interface AuditAdmin {
  id: string | null;
  email: string | null;
}

export interface AuditRecordOptions {
  /** The change's transaction: the entry commits with it, and a failure to write it rolls the change back. */
  tx?: AuditExecutor;
  /** Instead of the request's signed-in admin; `null` for no admin (the retention purge): the system, or the CLI. */
  admin?: AuditAdmin | null;
}

/** Writes an entry in the transaction of a repository's change, given the value before it (a status change's `from`). */
export type AuditInTransaction<From = string> = (tx: AuditExecutor, from: From) => Promise<void>;

/** Records a CSV export once its stream ended: the rows handed to the response and whether that was all of them. */
export type ExportRecorder = (rows: number, complete: boolean) => Promise<void>;

/**
 * A list's filter as an audit entry records it: the values given, except the search text, which may be a visitor's
 * name or address and would outlive an erasure in the append-only log: only that there was one (`search: true`).
 */
export function auditedFilter(filter: object): Record<string, unknown> {
  const given = Object.entries(filter).filter(([, value]) => value !== undefined && value !== '');
  return Object.fromEntries(given.map(([key, value]) => (key === 'q' ? ['search', true] : [key, value])));
}

// A user agent is the client's to choose: kept to a length that cannot fill the table.
const USER_AGENT_MAX_LENGTH = 400;

/** The operating-system user running the command (its uid where the name cannot be read, e.g. no passwd entry). */
export function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

/**
 * The audit log: the one way an action is recorded. The request's context gives the admin, the client address
 * (`request.ip`, which honours TRUST_PROXY) and the user agent, so callers name only what happened. What happens
 * outside a request is the system's in the server (the daily purge), the command line's in the CLI
 * (`actForCommandLine`), which adds the operating-system user to the details.
 */
@Injectable()
export class AuditLog {
  private readonly logger = new Logger('Audit');
  private outsideRequests: { actor: Exclude<AuditActor, 'admin'>; details: Record<string, unknown> } = { actor: 'system', details: {} };

  constructor(private readonly repository: AuditRepository) {}

  /** Makes this the audit log of a command run on the server (`npm run admin`, backup, restore): actor `cli`, `details.osUser`. */
  actForCommandLine(): void {
    this.outsideRequests = { actor: 'cli', details: { osUser: osUser() } };
  }

  /**
   * Records `action` on `target` with `details` (JSON: field names, from → to, counts; never secrets, resume bytes
   * or the e-mail of a person). With `options.tx` the entry is part of the change: it fails with it. Without, the
   * action is already done: a failure to write is logged with the whole entry (not lost, and the admin is not told
   * that a done action failed) and the call still resolves.
   */
  async record(action: AuditAction, target: AuditTarget | null = null, details: Record<string, unknown> = {}, options: AuditRecordOptions = {}): Promise<void> {
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

  /**
   * Records `action` once per target, with the same `details`, in the change's transaction (`tx`): one change that
   * touches many items (an admin's items unassigned when their role changes) leaves an entry on each item's timeline.
   */
  async recordEach(
    action: AuditAction,
    targets: AuditTarget[],
    details: Record<string, unknown>,
    options: AuditRecordOptions & { tx: AuditExecutor },
  ): Promise<void> {
    await AuditRepository.insertMany(
      options.tx,
      targets.map((target) => this.entry(action, target, details, options.admin)),
    );
  }

  /**
   * The recorder of a CSV export of `list` with its `filter`, bound to the request being served: the stream ends
   * after the handler returned, outside the request's context, and the entry must still name its admin.
   */
  exportRecorder(list: string, filter: Record<string, unknown>): ExportRecorder {
    const inRequest = AsyncLocalStorage.snapshot();
    return (rows, complete) => inRequest(() => this.record('export.csv', { kind: 'list', id: list }, { list, filter, rows, complete }));
  }

  /** A list of personal data answered whole (no page asked for) is a bulk read: recorded like an export. */
  async recordWholeList(list: string, filter: Record<string, unknown>, rows: number): Promise<void> {
    await this.record('list.read_all', { kind: 'list', id: list }, { list, filter, rows });
  }

  private entry(action: AuditAction, target: AuditTarget | null, details: Record<string, unknown>, admin?: AuditAdmin | null): NewAuditEntry {
    const request = currentRequest();
    const acting = admin === undefined ? request?.admin : admin;
    // A request is an admin's (or a sign-in's); nothing else names an admin.
    const byAdmin = acting !== null && (acting !== undefined || request !== undefined);
    const userAgent = request?.headers['user-agent'];
    // An integration acting through an admin's API key: actor `api_key`, the key's name in the details.
    const apiKey = acting && 'apiKey' in acting ? (acting as { apiKey?: { name: string } }).apiKey : undefined;
    return {
      action,
      actor: byAdmin ? (apiKey ? 'api_key' : 'admin') : this.outsideRequests.actor,
      adminId: acting?.id ?? null,
      adminEmail: acting?.email ?? null,
      targetKind: target?.kind ?? null,
      targetId: target?.id ?? null,
      address: request?.ip ?? null,
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
      details: byAdmin ? (apiKey ? { ...details, apiKey: apiKey.name } : details) : { ...details, ...this.outsideRequests.details },
    };
  }
}
