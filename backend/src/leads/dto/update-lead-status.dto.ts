import { LEAD_STATUSES, type LeadStatus, type StatusPayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export class UpdateLeadStatusDto implements StatusPayload<LeadStatus> {
  @ApiProperty({ enum: LEAD_STATUSES })
  @IsIn(LEAD_STATUSES, { message: `Status must be one of: ${LEAD_STATUSES.join(', ')}` })
  status: LeadStatus;
}
