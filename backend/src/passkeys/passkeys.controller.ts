import { MESSAGES, PASSKEY_MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { OpenWhileEnrolling } from '../auth/open-while-enrolling.decorator';
import { ok } from '../common/answer';
import { ReauthenticationDto } from '../authenticator/dto/authenticator.dto';
import { RateLimit } from '../rate-limit/rate-limit';
import { PasskeyRegistrationDto } from './dto/passkeys.dto';
import { PasskeysService } from './passkeys.service';

/** How a change that asks for the password again is refused over it (decision 088). */
const PASSWORD_REFUSALS = {
  wrong: '`That is not your password: enter the password you sign in with` (`errors.password`, counted as a failed sign-in)',
  locked: `\`${MESSAGES.signInLocked}\` while the sign-in is locked out for this address (as at the login), or over the rate limit`,
};

/** My passkeys: every admin, about themselves; adding and removing one asks for the password again. */
@ApiTags('account')
@Controller('api/admin/me/passkeys')
export class PasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @ApiOperation({ summary: 'My passkeys', description: 'Each with its name, when it was added and when it last signed in (null: never).' })
  @Get()
  @AdminOnly('everyone')
  @OpenWhileEnrolling()
  async list(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/me/passkeys'>> {
    return ok({ passkeys: await this.passkeys.list(admin) });
  }

  @ApiOperation({
    summary: 'Start adding a passkey',
    description:
      'With the password. Answers the WebAuthn registration options (`PublicKeyCredentialCreationOptionsJSON`) for the browser: ' +
      'the relying party is PUBLIC_URL’s host, a discoverable credential and user verification are required, and the admin’s ' +
      'passkeys are excluded. Their challenge answers once, within 5 minutes, with POST /api/admin/me/passkeys.',
  })
  @ApiErrors({ 400: PASSWORD_REFUSALS.wrong, 429: PASSWORD_REFUSALS.locked })
  @Post('options')
  @HttpCode(200)
  @AdminOnly('everyone')
  @OpenWhileEnrolling()
  @RateLimit('auth-ip')
  async registrationOptions(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Body() dto: ReauthenticationDto,
    @Ip() address: string,
  ): Promise<AnswerOf<'POST /api/admin/me/passkeys/options'>> {
    return ok({ options: await this.passkeys.registrationOptions(admin, dto.password, address) });
  }

  @ApiOperation({
    summary: 'Add a passkey',
    description: 'Its name and the browser’s answer to the options of POST /api/admin/me/passkeys/options. Audited, and mailed to the admin.',
  })
  @ApiErrors({
    400: `\`${PASSKEY_MESSAGES.challengeExpired}\` (no pending options of this admin, or past 5 minutes), or \`${PASSKEY_MESSAGES.notVerified}\` (another origin or RP ID, no user verification, a bad attestation)`,
    409: PASSKEY_MESSAGES.alreadyAdded,
  })
  @Post()
  @HttpCode(201)
  @AdminOnly('everyone')
  @OpenWhileEnrolling()
  @RateLimit('auth-ip')
  async register(@CurrentAdmin() admin: AuthenticatedAdmin, @Body() dto: PasskeyRegistrationDto): Promise<AnswerOf<'POST /api/admin/me/passkeys'>> {
    return ok({ message: PASSKEY_MESSAGES.added, passkey: await this.passkeys.register(admin, dto.name, dto.response) });
  }

  @ApiOperation({ summary: 'Remove a passkey', description: 'With the password: it no longer signs in. Audited, and mailed to the admin.' })
  @ApiErrors({ 400: PASSWORD_REFUSALS.wrong, 404: PASSKEY_MESSAGES.notFound, 429: PASSWORD_REFUSALS.locked })
  @Delete(':id')
  @AdminOnly('everyone')
  @RateLimit('auth-ip')
  async remove(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Param('id') id: string,
    @Body() dto: ReauthenticationDto,
    @Ip() address: string,
  ): Promise<AnswerOf<'DELETE /api/admin/me/passkeys/:id'>> {
    await this.passkeys.remove(admin, id, dto.password, address);
    return ok({ message: PASSKEY_MESSAGES.removed });
  }
}
