import {
  ATTRIBUTION_VALUE_MAX_LENGTH,
  LIST_MAX_LIMIT,
  LIST_MAX_PAGE,
  MAX_LENGTH,
  OWNER_FILTERS,
  QUESTION_ID_PATTERN,
  QUESTION_OPTION_MAX_LENGTH,
  SORT_ORDERS,
  WORK_SORT_ORDERS,
  type ListExportQuery,
  type ListQuery,
  type OwnerFilter,
  type SortOrder,
  type WorkListExportQuery,
  type WorkListQuery,
  type WorkSortOrder,
} from '@brightwave/common';
import { ApiPropertyOptional, IntersectionType, OmitType, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  isIn,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsTimeZone,
  isUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';

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

/** The answer filter is `question` and `answer` together: either one given asks for the other (empty is not given). */
const givesAnswerFilter = (query: { question?: unknown; answer?: unknown }): boolean => Boolean(query.question || query.answer);

/** The lists of the staff workspace (leads, contact messages, a job's applications): also by owner, overdue, channel and answer, and follow-up. */
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

  @ApiPropertyOptional({
    pattern: QUESTION_ID_PATTERN.source,
    example: 'budget',
    description: 'With `answer`: only the items whose answer to this choice question (its id, whatever label it was asked under) is `answer`',
  })
  @ValidateIf(givesAnswerFilter)
  @IsNotEmpty({ message: 'question must be given with answer: the id of the choice question answered' })
  @IsString({ message: "question must be a question's id" })
  @Matches(QUESTION_ID_PATTERN, { message: "question must be a question's id: lower-case letters, digits and hyphens, at most 40" })
  question?: string;

  @ApiPropertyOptional({
    maxLength: QUESTION_OPTION_MAX_LENGTH,
    example: 'Under 10k',
    description: 'With `question`: one of its options (the whole text, as written), or `yes` or `no` for a yes/no question',
  })
  @ValidateIf(givesAnswerFilter)
  @IsNotEmpty({ message: 'answer must be given with question: one of its options, or yes or no for a yes/no question' })
  @IsString({ message: 'answer must be text: one of the options of the question' })
  @MaxLength(QUESTION_OPTION_MAX_LENGTH, { message: `answer must be at most ${QUESTION_OPTION_MAX_LENGTH} characters: one of the options of the question` })
  answer?: string;
}

/** The export of a workspace list: its filters without paging, and the time zone of the file's dates. */
export class WorkListExportQueryDto
  extends IntersectionType(OmitType(WorkListQueryDto, ['page', 'limit'] as const), PickType(ListExportQueryDto, ['tz'] as const))
  implements WorkListExportQuery {}
