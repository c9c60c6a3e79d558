import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/answer';
import { RateLimit } from '../rate-limit/rate-limit';
import { SearchQueryDto } from './dto/search-query.dto';
import { SearchService } from './search.service';

@ApiTags('search')
@Controller('api/search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @ApiOperation({
    summary: 'Search the site',
    description:
      'Published built pages, case studies, news posts, the service cards and open jobs, ranked (titles weigh most), the best 20 at most. ' +
      'Each result has a snippet: escaped HTML whose only tags are `<mark>` around the words found. Drafts never show.',
  })
  @Get()
  @RateLimit('search')
  async search(@Query() query: SearchQueryDto): Promise<AnswerOf<'GET /api/search'>> {
    return ok(await this.searchService.search(query.q));
  }
}
