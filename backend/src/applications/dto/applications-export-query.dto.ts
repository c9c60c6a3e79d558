import type { ApplicationsExportQuery } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { WorkListExportQueryDto } from '../../common/list-query.dto';
import { KnockedOutFilter } from './application-list-query.dto';

/** GET /api/jobs/applications/export.csv: the applications of `job`. */
export class ApplicationsExportQueryDto extends WorkListExportQueryDto implements ApplicationsExportQuery {
  @ApiProperty({ format: 'uuid', description: 'The job whose applications are exported' })
  @IsUUID('all', { message: 'job must be the id of a job' })
  job: string;

  @KnockedOutFilter()
  knockedOut?: boolean;
}
