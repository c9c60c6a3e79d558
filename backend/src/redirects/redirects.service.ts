import {
  REDIRECT_MESSAGES,
  isSitePath,
  normalizedRedirectPath,
  redirectPathOf,
  validateRedirect,
  type Redirect,
  type RedirectInput,
  type RedirectStatus,
} from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { TtlCache } from '../common/ttl-cache';
import type { ContentAuthor } from '../content/content.repository';
import type { RedirectRow } from '../database/schema';
import type { RedirectNeighbours } from './redirects.repository';
import { RedirectsRepository } from './redirects.repository';

/**
 * How long an instance applies the redirects it loaded before it looks again: the published content's time to live
 * (PUBLISHED_CONTENT_TTL_MS), so a redirect added on another instance applies within 5 s; on this one at once.
 */
export const REDIRECTS_TTL_MS = 2000;

/** Where a redirected path leads, as the static files' hook applies it. */
export interface RedirectTarget {
  to: string;
  status: RedirectStatus;
}

export type RedirectMap = ReadonlyMap<string, RedirectTarget>;

/**
 * Redirects (docs/features/built-pages.md#redirects): the admin's list, the rules of a new one (one hop at most, never
 * over a published page), and the map every page request is looked up in, kept in memory.
 */
@Injectable()
export class RedirectsService {
  private readonly map = new TtlCache<RedirectMap>(REDIRECTS_TTL_MS);

  constructor(
    private readonly repository: RedirectsRepository,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<Redirect[]> {
    return (await this.repository.list()).map(toRedirect);
  }

  /** Adds a redirect by hand: 400 per field that does not fit, 409 when another redirect has its `from`. */
  async create(input: { from?: unknown; to?: unknown; status?: unknown }, author: ContentAuthor): Promise<Redirect> {
    const errors = validateRedirect(input);
    if (Object.keys(errors).length > 0) throw DomainError.invalid(REDIRECT_MESSAGES.invalid, errors);
    const valid = input as RedirectInput;
    const redirect: RedirectInput = { from: normalizedRedirectPath(valid.from), to: valid.to, status: valid.status };
    const row = await this.repository.create(
      { ...redirect, source: 'manual', createdByEmail: author.email },
      (neighbours) => refusalOf(redirect, neighbours),
      (tx, stored) =>
        this.audit.record('redirect.created', { kind: 'redirect', id: stored.id }, { from: stored.fromPath, to: stored.to, status: stored.status }, { tx }),
    );
    this.changed();
    return toRedirect(row);
  }

  async delete(id: string): Promise<void> {
    const row = isId(id)
      ? await this.repository.delete(id, (tx, deleted) =>
          this.audit.record('redirect.deleted', { kind: 'redirect', id }, { from: deleted.fromPath, to: deleted.to, status: deleted.status }, { tx }),
        )
      : undefined;
    if (!row) throw DomainError.notFound(REDIRECT_MESSAGES.notFound);
    this.changed();
  }

  /** The redirects by `from`, looked up at most every REDIRECTS_TTL_MS. */
  redirects(): Promise<RedirectMap> {
    return this.map.get(async () => new Map((await this.repository.targets()).map((row) => [row.fromPath, { to: row.to, status: row.status }])));
  }

  /** The map while it is fresh, else undefined (the caller then waits for redirects()). */
  freshRedirects(): RedirectMap | undefined {
    return this.map.fresh();
  }

  /** A redirect was added, deleted or moved on this instance (by hand or by a page's publish): applied at once. */
  changed(): void {
    this.map.clear();
  }
}

/** Why a valid redirect cannot be stored beside the others and the pages, or undefined when it can. */
function refusalOf(redirect: RedirectInput, { redirects, pageAtFrom, caseStudyAtFrom }: RedirectNeighbours): DomainError | undefined {
  const taken = redirects.find((other) => other.fromPath === redirect.from);
  if (taken) {
    const message = REDIRECT_MESSAGES.fromTaken(taken.to);
    return DomainError.conflict(message, { from: message });
  }
  const errors: Record<string, string> = {};
  if (pageAtFrom !== undefined) errors.from = REDIRECT_MESSAGES.fromPage(pageAtFrom);
  else if (caseStudyAtFrom !== undefined) errors.from = REDIRECT_MESSAGES.fromCaseStudy(caseStudyAtFrom);
  else {
    const leadingHere = redirects.find((other) => isSitePath(other.to) && redirectPathOf(other.to) === redirect.from);
    if (leadingHere) errors.from = REDIRECT_MESSAGES.fromIsTarget(leadingHere.fromPath);
  }
  if (isSitePath(redirect.to)) {
    const onward = redirects.find((other) => other.fromPath === redirectPathOf(redirect.to));
    if (onward) errors.to = REDIRECT_MESSAGES.toIsRedirected(onward.to);
  }
  return Object.keys(errors).length > 0 ? DomainError.invalid(REDIRECT_MESSAGES.invalid, errors) : undefined;
}

function toRedirect(row: RedirectRow): Redirect {
  return {
    _id: row.id,
    from: row.fromPath,
    to: row.to,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail,
    source: row.source,
  };
}

/**
 * Where a request for a redirected path goes: the target, with the request's query when the target is a path of
 * this site without its own (before the target's #fragment).
 */
export function redirectLocation(to: string, query: string): string {
  if (!query || !isSitePath(to) || to.includes('?')) return to;
  const hash = to.indexOf('#');
  return hash === -1 ? `${to}?${query}` : `${to.slice(0, hash)}?${query}${to.slice(hash)}`;
}
