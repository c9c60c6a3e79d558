import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { DomainError } from '../common/domain-error';
import { PrivacyEmailDto } from './dto/privacy-email.dto';
import { PrivacyService } from './privacy.service';

/** The address is in the body: a URL's query string ends up in access logs, proxies and browser history. */
@ApiTags('privacy')
@Controller('api/admin/privacy')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @ApiOperation({
    summary: 'Look up what is held about an e-mail address',
    description:
      'Every lead, contact message and application with that address (any case; applications with their job title and resume download path), ' +
      'and the earlier look-ups and erasures of it. The address travels in the body, never in the URL (logs, proxies and history keep URLs).',
  })
  @Post('lookup')
  @HttpCode(200)
  @AdminOnly('owner')
  async lookup(@Body() body: PrivacyEmailDto): Promise<AnswerOf<'POST /api/admin/privacy/lookup'>> {
    return ok(await this.privacy.export(body.email));
  }

  @ApiOperation({
    summary: 'Erase what is held about an e-mail address',
    description:
      'The rows, the outbox rows about them or to that address, its confirmation quota, the resume files, and the mails of the development ' +
      'outbox that mention it; answered once the touched tables are rewritten and the WAL checkpointed (no database file holds the rows).',
  })
  @Post('erase')
  @HttpCode(200)
  @AdminOnly('owner')
  async erase(@Body() body: PrivacyEmailDto): Promise<AnswerOf<'POST /api/admin/privacy/erase'>> {
    return ok({ erased: await this.privacy.erase(body.email) });
  }

  /** Retired (RETIRED_ENDPOINTS): 410 naming the new routes, without reading the address it was sent. */
  @Get()
  @ApiExcludeEndpoint()
  @AdminOnly('owner')
  retiredLookup(): never {
    throw DomainError.gone(MESSAGES.privacyRequestMoved);
  }

  @Delete()
  @ApiExcludeEndpoint()
  @AdminOnly('owner')
  retiredErase(): never {
    throw DomainError.gone(MESSAGES.privacyRequestMoved);
  }
}
