import { MAX_LENGTH, SERVICE_KEYS, type CreateLeadPayload, type FormAnswers, type ServiceKey } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { EmailAddress, FormAnswersField, RequiredText } from '../../common/dto-fields';

export class CreateLeadDto implements CreateLeadPayload {
  @RequiredText({ label: 'Name', missing: 'Please provide your name', max: MAX_LENGTH.name })
  name: string;

  @EmailAddress()
  email: string;

  @ApiProperty({ enum: SERVICE_KEYS })
  @IsIn(SERVICE_KEYS, { message: 'Please select a service' })
  service: ServiceKey;

  @RequiredText({ label: 'Message', missing: 'Please provide a message', max: MAX_LENGTH.message })
  message: string;

  @FormAnswersField('quote form')
  answers?: FormAnswers;
}
