import { API_KEY_MESSAGES, API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, type ApiKeyPayload, type ApiKeyScope } from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayNotEmpty, IsArray, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../common/text';

// A field's message is the last failing check (common/validation.ts): each list runs from the most specific check to
// the most basic one.

/** POST /api/admin/api-keys */
export class ApiKeyDto implements ApiKeyPayload {
  @ApiProperty({ example: 'CRM sync', maxLength: API_KEY_NAME_MAX_LENGTH, description: 'What the key is for, as its list shows it' })
  @Trim()
  @MaxLength(API_KEY_NAME_MAX_LENGTH, { message: API_KEY_MESSAGES.nameTooLong })
  @IsNotEmpty({ message: API_KEY_MESSAGES.nameMissing })
  @IsString({ message: API_KEY_MESSAGES.nameMissing })
  name: string;

  @ApiProperty({
    enum: API_KEY_SCOPES,
    isArray: true,
    example: ['leads:read'],
    description: 'At least one; each must be one the creator’s role may use (`read`: GET and HEAD, `write`: the other methods).',
  })
  @IsIn(API_KEY_SCOPES, { each: true, message: API_KEY_MESSAGES.unknownScope })
  @ArrayNotEmpty({ message: API_KEY_MESSAGES.scopesMissing })
  @IsArray({ message: API_KEY_MESSAGES.scopesMissing })
  scopes: ApiKeyScope[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2027-01-31T23:59:59Z',
    description: 'When the key stops working (ISO 8601, in the future); absent or null: never.',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: API_KEY_MESSAGES.expiresAtInvalid })
  expiresAt?: string | null;
}
