import { MAX_LENGTH } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NormalizeEmail } from '../../common/text';
import { ADMIN_PASSWORD_MAX_LENGTH } from '../admins.service';

export class LoginDto {
  @ApiProperty({ maxLength: MAX_LENGTH.email })
  @NormalizeEmail()
  @IsString({ message: 'Please provide your email address' })
  @IsNotEmpty({ message: 'Please provide your email address' })
  @MaxLength(MAX_LENGTH.email, { message: `Email must be at most ${MAX_LENGTH.email} characters` })
  @IsEmail({}, { message: 'Please provide a valid email address' })
  email: string;

  // Not trimmed: spaces may be part of a password.
  @ApiProperty({ maxLength: ADMIN_PASSWORD_MAX_LENGTH })
  @IsString({ message: 'Please provide your password' })
  @IsNotEmpty({ message: 'Please provide your password' })
  @MaxLength(ADMIN_PASSWORD_MAX_LENGTH, { message: `Password must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters` })
  password: string;
}
