import { MAX_LENGTH } from '@brightwave/common';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
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
