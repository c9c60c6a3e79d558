import type { InboxExportQuery, InboxQuery } from '@brightwave/common';
import { ApiPropertyOptional, IntersectionType, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { queryBoolean, WorkListExportQueryDto, WorkListQueryDto } from '../../common/list-query.dto';

/** The lists of leads and contact messages: `spam=true` lists suspected spam; without it, the inbox (SPEC §7). */
export class InboxQueryDto extends WorkListQueryDto implements InboxQuery {
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean({ message: 'spam must be true or false' })
  spam?: boolean;
}

/** GET /api/leads/export.csv and /api/contacts/export.csv: the inbox or, with spam=true, the suspected spam. */
export class InboxExportQueryDto extends IntersectionType(WorkListExportQueryDto, PickType(InboxQueryDto, ['spam'] as const)) implements InboxExportQuery {}
