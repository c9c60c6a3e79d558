import { MAX_LENGTH, WEBHOOK_EVENTS, type CreateWebhookPayload, type WebhookEvent } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayNotEmpty, ArrayUnique, IsArray, IsIn } from 'class-validator';
import { RequiredText } from '../../common/dto-fields';

/** Body of adding an endpoint; the scheme and the address are checked by the service (they depend on the config). */
export class CreateWebhookDto implements CreateWebhookPayload {
  @RequiredText({ label: 'URL', missing: 'Please provide the URL of the endpoint', max: MAX_LENGTH.url, example: 'https://hooks.example.com/brightwave' })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `Events must be among: ${WEBHOOK_EVENTS.join(', ')}` })
  @ArrayUnique({ message: 'Choose each event once' })
  @ArrayNotEmpty({ message: 'Choose at least one event' })
  @IsArray({ message: 'Choose at least one event' })
  events: WebhookEvent[];
}
