import {
  ADMIN_PASSWORD_MAX_LENGTH,
  AUTHENTICATOR_CODE_PATTERN,
  AUTHENTICATOR_MESSAGES,
  OTP_LENGTH,
  RECOVERY_CODE_INPUT_PATTERN,
  type AuthenticatorCodePayload,
  type PasswordAndCodePayload,
  type ReauthenticationPayload,
} from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { Trim } from '../../common/text';

/** The code the authenticator app shows, or one of the admin's recovery codes. */
const EITHER_CODE = new RegExp(`${AUTHENTICATOR_CODE_PATTERN.source}|${RECOVERY_CODE_INPUT_PATTERN.source}`, 'i');

export class AuthenticatorCodeDto implements AuthenticatorCodePayload {
  @ApiProperty({ example: '123456', pattern: AUTHENTICATOR_CODE_PATTERN.source, description: 'The code the authenticator app shows now' })
  // Spaces pasted around the code are dropped.
  @Trim()
  @IsString({ message: AUTHENTICATOR_MESSAGES.codeMissing })
  @IsNotEmpty({ message: AUTHENTICATOR_MESSAGES.codeMissing })
  @Matches(AUTHENTICATOR_CODE_PATTERN, { message: AUTHENTICATOR_MESSAGES.codeFormat })
  code: string;
}

/** The admin's password, asked again before a change to their sign-in (decision 088). */
export class ReauthenticationDto implements ReauthenticationPayload {
  // Not trimmed: spaces may be part of a password.
  @ApiProperty({ maxLength: ADMIN_PASSWORD_MAX_LENGTH, description: 'The password the admin signs in with' })
  @IsString({ message: AUTHENTICATOR_MESSAGES.passwordMissing })
  @IsNotEmpty({ message: AUTHENTICATOR_MESSAGES.passwordMissing })
  @MaxLength(ADMIN_PASSWORD_MAX_LENGTH, { message: `Password must be at most ${ADMIN_PASSWORD_MAX_LENGTH} characters` })
  password: string;
}

/** The password, and a current code of the app or an unused recovery code: turning the app off, new recovery codes. */
export class PasswordAndCodeDto extends ReauthenticationDto implements PasswordAndCodePayload {
  @ApiProperty({ example: '123456', description: `The ${OTP_LENGTH} digits the authenticator app shows now, or an unused recovery code (\`k7m2p-x9qrt\`)` })
  @Trim()
  @IsString({ message: AUTHENTICATOR_MESSAGES.appOrRecoveryCodeMissing })
  @IsNotEmpty({ message: AUTHENTICATOR_MESSAGES.appOrRecoveryCodeMissing })
  @Matches(EITHER_CODE, { message: AUTHENTICATOR_MESSAGES.appOrRecoveryCodeFormat })
  code: string;
}
