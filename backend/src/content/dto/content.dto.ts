import type { ContentFields } from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsObject, IsOptional, IsString } from 'class-validator';

/** PUT /api/admin/content/:key: the page's fields, checked against the page's spec by the service (field by field). */
export class SaveContentDto {
  @ApiProperty({
    description: "The page's sections: section key → field key → value (packages/common/src/content-pages.ts)",
    type: 'object',
    additionalProperties: true,
  })
  @IsDefined({ message: 'Please send the page content as fields' })
  @IsObject({ message: 'The page content must be an object of sections' })
  fields: ContentFields;

  @ApiPropertyOptional({
    description: "The draft version the fields were edited from (the page's draftVersionId): a 409 when someone saved a newer one since",
  })
  @IsOptional()
  @IsString({ message: 'The version the page was edited from must be its id' })
  baseVersionId?: string;
}

/** POST /api/admin/content/:key/publish: now, or at `at`. */
export class PublishContentDto {
  @ApiPropertyOptional({ description: 'ISO date and time in the future; absent publishes now', example: '2026-12-01T09:00:00Z' })
  @IsOptional()
  @IsString({ message: 'Choose a time in the future, within a year, as an ISO date and time' })
  at?: string;
}
