import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/answer';
import { RateLimit } from '../rate-limit/rate-limit';
import { FormTokens } from './form-tokens';

@ApiTags('spam triage')
@Controller('api/form-token')
export class FormTokenController {
  constructor(private readonly tokens: FormTokens) {}

  /** The token the site sends with a quote request, contact message or job application (see FormTokens). */
  @ApiOperation({
    summary: 'Get a form token',
    description: 'The site fetches one when a person starts filling a form, and sends it as `X-Form-Token` with the submission. `Cache-Control: no-store`.',
  })
  @Get()
  @Header('Cache-Control', 'no-store')
  @RateLimit('public')
  issue(): AnswerOf<'GET /api/form-token'> {
    return ok({ token: this.tokens.issue() });
  }
}
