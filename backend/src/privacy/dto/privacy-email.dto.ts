import { MAX_LENGTH, MESSAGES } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NormalizeEmail } from '../../common/text';

/** `?email=` of a privacy request: the address whose data is looked up or erased (any case). */
export class PrivacyEmailDto {
  // The most basic check first: the top-most decorator's message is the one answered.
  @IsString({ message: MESSAGES.privacyEmailMissing })
  @IsNotEmpty({ message: MESSAGES.privacyEmailMissing })
  @MaxLength(MAX_LENGTH.email, { message: MESSAGES.privacyEmailInvalid })
  @IsEmail({}, { message: MESSAGES.privacyEmailInvalid })
  @NormalizeEmail()
  @ApiProperty({ maxLength: MAX_LENGTH.email })
  email: string;
}
