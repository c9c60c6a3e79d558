import { LEAD_STATUSES, type LeadStatus } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export class UpdateLeadStatusDto {
  @ApiProperty({ enum: LEAD_STATUSES })
  @IsIn(LEAD_STATUSES, { message: `Status must be one of: ${LEAD_STATUSES.join(', ')}` })
  status: LeadStatus;
}
