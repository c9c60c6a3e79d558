import {
  ADMIN_PAGE_SIZE,
  ATTRIBUTION_VALUE_MAX_LENGTH,
  LIST_MAX_LIMIT,
  LIST_MAX_PAGE,
  MAX_LENGTH,
  OWNER_FILTERS,
  SORT_ORDERS,
  WORK_SORT_ORDERS,
  type ApplicationsExportQuery,
  type ChannelFilter,
  type ListExportQuery,
  type ListQuery,
  type OwnerFilter,
  type SortOrder,
  type WorkListExportQuery,
  type WorkListQuery,
  type WorkSortOrder,
} from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { isIn, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsTimeZone, isUUID, IsUUID, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { DomainError } from './domain-error';
import type { ListFilter } from './list-rows';

/** Optional paging, filter, search and order of a list; without any, the whole list is answered. */
export class ListQueryDto implements ListQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: LIST_MAX_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  @Max(LIST_MAX_PAGE, { message: `page must be at most ${LIST_MAX_PAGE}` })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: LIST_MAX_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be 1 or more' })
  @Max(LIST_MAX_LIMIT, { message: `limit must be at most ${LIST_MAX_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({ description: 'Only the items of this status (one of the statuses of the list)' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  status?: string;

  @ApiPropertyOptional({ description: 'Only the items that contain this text (where: see each list)', maxLength: MAX_LENGTH.search })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.search)
  q?: string;

  @ApiPropertyOptional({ enum: SORT_ORDERS })
  @IsOptional()
  @IsIn(SORT_ORDERS, { message: `sort must be ${SORT_ORDERS.join(' or ')}` })
  sort?: SortOrder;
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

/** A list's CSV export: the list's filters without paging, and the time zone of the file's dates. */
export class ListExportQueryDto extends OmitType(ListQueryDto, ['page', 'limit'] as const) implements ListExportQuery {
  @ApiPropertyOptional({ description: 'IANA time zone of the dates in the file (default UTC)', example: 'Europe/Paris' })
  @IsOptional()
  @MaxLength(64, { message: 'tz must be a time zone such as Europe/Paris' })
  @IsTimeZone({ message: 'tz must be a time zone such as Europe/Paris' })
  tz?: string;
}

/** A query's `true` and `false` as booleans; anything else is left for the check to refuse. */
export const queryBoolean = ({ value }: { value: unknown }): unknown => (value === 'true' ? true : value === 'false' ? false : value);

/** The lists of the staff workspace (leads, contact queries, a job's applications): also by owner, overdue and follow-up. */
export class WorkListQueryDto extends OmitType(ListQueryDto, ['sort'] as const) implements WorkListQuery {
  @ApiPropertyOptional({
    enum: WORK_SORT_ORDERS,
    description: '`follow-up`: the soonest follow-up first (overdue ones first of all), those without one last, then newest',
  })
  @IsOptional()
  @IsIn(WORK_SORT_ORDERS, { message: `sort must be ${WORK_SORT_ORDERS.slice(0, -1).join(', ')} or ${WORK_SORT_ORDERS.at(-1)}` })
  sort?: WorkSortOrder;

  @ApiPropertyOptional({
    type: String,
    example: 'me',
    description: `Whose items: \`${OWNER_FILTERS.join('`, `')}\` (no filter) or an admin's id`,
  })
  @IsOptional()
  @ValidateBy(
    { name: 'isOwnerFilter', validator: { validate: (value: unknown) => isIn(value, [...OWNER_FILTERS]) || isUUID(value, 'all') } },
    { message: "owner must be me, unassigned, anyone or an admin's id" },
  )
  owner?: OwnerFilter;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: '`true`: only the items whose follow-up time has passed and whose status is not closed' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean({ message: 'overdue must be true or false' })
  overdue?: boolean;

  @ApiPropertyOptional({
    maxLength: ATTRIBUTION_VALUE_MAX_LENGTH,
    example: 'newsletter',
    description: 'Only the items whose attribution has this source (the whole value, any case), e.g. `google`, `direct` or a referring host',
  })
  @IsOptional()
  @IsString({ message: 'source must be text' })
  @MaxLength(ATTRIBUTION_VALUE_MAX_LENGTH, { message: `source must be at most ${ATTRIBUTION_VALUE_MAX_LENGTH} characters` })
  source?: string;

  @ApiPropertyOptional({
    maxLength: ATTRIBUTION_VALUE_MAX_LENGTH,
    example: 'email',
    description: 'Only the items whose attribution has this medium (the whole value, any case), e.g. `cpc`, `email` or `referral`',
  })
  @IsOptional()
  @IsString({ message: 'medium must be text' })
  @MaxLength(ATTRIBUTION_VALUE_MAX_LENGTH, { message: `medium must be at most ${ATTRIBUTION_VALUE_MAX_LENGTH} characters` })
  medium?: string;
}

/** The export of a workspace list: its filters without paging, and the time zone of the file's dates. */
export class WorkListExportQueryDto
  extends IntersectionType(OmitType(WorkListQueryDto, ['page', 'limit'] as const), PickType(ListExportQueryDto, ['tz'] as const))
  implements WorkListExportQuery {}

/** GET /api/jobs/applications/export.csv: the applications of `job`. */
export class ApplicationsExportQueryDto extends WorkListExportQueryDto implements ApplicationsExportQuery {
  @ApiProperty({ format: 'uuid', description: 'The job whose applications are exported' })
  @IsUUID('all', { message: 'job must be the id of a job' })
  job: string;
}
