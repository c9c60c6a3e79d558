import { MAX_LENGTH, QUESTION_MESSAGES } from '@brightwave/common';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsDeliverableAddress } from './email-address';
import { NormalizeEmail, Trim } from './text';

// A field's message is the last failing check (common/validation.ts), and applyDecorators registers them in
// list order: so each list runs from the most specific check to the most basic one.

/** Required text: trimmed, not blank, at most `max` characters ("Please provide a job title"). */
export function RequiredText(field: { label: string; missing: string; max: number; example?: string }) {
  return applyDecorators(
    MaxLength(field.max, { message: `${field.label} must be at most ${field.max} characters` }),
    IsNotEmpty({ message: field.missing }),
    IsString({ message: field.missing }),
    Trim(),
    ApiProperty({ maxLength: field.max, example: field.example }),
  );
}

/** Required e-mail address, stored trimmed and lower-cased: one plain mailbox (see isDeliverableAddress). */
export function EmailAddress() {
  const missing = 'Please provide your email address';
  return applyDecorators(
    IsDeliverableAddress({ message: 'Please provide a valid email address' }),
    MaxLength(MAX_LENGTH.email, { message: `Email must be at most ${MAX_LENGTH.email} characters` }),
    IsNotEmpty({ message: missing }),
    IsString({ message: missing }),
    NormalizeEmail(),
    ApiProperty({ maxLength: MAX_LENGTH.email }),
  );
}

/**
 * A form's answers to its custom questions (`{ "<question id>": <answer> }`, docs/features/form-questions.md): only
 * their shape here; the service checks each against the form's questions, which live in the database.
 */
export function FormAnswersField(form: string) {
  return applyDecorators(
    IsObject({ message: QUESTION_MESSAGES.answersShape }),
    IsOptional(),
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: true,
      description: `The answers to the ${form}'s custom questions, by question id: text, a number, true/false or a list of options. Left out: none.`,
    }),
  );
}
