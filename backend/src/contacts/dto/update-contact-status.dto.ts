import { CONTACT_STATUSES, type ContactStatus, type StatusPayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export class UpdateContactStatusDto implements StatusPayload<ContactStatus> {
  @ApiProperty({ enum: CONTACT_STATUSES })
  @IsIn(CONTACT_STATUSES, { message: `Status must be one of: ${CONTACT_STATUSES.join(', ')}` })
  status: ContactStatus;
}
