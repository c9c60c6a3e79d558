import { MESSAGES, SSO_MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Get, Headers, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { ok } from '../common/answer';
import { RateLimit } from '../rate-limit/rate-limit';
import { SsoExchangeDto } from './dto/sso-exchange.dto';
import { SsoService } from './sso.service';

/** Single sign-on's endpoints for the admin app (decision 093): public, like the login. */
@ApiTags('admin auth')
@Controller('api/admin/sso')
export class SsoController {
  constructor(private readonly sso: SsoService) {}

  @ApiOperation({
    summary: 'Single sign-on: is it set up',
    description:
      '`sso`: the provider’s name for the login page’s "Sign in with …" button (a link to `/admin/sso/start`), or null when single sign-on is ' +
      'not set up. `passwordSignIn`: `owners` when only owners may sign in with a password (OIDC_PASSWORD_SIGN_IN), else `all`.',
  })
  @Get()
  @RateLimit('auth-ip')
  settings(): AnswerOf<'GET /api/admin/sso'> {
    return ok(this.sso.settings());
  }

  @ApiOperation({
    summary: 'Single sign-on: the session',
    description:
      'The ticket the provider’s callback put in the admin app’s address (`/admin/sso?ticket=…`), exchanged for the session as POST ' +
      '/admin/verify-2fa answers it (`mustEnrol` too). Each ticket once, within a minute; recorded like any sign-in (last sign-in, known ' +
      'address) and audited as `auth.sign_in` with `with: sso`.',
  })
  @ApiHeader({ name: 'user-agent', required: false, description: "Shown with the session in the admin's list of sessions" })
  @ApiErrors({ 400: `${SSO_MESSAGES.ticketExpired} (unknown, used, or over a minute old)`, 403: MESSAGES.accountDisabled })
  @Post('exchange')
  @HttpCode(200)
  @RateLimit('auth-ip')
  async exchange(
    @Body() dto: SsoExchangeDto,
    @Ip() address: string,
    @Headers('user-agent') userAgent?: string,
  ): Promise<AnswerOf<'POST /api/admin/sso/exchange'>> {
    return ok(await this.sso.exchange(dto.ticket, { address, userAgent }));
  }
}
