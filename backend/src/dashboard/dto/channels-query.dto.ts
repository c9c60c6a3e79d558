import { REPORT_DEFAULT_PERIOD, REPORT_PERIODS, type ReportPeriod, type ChannelsQuery } from '@brightwave/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';

/** GET /api/admin/dashboard/channels?days=7|30|90 */
export class ChannelsQueryDto implements ChannelsQuery {
  @ApiPropertyOptional({ enum: REPORT_PERIODS, default: REPORT_DEFAULT_PERIOD, description: 'The period: the last 7, 30 or 90 days up to now' })
  @IsOptional()
  @Type(() => Number)
  @IsIn(REPORT_PERIODS, { message: `days must be ${REPORT_PERIODS.slice(0, -1).join(', ')} or ${REPORT_PERIODS.at(-1)}` })
  days?: ReportPeriod;
}
