import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

export class UpdateWebhookDto {
  @ApiProperty()
  @IsBoolean({ message: 'Enabled must be true or false' })
  enabled: boolean;
}
