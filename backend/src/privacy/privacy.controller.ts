import type { AnswerOf } from '@brightwave/common';
import { Controller, Delete, Get, HttpCode, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { PrivacyEmailDto } from './dto/privacy-email.dto';
import { PrivacyService } from './privacy.service';

@ApiTags('privacy')
@Controller('api/admin/privacy')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Get()
  @AdminOnly('owner')
  async export(@Query() query: PrivacyEmailDto): Promise<AnswerOf<'GET /api/admin/privacy'>> {
    return ok(await this.privacy.export(query.email));
  }

  @Delete()
  @HttpCode(200)
  @AdminOnly('owner')
  async erase(@Query() query: PrivacyEmailDto): Promise<AnswerOf<'DELETE /api/admin/privacy'>> {
    return ok({ erased: await this.privacy.erase(query.email) });
  }
}
