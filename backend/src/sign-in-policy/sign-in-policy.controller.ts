import { SIGN_IN_GRACE_DAYS, SIGN_IN_POLICY_MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { SignInPolicyDto } from './dto/sign-in-policy.dto';
import { SignInPolicyService } from './sign-in-policy.service';

/** Settings → Sign-in: owners only. */
@ApiTags('settings')
@Controller('api/admin/settings/sign-in')
export class SignInPolicyController {
  constructor(private readonly policy: SignInPolicyService) {}

  @ApiOperation({
    summary: 'The sign-in policy',
    description:
      '`roles`: the roles whose admins must sign in with an authenticator app or a passkey (empty, as installed: nobody must, and the sign-in is the ' +
      'spec’s). `graceDays`: for how many days a mailed code still signs in such an admin who has neither, counted from when the policy first found ' +
      'them without one; meanwhile they can do nothing but set one up.',
  })
  @Get()
  @AdminOnly('owner')
  async get(): Promise<AnswerOf<'GET /api/admin/settings/sign-in'>> {
    return ok({ policy: await this.policy.get() });
  }

  @ApiOperation({
    summary: 'Save the sign-in policy',
    description:
      'Starts the grace period of every active admin of a listed role who has no strong factor (unless theirs has started), and ends it for every ' +
      'admin of a role no longer listed; an admin invited or given such a role later starts theirs at their next sign-in or request. Audited.',
  })
  @ApiErrors({
    400: `A role that is not one of the roles, or listed twice (\`errors.roles\`), or a grace period that is not a whole number of days from ${SIGN_IN_GRACE_DAYS.min} to ${SIGN_IN_GRACE_DAYS.max} (\`errors.graceDays\`); nothing is stored`,
  })
  @Put()
  @AdminOnly('owner')
  async put(@Body() dto: SignInPolicyDto): Promise<AnswerOf<'PUT /api/admin/settings/sign-in'>> {
    return ok({ message: SIGN_IN_POLICY_MESSAGES.saved, policy: await this.policy.save(dto) });
  }
}
