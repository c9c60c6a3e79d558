import { AUTHENTICATOR_MESSAGES, OTP_LENGTH, RECOVERY_CODE_INPUT_PATTERN, type VerifyPayload } from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, ValidateIf } from 'class-validator';
import { Trim } from '../../common/text';
import { AdminIdDto } from './admin-id.dto';

export class VerifyOtpDto extends AdminIdDto implements VerifyPayload {
  @ApiProperty({
    example: '123456',
    pattern: `^\\d{${OTP_LENGTH}}$`,
    required: false,
    description: 'The mailed code, or the authenticator app’s; required unless `recoveryCode` is sent',
  })
  // Required unless a recovery code is sent instead (the service refuses both).
  @ValidateIf((body: VerifyOtpDto) => body.recoveryCode === undefined || body.otp !== undefined)
  // Spaces pasted around the code are dropped.
  @Trim()
  @IsString({ message: 'Please enter the verification code' })
  @IsNotEmpty({ message: 'Please enter the verification code' })
  @Matches(new RegExp(`^\\d{${OTP_LENGTH}}$`), {
    message: `The verification code is the ${OTP_LENGTH} digits from the email`,
  })
  otp?: string;

  @ApiPropertyOptional({ example: 'k7m2p-x9qrt', description: 'One of the admin’s recovery codes, instead of `otp`' })
  @ValidateIf((body: VerifyOtpDto) => body.recoveryCode !== undefined)
  @Trim()
  @IsString({ message: AUTHENTICATOR_MESSAGES.recoveryCodeFormat })
  @Matches(RECOVERY_CODE_INPUT_PATTERN, { message: AUTHENTICATOR_MESSAGES.recoveryCodeFormat })
  recoveryCode?: string;
}
