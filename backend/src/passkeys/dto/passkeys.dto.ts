import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH, type PasskeyRegistrationPayload, type PasskeySignInPayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { IsNotEmpty, IsObject, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../common/text';

// The browser's answer is checked whole by the WebAuthn library (PasskeysService): here only that it is an object.
const RESPONSE_DESCRIPTION = 'What the browser’s WebAuthn ceremony answered, as JSON (`@simplewebauthn/browser` gives it), unchanged';

export class PasskeyRegistrationDto implements PasskeyRegistrationPayload {
  @ApiProperty({ example: 'Work laptop', maxLength: PASSKEY_NAME_MAX_LENGTH, description: 'What the admin calls the passkey in their list' })
  @Trim()
  @IsString({ message: PASSKEY_MESSAGES.nameMissing })
  @IsNotEmpty({ message: PASSKEY_MESSAGES.nameMissing })
  @MaxLength(PASSKEY_NAME_MAX_LENGTH, { message: PASSKEY_MESSAGES.nameTooLong })
  name: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: `${RESPONSE_DESCRIPTION} (RegistrationResponseJSON)` })
  @IsObject({ message: PASSKEY_MESSAGES.responseMissing })
  response: RegistrationResponseJSON;
}

export class PasskeySignInDto implements PasskeySignInPayload {
  @ApiProperty({ type: 'object', additionalProperties: true, description: `${RESPONSE_DESCRIPTION} (AuthenticationResponseJSON)` })
  @IsObject({ message: PASSKEY_MESSAGES.responseMissing })
  response: AuthenticationResponseJSON;
}
