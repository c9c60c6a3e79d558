import { AUTHENTICATOR_MESSAGES, CODE_FAILURES_PER_ADDRESS, CODE_FAILURES_PER_ADMIN, MESSAGES, RECOVERY_CODE_COUNT, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { OpenWhileEnrolling } from '../auth/open-while-enrolling.decorator';
import { ok } from '../common/answer';
import { RateLimit } from '../rate-limit/rate-limit';
import { AuthenticatorService } from './authenticator.service';
import { AuthenticatorCodeDto, PasswordAndCodeDto, ReauthenticationDto } from './dto/authenticator.dto';

/** How a change that asks for the password again is refused over it (decision 088). */
const PASSWORD_REFUSALS = {
  wrong: `\`${AUTHENTICATOR_MESSAGES.passwordWrong}\` (\`errors.password\`, counted as a failed sign-in)`,
  locked:
    `\`${MESSAGES.signInLocked}\`, right password or not, while the sign-in is locked out for this address: after 10 wrong passwords for the ` +
    'account from it in 15 minutes, at the login or here (100 from everywhere, unless the admin signed in from it before); or over the rate limit',
  /** The code asked with the password, counted as the login counts codes sent with the admin id alone. */
  codeLocked: `\`${MESSAGES.codeLocked}\` after ${CODE_FAILURES_PER_ADDRESS} wrong codes from this address or ${CODE_FAILURES_PER_ADMIN} for the account in 15 minutes, here or at the login`,
};

/** My authenticator app: every admin, about themselves; every change but the confirmation asks for the password again. */
@ApiTags('account')
@Controller('api/admin/me/totp')
export class AuthenticatorController {
  constructor(private readonly authenticator: AuthenticatorService) {}

  @ApiOperation({ summary: 'My authenticator app', description: 'Whether it is on, since when, and how many recovery codes are left unused.' })
  @Get()
  @AdminOnly('everyone')
  @OpenWhileEnrolling()
  async status(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/me/totp'>> {
    return ok({ authenticator: await this.authenticator.status(admin) });
  }

  @ApiOperation({
    summary: 'Set up an authenticator app',
    description:
      'With the password. A new secret (base32), its `otpauth://` address and that address as a QR code (SVG), pending until ' +
      'POST /api/admin/me/totp/confirm; it replaces a pending one. The issuer is the name of MAIL_FROM, the label the admin’s e-mail.',
  })
  @ApiErrors({ 400: PASSWORD_REFUSALS.wrong, 409: AUTHENTICATOR_MESSAGES.alreadyEnabled, 429: PASSWORD_REFUSALS.locked })
  @Post()
  @HttpCode(201)
  @AdminOnly('everyone')
  @OpenWhileEnrolling()
  @RateLimit('auth-ip')
  async setUp(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Body() dto: ReauthenticationDto,
    @Ip() address: string,
  ): Promise<AnswerOf<'POST /api/admin/me/totp'>> {
    return ok(await this.authenticator.setUp(admin, dto.password, address));
  }

  @ApiOperation({
    summary: 'Turn the authenticator app on',
    description:
      `With a code of the pending app (one step of clock drift either way): only the setup's answer, given for the password, held its secret. ` +
      `Answers ${RECOVERY_CODE_COUNT} recovery codes, shown this once: ` +
      'only their hashes are kept. From then on the sign-in’s code step takes the app’s code or a recovery code, and no code is mailed. ' +
      'Audited, and mailed to the admin.',
  })
  @ApiErrors({ 400: AUTHENTICATOR_MESSAGES.codeWrong, 409: 'The app is already on, or none is being set up' })
  @Post('confirm')
  @HttpCode(200)
  @AdminOnly('everyone')
  @OpenWhileEnrolling()
  @RateLimit('auth-ip')
  async confirm(@CurrentAdmin() admin: AuthenticatedAdmin, @Body() dto: AuthenticatorCodeDto): Promise<AnswerOf<'POST /api/admin/me/totp/confirm'>> {
    return ok({ message: AUTHENTICATOR_MESSAGES.enabled, recoveryCodes: await this.authenticator.confirm(admin, dto.code) });
  }

  @ApiOperation({
    summary: 'Turn the authenticator app off',
    description: 'With the password and a current code of the app or an unused recovery code; the recovery codes go with it. Audited, and mailed to the admin.',
  })
  @ApiErrors({
    400: `${PASSWORD_REFUSALS.wrong}, or \`${AUTHENTICATOR_MESSAGES.appOrRecoveryCodeWrong}\` (\`errors.code\`)`,
    409: AUTHENTICATOR_MESSAGES.notEnabled,
    429: `${PASSWORD_REFUSALS.locked}; or ${PASSWORD_REFUSALS.codeLocked}`,
  })
  @Delete()
  @AdminOnly('everyone')
  @RateLimit('auth-ip')
  async remove(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Body() dto: PasswordAndCodeDto,
    @Ip() address: string,
  ): Promise<AnswerOf<'DELETE /api/admin/me/totp'>> {
    await this.authenticator.remove(admin, dto.password, dto.code, address);
    return ok({ message: AUTHENTICATOR_MESSAGES.removed });
  }

  @ApiOperation({
    summary: 'Replace my recovery codes',
    description:
      `With the password and a current code of the app or an unused recovery code. Answers ${RECOVERY_CODE_COUNT} new recovery codes, shown this ` +
      'once; every earlier code, used or not, stops working at once. Audited, and mailed to the admin.',
  })
  @ApiErrors({
    400: `${PASSWORD_REFUSALS.wrong}, or \`${AUTHENTICATOR_MESSAGES.appOrRecoveryCodeWrong}\` (\`errors.code\`)`,
    409: AUTHENTICATOR_MESSAGES.notEnabled,
    429: `${PASSWORD_REFUSALS.locked}; or ${PASSWORD_REFUSALS.codeLocked}`,
  })
  @Post('recovery-codes')
  @HttpCode(200)
  @AdminOnly('everyone')
  @RateLimit('auth-ip')
  async replaceRecoveryCodes(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Body() dto: PasswordAndCodeDto,
    @Ip() address: string,
  ): Promise<AnswerOf<'POST /api/admin/me/totp/recovery-codes'>> {
    const recoveryCodes = await this.authenticator.replaceRecoveryCodes(admin, dto.password, dto.code, address);
    return ok({ message: AUTHENTICATOR_MESSAGES.recoveryCodesReplaced, recoveryCodes });
  }
}
