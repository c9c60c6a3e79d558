import { AUDIT_ACTIONS, AUDIT_ACTORS, MAX_LENGTH, type AuditAction, type AuditActor, type AuditExportQuery, type AuditQuery } from '@brightwave/common';
import { ApiPropertyOptional, IntersectionType, OmitType, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsISO8601, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ListExportQueryDto, ListQueryDto, queryBoolean } from '../../common/list-query.dto';

const DATE_MESSAGE = (field: string) => `${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`;

/** GET /api/admin/audit: paging and filters, each optional. */
export class AuditQueryDto extends PickType(ListQueryDto, ['page', 'limit'] as const) implements AuditQuery {
  @ApiPropertyOptional({ enum: AUDIT_ACTIONS })
  @IsOptional()
  @IsIn(AUDIT_ACTIONS, { message: 'action must be one of the audit actions' })
  action?: AuditAction;

  @ApiPropertyOptional({ enum: AUDIT_ACTORS, description: 'An admin through the API, the command line, or the system' })
  @IsOptional()
  @IsIn(AUDIT_ACTORS, { message: `actor must be one of: ${AUDIT_ACTORS.join(', ')}` })
  actor?: AuditActor;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'adminId must be the id of an admin' })
  adminId?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'targetId must be text' })
  @MaxLength(MAX_LENGTH.search, { message: `targetId must be at most ${MAX_LENGTH.search} characters` })
  targetId?: string;

  @ApiPropertyOptional({ description: 'From this date or time (inclusive)', example: '2026-01-31' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: DATE_MESSAGE('from') })
  from?: string;

  @ApiPropertyOptional({ description: 'Up to this date (the whole day) or time (inclusive)', example: '2026-01-31' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: DATE_MESSAGE('to') })
  to?: string;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: '`true`: leaves out the system noise: whole-list reads, and retention purges that removed nothing',
  })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean({ message: 'hideSystem must be true or false' })
  hideSystem?: boolean;
}

/** GET /api/admin/audit/export.csv: the list's filters, every matching entry; `tz` dates the file's name. */
export class AuditExportQueryDto
  extends IntersectionType(OmitType(AuditQueryDto, ['page', 'limit'] as const), PickType(ListExportQueryDto, ['tz'] as const))
  implements AuditExportQuery {}
