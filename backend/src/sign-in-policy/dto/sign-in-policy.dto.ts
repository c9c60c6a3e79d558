import { ADMIN_ROLES, SIGN_IN_GRACE_DAYS, SIGN_IN_POLICY_MESSAGES, type AdminRole, type SignInPolicy } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayUnique, IsArray, IsIn, IsInt, Max, Min } from 'class-validator';

// A field's message is the last failing check (common/validation.ts): the top-most decorator's, so each property
// lists its most basic check first.

/** PUT /api/admin/settings/sign-in */
export class SignInPolicyDto implements SignInPolicy {
  @ApiProperty({
    enum: ADMIN_ROLES,
    isArray: true,
    uniqueItems: true,
    description: 'The roles whose admins must sign in with an authenticator app or a passkey; empty: nobody must',
  })
  @IsArray({ message: SIGN_IN_POLICY_MESSAGES.rolesInvalid })
  @IsIn(ADMIN_ROLES, { each: true, message: SIGN_IN_POLICY_MESSAGES.rolesInvalid })
  @ArrayUnique({ message: SIGN_IN_POLICY_MESSAGES.rolesRepeated })
  roles: AdminRole[];

  @ApiProperty({
    type: 'integer',
    minimum: SIGN_IN_GRACE_DAYS.min,
    maximum: SIGN_IN_GRACE_DAYS.max,
    description: 'How many days a mailed code still signs in such an admin who has neither, from when the policy first found them without one',
  })
  @IsInt({ message: SIGN_IN_POLICY_MESSAGES.graceDaysInvalid })
  @Min(SIGN_IN_GRACE_DAYS.min, { message: SIGN_IN_POLICY_MESSAGES.graceDaysInvalid })
  @Max(SIGN_IN_GRACE_DAYS.max, { message: SIGN_IN_POLICY_MESSAGES.graceDaysInvalid })
  graceDays: number;
}
