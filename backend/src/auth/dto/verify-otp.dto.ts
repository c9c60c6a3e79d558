import { OTP_LENGTH, type VerifyPayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches } from 'class-validator';
import { Trim } from '../../common/text';
import { AdminIdDto } from './admin-id.dto';

export class VerifyOtpDto extends AdminIdDto implements VerifyPayload {
  @ApiProperty({ example: '123456', pattern: `^\\d{${OTP_LENGTH}}$` })
  // Spaces pasted around the code are dropped.
  @Trim()
  @IsString({ message: 'Please enter the verification code' })
  @IsNotEmpty({ message: 'Please enter the verification code' })
  @Matches(new RegExp(`^\\d{${OTP_LENGTH}}$`), {
    message: `The verification code is the ${OTP_LENGTH} digits from the email`,
  })
  otp: string;
}
