import { MAX_LENGTH, MESSAGES, type PrivacyEmailPayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsDeliverableAddress } from '../../common/email-address';
import { NormalizeEmail } from '../../common/text';

/** The body of a privacy request: the address whose data is looked up or erased (any case). */
export class PrivacyEmailDto implements PrivacyEmailPayload {
  // The most basic check first: the top-most decorator's message is the one answered.
  @IsString({ message: MESSAGES.privacyEmailMissing })
  @IsNotEmpty({ message: MESSAGES.privacyEmailMissing })
  @MaxLength(MAX_LENGTH.email, { message: MESSAGES.privacyEmailInvalid })
  @IsDeliverableAddress({ message: MESSAGES.privacyEmailInvalid })
  @NormalizeEmail()
  @ApiProperty({ maxLength: MAX_LENGTH.email })
  email: string;
}
