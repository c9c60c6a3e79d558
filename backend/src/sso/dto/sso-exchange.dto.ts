import { SSO_MESSAGES, type SsoExchangePayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class SsoExchangeDto implements SsoExchangePayload {
  @ApiProperty({ example: 'q3J5…', maxLength: 100, description: 'The `ticket` of the admin app’s `/admin/sso` address: 32 random bytes, base64url' })
  @IsString({ message: SSO_MESSAGES.ticketMissing })
  @IsNotEmpty({ message: SSO_MESSAGES.ticketMissing })
  @MaxLength(100, { message: SSO_MESSAGES.ticketExpired })
  ticket: string;
}
