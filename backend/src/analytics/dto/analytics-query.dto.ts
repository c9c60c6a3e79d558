import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_PATH_MAX_LENGTH,
  ATTRIBUTION_VALUE_MAX_LENGTH,
  type AnalyticsExportQuery,
  type AnalyticsQuery,
} from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional, IntersectionType, OmitType, PickType } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ListExportQueryDto } from '../../common/list-query.dto';
import { Trim } from '../../common/text';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayMessage = (field: string) => `${field} must be a date written YYYY-MM-DD`;
const pathMessage = `path must be a page's path: / then at most ${ANALYTICS_PATH_MAX_LENGTH - 1} visible characters, no spaces`;
const channelMessage = (field: string) => `${field} must be at most ${ATTRIBUTION_VALUE_MAX_LENGTH} characters`;

/**
 * GET /api/admin/analytics: a period of whole days (UTC), both ends included, at most ANALYTICS_MAX_DAYS long (the
 * service checks the two together); `source` and `medium` narrow the funnels and the days to one channel, `path`
 * the days and the devices to one page.
 */
export class AnalyticsQueryDto implements AnalyticsQuery {
  @ApiProperty({ description: 'The first day (UTC), included', example: '2026-11-01' })
  @IsISO8601({ strict: true }, { message: dayMessage('from') })
  @Matches(DAY, { message: dayMessage('from') })
  @IsString({ message: dayMessage('from') })
  from!: string;

  @ApiProperty({ description: `The last day (UTC), included; at most ${ANALYTICS_MAX_DAYS} days from \`from\``, example: '2026-11-30' })
  @IsISO8601({ strict: true }, { message: dayMessage('to') })
  @Matches(DAY, { message: dayMessage('to') })
  @IsString({ message: dayMessage('to') })
  to!: string;

  @ApiPropertyOptional({
    description: 'The visitors and views per day, and the devices, of this page only (its path, as the top pages list it); not with `source`',
  })
  @IsOptional()
  @MaxLength(ANALYTICS_PATH_MAX_LENGTH, { message: pathMessage })
  // As the counted paths are: visible ASCII (a NUL or a space could never match one, and PostgreSQL refuses a NUL).
  @Matches(/^\/[\x21-\x7e]*$/, { message: pathMessage })
  @IsString({ message: pathMessage })
  path?: string;

  @ApiPropertyOptional({
    description:
      'The funnels, and the visitors and views per day, of this source only (as a submission’s attribution names it: `google`, `direct`, a referring host)',
  })
  @IsOptional()
  @MaxLength(ATTRIBUTION_VALUE_MAX_LENGTH, { message: channelMessage('source') })
  @IsString({ message: channelMessage('source') })
  @Trim()
  source?: string;

  @ApiPropertyOptional({ description: 'With `source`: the funnels and days of this medium only (`referral`, `email`…; empty for none)' })
  @IsOptional()
  @MaxLength(ATTRIBUTION_VALUE_MAX_LENGTH, { message: channelMessage('medium') })
  @IsString({ message: channelMessage('medium') })
  @Trim()
  medium?: string;
}

/** GET /api/admin/analytics/export.csv: the same period and channel (every page has its rows); `tz` dates the file's name. */
export class AnalyticsExportQueryDto
  extends IntersectionType(OmitType(AnalyticsQueryDto, ['path'] as const), PickType(ListExportQueryDto, ['tz'] as const))
  implements AnalyticsExportQuery {}
