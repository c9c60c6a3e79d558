import type { WebhookUpdatePayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

export class UpdateWebhookDto implements WebhookUpdatePayload {
  @ApiProperty()
  @IsBoolean({ message: 'Enabled must be true or false' })
  enabled: boolean;
}
