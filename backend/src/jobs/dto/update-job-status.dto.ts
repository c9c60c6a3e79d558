import { JOB_STATUSES, type JobStatus, type StatusPayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export class UpdateJobStatusDto implements StatusPayload<JobStatus> {
  @ApiProperty({ enum: JOB_STATUSES })
  @IsIn(JOB_STATUSES, { message: `Status must be one of: ${JOB_STATUSES.join(', ')}` })
  status: JobStatus;
}
