import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/answer';
import { ContentService } from './content.service';

@ApiTags('content')
@Controller('api/content')
export class PublicContentController {
  constructor(private readonly content: ContentService) {}

  @ApiOperation({ summary: "A page's published content", description: 'What visitors see (the pages carry it in their HTML too).' })
  @Get(':key')
  async page(@Param('key') key: string): Promise<AnswerOf<'GET /api/content/:key'>> {
    return ok({ content: await this.content.publishedPage(key) });
  }
}
