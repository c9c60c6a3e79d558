import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Ip, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ChangePasswordDto } from '../accounts/dto/team.dto';
import { ApiErrors } from '../api-docs/api-extensions';
import { ok } from '../common/answer';
import { RateLimit } from '../rate-limit/rate-limit';
import { AdminOnly } from './admin-only.decorator';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { CurrentAdmin } from './current-admin.decorator';
import { PasswordChange } from './password-change';

/** My account's password: with the sign-in, whose lockout its current password counts in. */
@ApiTags('account')
@Controller('api/admin/account')
export class PasswordChangeController {
  constructor(private readonly passwordChange: PasswordChange) {}

  @ApiOperation({
    summary: 'Change my password',
    description:
      "Revokes the admin's other sessions. A wrong current password counts in the sign-in's lockout, as at the login: too many lock the " +
      'address (or the account) out for 15 minutes, answered 429 with Retry-After.',
  })
  @ApiErrors({ 400: 'The current password is wrong, or the new one is short or common', 429: MESSAGES.signInLocked })
  @Put('password')
  @AdminOnly('everyone')
  @RateLimit('auth-ip')
  async changePassword(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Body() dto: ChangePasswordDto,
    @Ip() address: string,
  ): Promise<AnswerOf<'PUT /api/admin/account/password'>> {
    await this.passwordChange.change(admin, dto.currentPassword, dto.newPassword, address);
    return ok({ message: MESSAGES.passwordChanged });
  }
}
