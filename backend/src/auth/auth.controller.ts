import { AUTHENTICATOR_MESSAGES, MESSAGES, SIGN_IN_POLICY_MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Headers, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { ok } from '../common/answer';
import { RateLimit } from '../rate-limit/rate-limit';
import { AdminOnly } from './admin-only.decorator';
import { AuthService } from './auth.service';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { CurrentAdmin } from './current-admin.decorator';
import { OpenWhileEnrolling } from './open-while-enrolling.decorator';
import { LoginDto } from './dto/login.dto';
import { ResendOtpDto } from './dto/resend-otp.dto';
import { VerifyOtpDto } from './dto/verify-otp.dto';

@ApiTags('admin auth')
@Controller('admin')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @ApiOperation({
    summary: 'Sign in: the password',
    description:
      'Mails a 6-digit code to the admin, and answers the `adminId` and `challenge` that POST /admin/verify-2fa takes with it. ' +
      '`factors` says what that step takes: `email-code`, or, for an admin who turned an authenticator app on, `authenticator` and ' +
      '`recovery-code` (then no code is mailed).',
  })
  @ApiErrors({
    401: MESSAGES.invalidCredentials,
    403:
      `\`${MESSAGES.accountDisabled}\`; \`${SIGN_IN_POLICY_MESSAGES.passkeyRequired}\` (the admin's role must use an authenticator app or a passkey, ` +
      `and theirs is a passkey); or \`${SIGN_IN_POLICY_MESSAGES.mailedCodeRefused}\` (they have neither and their grace period is over; an owner is ` +
      'let in while no active owner has one); or `Password sign-in is for owners only…` (a non-owner, when OIDC_PASSWORD_SIGN_IN=owners: they sign in with the provider)',
    429: 'After 10 wrong passwords for the account from this address in 15 minutes (100 from everywhere, unless the admin signed in from this address before), or over the rate limit',
    503: 'The code mail could not be sent',
  })
  @Post('login')
  @HttpCode(200)
  // Failures only are counted per account, by the service: a per-account count of every attempt would let anyone
  // who knows an admin's e-mail lock them out.
  @RateLimit('auth-ip')
  async login(@Body() dto: LoginDto, @Ip() address: string): Promise<AnswerOf<'POST /admin/login'>> {
    const answer = await this.auth.login(dto.email, dto.password, { address });
    return ok({ ...answer, message: answer.factors.includes('email-code') ? MESSAGES.codeSent : AUTHENTICATOR_MESSAGES.codeAsked });
  }

  @ApiOperation({
    summary: 'Sign in: the mailed code, or the authenticator app’s',
    description:
      "Answers the session's token (it lives 8 hours). `otp` is the mailed code, or the authenticator app's (one step of clock drift " +
      'either way, each code once); `recoveryCode`, instead of it, one of the admin’s recovery codes (each once): as the login step’s ' +
      "`factors` say. With `challenge`, a wrong code takes one of that login's 5 tries. With the `adminId` " +
      "alone (SPEC §7) the login's tries are not touched: this address is refused after 5 wrong codes in 15 minutes, and every such call for " +
      'the admin after 10 from all addresses (the admin is then mailed); calls with a challenge are never refused by these. ' +
      '`mustEnrol: true`, only for an admin whose role must use an authenticator app or a passkey and who has neither (Settings → Sign-in): ' +
      'until they set one up, every admin route but their account, its sign-in routes and sign-out answers them 403.',
  })
  @ApiHeader({ name: 'user-agent', required: false, description: "Shown with the session in the admin's list of sessions" })
  @ApiErrors({
    400: 'A wrong, used or expired code, a login with no tries left, the challenge of another login, or both a code and a recovery code',
    403: `\`${MESSAGES.accountDisabled}\`, or the login step's refusals by the sign-in policy (its grace period ended since the password step)`,
    429: `\`${MESSAGES.codeLocked}\` after 10 wrong codes sent with challenges in 15 minutes across logins, or those above; or over the rate limit`,
  })
  @Post('verify-2fa')
  @HttpCode(200)
  @RateLimit('auth-ip', 'auth-account')
  async verify(@Body() dto: VerifyOtpDto, @Ip() address: string, @Headers('user-agent') userAgent?: string): Promise<AnswerOf<'POST /admin/verify-2fa'>> {
    return ok(await this.auth.verify(dto.adminId, { otp: dto.otp, recoveryCode: dto.recoveryCode }, { address, userAgent, challenge: dto.challenge }));
  }

  @ApiOperation({ summary: 'Mail the code again', description: 'A login attempt ends 15 minutes after its password step, resends included.' })
  @ApiErrors({
    403: "The login step's refusals by the sign-in policy (its grace period ended since the password step)",
    409: `${AUTHENTICATOR_MESSAGES.mailedCodeNotOffered} (the login's \`factors\` have no \`email-code\`)`,
    429: 'Asked again within 30 seconds, or too many codes in 15 minutes',
    503: 'The code mail could not be sent',
  })
  @Post('resend-otp')
  @HttpCode(200)
  @RateLimit('auth-ip', 'auth-account')
  async resend(@Body() dto: ResendOtpDto, @Ip() address: string): Promise<AnswerOf<'POST /admin/resend-otp'>> {
    await this.auth.resend(dto.adminId, { address, challenge: dto.challenge });
    return ok({ message: MESSAGES.resendSuccess });
  }

  @ApiOperation({ summary: 'Sign out', description: 'Revokes the session of the token on the server.' })
  @Post('logout')
  @HttpCode(200)
  @AdminOnly('everyone')
  @OpenWhileEnrolling()
  async logout(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'POST /admin/logout'>> {
    await this.auth.logout(admin.sessionId);
    return ok({ message: MESSAGES.loggedOut });
  }
}
