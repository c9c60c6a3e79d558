import {
  ADMIN_PAGE_SIZE,
  type AnswerFilter,
  type ChannelFilter,
  type ListQuery,
  type OwnerFilter,
  type WorkListExportQuery,
  type WorkSortOrder,
} from '@brightwave/common';
import type { SQL } from 'drizzle-orm';
import { DomainError } from './domain-error';

// What a list is asked for, as the services hand it to the repositories (listRows): the filter and the page, read
// from a list's query (its DTO) by the functions below. Kept apart from the DTOs, which only validate the edge.

export interface ListFilter {
  status?: string;
  q?: string;
  /** `follow-up` only for the workspace's lists (ListColumns.work). */
  sort?: WorkSortOrder;
  /** The workspace's lists: the owner's admin id, or null for the items nobody owns; undefined for anyone's. */
  owner?: string | null;
  /** The workspace's lists: only the items overdue at this time (follow-up passed, status not closed). */
  overdueAt?: Date;
  /** The workspace's lists: only the items of this attribution source, and of this medium (lower-case, as stored). */
  source?: string;
  medium?: string;
  /** The workspace's lists: only the items whose answer to this choice question (its id) is this option, or yes or no. */
  answered?: Required<AnswerFilter>;
  /** Extra conditions of one list, e.g. the applications of one job. */
  where?: SQL;
}

export interface ListPage {
  offset?: number;
  limit?: number;
}

/** Without `page` or `limit` every row is answered (the spec's clients expect full lists). */
export function toListPage(query: Pick<ListQuery, 'page' | 'limit'>): ListPage {
  if (query.page === undefined && query.limit === undefined) return {};
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/**
 * The workspace filters of a list query as the repositories take them: the owner's id (null: nobody's, undefined:
 * anyone's; `me` is `adminId`, the signed-in admin), and, for `overdue`, the time the follow-ups are overdue at.
 */
export function workFilterOf(query: WorkListExportQuery, adminId: string, now: Date): Pick<ListFilter, 'owner' | 'overdueAt'> {
  return { owner: ownerIdOf(query.owner, adminId), overdueAt: query.overdue ? now : undefined };
}

/** The channel filters of a list query as the repositories take them: stored sources and media are lower-case; empty is no filter. */
export function channelFilterOf(query: ChannelFilter): Pick<ListFilter, 'source' | 'medium'> {
  return { source: query.source?.trim().toLowerCase() || undefined, medium: query.medium?.trim().toLowerCase() || undefined };
}

/** The answer filter of a list query as the repositories take it: both its parameters, or none (the DTO refuses one alone). */
export function answerFilterOf(query: AnswerFilter): Pick<ListFilter, 'answered'> {
  return query.question && query.answer ? { answered: { question: query.question, answer: query.answer } } : {};
}

function ownerIdOf(owner: OwnerFilter | undefined, adminId: string): string | null | undefined {
  if (owner === undefined || owner === 'anyone') return undefined;
  if (owner === 'me') return adminId;
  if (owner === 'unassigned') return null;
  return owner;
}

/** Validates an optional status filter against the entity's statuses. */
export function parseStatusFilter<T extends string>(status: string | undefined, allowed: readonly T[]): T | undefined {
  if (status === undefined || status === '') return undefined;
  if (!(allowed as readonly string[]).includes(status)) {
    throw DomainError.invalid(`status must be one of: ${allowed.join(', ')}`, {
      status: `status must be one of: ${allowed.join(', ')}`,
    });
  }
  return status as T;
}

/** `%` and `_` typed by a person are searched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
