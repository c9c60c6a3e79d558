import { LIST_MAX_LIMIT, MAX_LENGTH } from '@brightwave/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ApiError } from './api-error';

/** Optional paging, filter, search and order of a list; without any, the whole list is answered. */
export class ListQueryDto {
  @ApiPropertyOptional({ minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: LIST_MAX_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be 1 or more' })
  @Max(LIST_MAX_LIMIT, { message: `limit must be at most ${LIST_MAX_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(40)
  status?: string;

  @ApiPropertyOptional({ description: 'Searches name, e-mail and title' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LENGTH.search)
  q?: string;

  @ApiPropertyOptional({ enum: ['newest', 'oldest'] })
  @IsOptional()
  @IsIn(['newest', 'oldest'], { message: 'sort must be newest or oldest' })
  sort?: 'newest' | 'oldest';
}

export interface ListPage {
  offset?: number;
  limit?: number;
}

/** Without `page` or `limit` every row is answered (the spec's clients expect full lists). */
export function toListPage(query: ListQueryDto): ListPage {
  if (query.page === undefined && query.limit === undefined) return {};
  const limit = query.limit ?? 20;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/** Validates an optional status filter against the entity's statuses. */
export function parseStatusFilter<T extends string>(status: string | undefined, allowed: readonly T[]): T | undefined {
  if (status === undefined || status === '') return undefined;
  if (!(allowed as readonly string[]).includes(status)) {
    throw ApiError.badRequest(`status must be one of: ${allowed.join(', ')}`, {
      status: `status must be one of: ${allowed.join(', ')}`,
    });
  }
  return status as T;
}

/** `%` and `_` typed by a person are searched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
