import { SEARCH_MESSAGES, SEARCH_QUERY_MAX } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, Length } from 'class-validator';
import { Trim } from '../../common/text';

/** GET /api/search: what to look for, trimmed. */
export class SearchQueryDto {
  @ApiProperty({
    description: 'Words to find (web-search syntax: "a phrase", -without, or); trimmed, 1 to 100 characters',
    minLength: 1,
    maxLength: SEARCH_QUERY_MAX,
    example: 'cloud audit',
  })
  @Trim()
  @IsDefined({ message: SEARCH_MESSAGES.query })
  @IsString({ message: SEARCH_MESSAGES.query })
  @Length(1, SEARCH_QUERY_MAX, { message: SEARCH_MESSAGES.query })
  q: string;
}
