import { ADMIN_SIGN_IN_MESSAGES, AUTHENTICATOR_MESSAGES, MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, HttpCode, Ip, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ReauthenticationDto } from '../authenticator/dto/authenticator.dto';
import { ok } from '../common/answer';
import { RateLimit } from '../rate-limit/rate-limit';
import { AdminSignIn } from './admin-sign-in.service';

/** Another admin's sign-in, from the Admins screen: owners only (decision 094). */
@ApiTags('admins')
@Controller('api/admin/admins/:id')
export class AdminSignInController {
  constructor(private readonly adminSignIn: AdminSignIn) {}

  @ApiOperation({
    summary: "Reset an admin's sign-in",
    description:
      'For an admin who lost the device that held their authenticator app or passkeys: turns the app and its recovery codes off and removes every ' +
      'passkey (each audited and mailed to them), and signs them out everywhere. With the owner’s password, counted in the sign-in’s lockout as ' +
      'at the login. They sign in with their password and a code sent by e-mail again; under the sign-in policy their grace period starts then.',
  })
  @ApiErrors({
    400: `\`${AUTHENTICATOR_MESSAGES.passwordWrong}\` or \`${AUTHENTICATOR_MESSAGES.passwordMissing}\` (\`errors.password\`: the owner's own password)`,
    404: MESSAGES.adminNotFound,
    409: `\`${ADMIN_SIGN_IN_MESSAGES.nothingToReset}\`, or \`${ADMIN_SIGN_IN_MESSAGES.notYourself}\``,
    429: MESSAGES.signInLocked,
  })
  @Post('sign-in-reset')
  @HttpCode(200)
  @AdminOnly('owner')
  @RateLimit('auth-ip')
  async reset(
    @CurrentAdmin() owner: AuthenticatedAdmin,
    @Param('id') id: string,
    @Body() dto: ReauthenticationDto,
    @Ip() address: string,
  ): Promise<AnswerOf<'POST /api/admin/admins/:id/sign-in-reset'>> {
    const { name } = await this.adminSignIn.reset(owner, id, dto.password, address);
    return ok({ message: ADMIN_SIGN_IN_MESSAGES.reset(name) });
  }

  @ApiOperation({
    summary: "Restart an admin's grace period",
    description:
      'For an admin the sign-in policy asks to set up an authenticator app or a passkey: their grace period starts again now, so a code sent by ' +
      'e-mail signs them in (to set one up, nothing else) for the policy’s days from now. `mailedCodeUntil`: its new end. Audited.',
  })
  @ApiErrors({ 404: MESSAGES.adminNotFound, 409: `\`${ADMIN_SIGN_IN_MESSAGES.notAsked}\`, or \`${ADMIN_SIGN_IN_MESSAGES.notYourself}\`` })
  @Post('sign-in-grace')
  @HttpCode(200)
  @AdminOnly('owner')
  async restartGrace(@CurrentAdmin() owner: AuthenticatedAdmin, @Param('id') id: string): Promise<AnswerOf<'POST /api/admin/admins/:id/sign-in-grace'>> {
    const { name, mailedCodeUntil } = await this.adminSignIn.restartGrace(owner, id);
    return ok({ message: ADMIN_SIGN_IN_MESSAGES.graceRestarted(name), mailedCodeUntil });
  }
}
