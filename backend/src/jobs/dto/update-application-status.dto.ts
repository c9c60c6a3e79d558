import { APPLICATION_STATUSES, type ApplicationStatus } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export class UpdateApplicationStatusDto {
  @ApiProperty({ enum: APPLICATION_STATUSES })
  @IsIn(APPLICATION_STATUSES, { message: `Status must be one of: ${APPLICATION_STATUSES.join(', ')}` })
  status: ApplicationStatus;
}
