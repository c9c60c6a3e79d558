import { CONTACT_STATUSES, type ContactStatus } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export class UpdateContactStatusDto {
  @ApiProperty({ enum: CONTACT_STATUSES })
  @IsIn(CONTACT_STATUSES, { message: `Status must be one of: ${CONTACT_STATUSES.join(', ')}` })
  status: ContactStatus;
}
