import type { SpamPayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

/** Moves a lead or contact message into suspected spam or out of it. */
export class SpamPayloadDto implements SpamPayload {
  @ApiProperty()
  @IsBoolean({ message: 'spam must be true or false' })
  spam: boolean;
}
