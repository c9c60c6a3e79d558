import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Settings → Data retention: the periods in force, read-only (they are set by env). */
@ApiTags('settings')
@Controller('api/admin/settings/retention')
export class RetentionController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @ApiOperation({ summary: 'The retention periods', description: 'In days, as set by the RETENTION_*_DAYS variables (read-only).' })
  @Get()
  @AdminOnly('owner')
  get(): AnswerOf<'GET /api/admin/settings/retention'> {
    return ok({ retention: this.config.retention });
  }
}
