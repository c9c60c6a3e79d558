import type { ApplicationListQuery } from '@brightwave/common';
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { queryBoolean, WorkListQueryDto } from '../../common/list-query.dto';

/** `knockedOut=true`: only the applications a knockout answer rejected on arrival; `false`: only the others. */
export const KnockedOutFilter = () =>
  applyDecorators(
    IsBoolean({ message: 'knockedOut must be true or false' }),
    Transform(queryBoolean),
    IsOptional(),
    ApiPropertyOptional({ enum: ['true', 'false'], description: 'true: only the applications a knockout answer rejected on arrival; false: only the others' }),
  );

/** The lists of applications (a job's, every job's): the workspace's filters, and knocked out or not. */
export class ApplicationListQueryDto extends WorkListQueryDto implements ApplicationListQuery {
  @KnockedOutFilter()
  knockedOut?: boolean;
}
