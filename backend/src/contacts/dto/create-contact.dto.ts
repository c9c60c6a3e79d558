import { CONTACT_DEPARTMENTS, MAX_LENGTH, PHONE_PATTERN, type ContactDepartment, type CreateContactPayload, type FormAnswers } from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EmailAddress, FormAnswersField, RequiredText } from '../../common/dto-fields';
import { Trim } from '../../common/text';

export class CreateContactDto implements CreateContactPayload {
  @RequiredText({ label: 'Name', missing: 'Please provide your name', max: MAX_LENGTH.name })
  name: string;

  @EmailAddress()
  email: string;

  @ApiPropertyOptional({ description: 'Digits with one optional leading +', maxLength: MAX_LENGTH.phone })
  @Trim()
  @IsOptional()
  @IsString({ message: 'Phone may contain only digits and one leading +' })
  @MaxLength(MAX_LENGTH.phone, { message: `Phone must be at most ${MAX_LENGTH.phone} characters` })
  @Matches(PHONE_PATTERN, { message: 'Phone may contain only digits and one leading +' })
  phone?: string;

  @ApiProperty({ enum: CONTACT_DEPARTMENTS })
  @IsIn(CONTACT_DEPARTMENTS, { message: 'Please select a department' })
  department: ContactDepartment;

  @RequiredText({ label: 'Message', missing: 'Please provide a message', max: MAX_LENGTH.message })
  message: string;

  @FormAnswersField('contact form')
  answers?: FormAnswers;
}
