import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { csvExportDescription } from '../api-docs/api-words';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import type { CsvFile } from '../common/csv';
import { CsvDownload } from '../common/download-answer';
import { AuditService } from './audit.service';
import { AuditExportQueryDto, AuditQueryDto } from './dto/audit-query.dto';

/** The audit log, read-only: no route updates or deletes an entry. */
@ApiTags('audit')
@Controller('api/admin/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @ApiOperation({
    summary: 'List the audit log',
    description:
      'Newest first. `from` and `to` are inclusive (a date `to` is the whole UTC day). No route updates or deletes an entry, and the database ' +
      'refuses it; command-line entries carry `details.osUser`. Each entry carries `adminName` and, for the kinds that have one (admin, lead, ' +
      'contact, application, job, portfolio, page), `targetName` as they are now; `targetGone` when that target was deleted or erased.',
  })
  @Get()
  @AdminOnly('owner')
  async list(@Query() query: AuditQueryDto): Promise<AnswerOf<'GET /api/admin/audit'>> {
    return ok(await this.audit.list(query));
  }

  @ApiOperation({
    summary: 'Export the audit log as CSV',
    description: csvExportDescription(
      'audit-log',
      'Time (ISO 8601, UTC), Admin, Admin ID, Action, Target kind, Target ID, IP address, Browser, Details (JSON)',
    ),
  })
  @CsvDownload('export.csv')
  @AdminOnly('owner')
  export(@Query() query: AuditExportQueryDto): Promise<CsvFile> {
    return this.audit.export(query);
  }
}
