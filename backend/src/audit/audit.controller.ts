import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { AuditService } from './audit.service';
import { AuditQueryDto } from './dto/audit-query.dto';

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
}
