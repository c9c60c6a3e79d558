import { ADMIN_PASSWORD_MAX_LENGTH, type LoginPayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EmailAddress } from '../../common/dto-fields';

export class LoginDto implements LoginPayload {
  @EmailAddress()
  email: string;

  // Not trimmed: spaces may be part of a password.
  @ApiProperty({ maxLength: ADMIN_PASSWORD_MAX_LENGTH })
  @IsString({ message: 'Please provide your password' })
  @IsNotEmpty({ message: 'Please provide your password' })
  @MaxLength(ADMIN_PASSWORD_MAX_LENGTH, { message: `Password must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters` })
  password: string;
}
