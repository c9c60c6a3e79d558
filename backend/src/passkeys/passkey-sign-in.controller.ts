import { MESSAGES, PASSKEY_MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Headers, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { ok } from '../common/answer';
import { RateLimit } from '../rate-limit/rate-limit';
import { PasskeySignInDto } from './dto/passkeys.dto';
import { PasskeysService } from './passkeys.service';

/** Signing in with a passkey alone: public, like the login. */
@ApiTags('admin auth')
@Controller('api/admin/passkey')
export class PasskeySignInController {
  constructor(private readonly passkeys: PasskeysService) {}

  @ApiOperation({
    summary: 'Sign in with a passkey: the options',
    description:
      'The WebAuthn authentication options (`PublicKeyCredentialRequestOptionsJSON`): no admin is named, the device offers its ' +
      'passkeys of this site; user verification is required. Their challenge answers once, within 5 minutes.',
  })
  @Post('options')
  @HttpCode(200)
  @RateLimit('auth-ip')
  async options(): Promise<AnswerOf<'POST /api/admin/passkey/options'>> {
    return ok({ options: await this.passkeys.signInOptions() });
  }

  @ApiOperation({
    summary: 'Sign in with a passkey',
    description:
      'The browser’s answer to the options: a passkey signs in alone (it is both factors). Answers the session, as POST /admin/verify-2fa ' +
      'does; recorded like any sign-in (last sign-in, known address) and audited as `auth.sign_in` with `with: passkey`.',
  })
  @ApiHeader({ name: 'user-agent', required: false, description: "Shown with the session in the admin's list of sessions" })
  @ApiErrors({
    400: `${PASSKEY_MESSAGES.challengeExpired} (not given, used already, or past 5 minutes)`,
    401: `\`${PASSKEY_MESSAGES.unknownPasskey}\`, or \`${PASSKEY_MESSAGES.notVerified}\` (another origin or RP ID, a bad signature, no user verification, a counter that went backwards)`,
    403: MESSAGES.accountDisabled,
  })
  @Post('verify')
  @HttpCode(200)
  @RateLimit('auth-ip')
  async verify(
    @Body() dto: PasskeySignInDto,
    @Ip() address: string,
    @Headers('user-agent') userAgent?: string,
  ): Promise<AnswerOf<'POST /api/admin/passkey/verify'>> {
    return ok(await this.passkeys.signIn(dto.response, { address, userAgent }));
  }
}
