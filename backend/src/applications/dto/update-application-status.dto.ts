import { APPLICATION_STATUSES, type ApplicationStatus, type StatusPayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export class UpdateApplicationStatusDto implements StatusPayload<ApplicationStatus> {
  @ApiProperty({ enum: APPLICATION_STATUSES })
  @IsIn(APPLICATION_STATUSES, { message: `Status must be one of: ${APPLICATION_STATUSES.join(', ')}` })
  status: ApplicationStatus;
}
