import {
  ADMIN_PASSWORD_MAX_LENGTH,
  ADMIN_ROLES,
  MAX_LENGTH,
  MESSAGES,
  type AcceptInvitePayload,
  type AdminRole,
  type AdminUpdatePayload,
  type ChangePasswordPayload,
  type InvitePayload,
} from '@brightwave/common';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EmailAddress, RequiredText } from '../../common/dto-fields';

const ROLE_MESSAGE = `Role must be one of: ${ADMIN_ROLES.join(', ')}`;

/** A password field: not trimmed (spaces may be part of it); the policy itself is checked by the service. */
function PasswordField(label: string) {
  const missing = `Please provide the ${label.toLowerCase()}`;
  return applyDecorators(
    ApiProperty({ maxLength: ADMIN_PASSWORD_MAX_LENGTH }),
    MaxLength(ADMIN_PASSWORD_MAX_LENGTH, { message: `${label} must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters` }),
    IsNotEmpty({ message: missing }),
    IsString({ message: missing }),
  );
}

export class InviteAdminDto implements InvitePayload {
  @EmailAddress()
  email: string;

  @RequiredText({ label: 'Name', missing: 'Please provide the name of the admin', max: MAX_LENGTH.name })
  name: string;

  @ApiProperty({ enum: ADMIN_ROLES })
  @IsIn(ADMIN_ROLES, { message: ROLE_MESSAGE })
  role: AdminRole;
}

export class UpdateAdminDto implements AdminUpdatePayload {
  @ApiPropertyOptional({ enum: ADMIN_ROLES })
  @IsOptional()
  @IsIn(ADMIN_ROLES, { message: ROLE_MESSAGE })
  role?: AdminRole;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'disabled must be true or false' })
  disabled?: boolean;
}

export class AcceptInviteDto implements AcceptInvitePayload {
  @ApiProperty()
  @IsString({ message: MESSAGES.inviteInvalid })
  @Matches(/^[\w-]{43}$/, { message: MESSAGES.inviteInvalid })
  token: string;

  @PasswordField('Password')
  password: string;
}

export class ChangePasswordDto implements ChangePasswordPayload {
  @PasswordField('Current password')
  currentPassword: string;

  @PasswordField('New password')
  newPassword: string;
}
