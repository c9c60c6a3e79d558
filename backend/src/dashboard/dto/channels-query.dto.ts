import { CHANNEL_DEFAULT_PERIOD, CHANNEL_PERIODS, type ChannelPeriod, type ChannelsQuery } from '@brightwave/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';

/** GET /api/admin/dashboard/channels?days=7|30|90 */
export class ChannelsQueryDto implements ChannelsQuery {
  @ApiPropertyOptional({ enum: CHANNEL_PERIODS, default: CHANNEL_DEFAULT_PERIOD, description: 'The period: the last 7, 30 or 90 days up to now' })
  @IsOptional()
  @Type(() => Number)
  @IsIn(CHANNEL_PERIODS, { message: `days must be ${CHANNEL_PERIODS.slice(0, -1).join(', ')} or ${CHANNEL_PERIODS.at(-1)}` })
  days?: ChannelPeriod;
}
