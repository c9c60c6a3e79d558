import {
  ADMIN_PAGE_SIZE,
  LIST_MAX_LIMIT,
  LIST_MAX_PAGE,
  MAX_LENGTH,
  SORT_ORDERS,
  type ApplicationsExportQuery,
  type ListExportQuery,
  type ListQuery,
  type SortOrder,
} from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsTimeZone, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { DomainError } from './domain-error';

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
export function toListPage(query: ListQueryDto): ListPage {
  if (query.page === undefined && query.limit === undefined) return {};
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
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

/** GET /api/jobs/applications/export.csv: the applications of `job`. */
export class ApplicationsExportQueryDto extends ListExportQueryDto implements ApplicationsExportQuery {
  @ApiProperty({ format: 'uuid', description: 'The job whose applications are exported' })
  @IsUUID('all', { message: 'job must be the id of a job' })
  job: string;
}
