import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { csvAnswer } from '../common/csv-answer';
import { CSV_CONTENT_TYPE } from '../common/csv';
import { AuditService } from './audit.service';
import { AuditExportQueryDto, AuditQueryDto } from './dto/audit-query.dto';

/** The audit log, read-only: no route updates or deletes an entry. */
@ApiTags('audit')
@Controller('api/admin/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @AdminOnly('owner')
  async list(@Query() query: AuditQueryDto): Promise<AnswerOf<'GET /api/admin/audit'>> {
    return ok(await this.audit.list(query));
  }

  @Get('export.csv')
  @AdminOnly('owner')
  @ApiProduces(CSV_CONTENT_TYPE)
  async export(@Query() query: AuditExportQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvAnswer(await this.audit.export(query), reply);
  }
}
