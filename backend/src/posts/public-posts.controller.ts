import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/answer';
import { PostsQueryDto } from './dto/posts.dto';
import { PostsService } from './posts.service';

@ApiTags('posts')
@Controller('api/posts')
export class PublicPostsController {
  constructor(private readonly posts: PostsService) {}

  @ApiOperation({
    summary: 'The published news posts',
    description: 'The newest first, 12 a page, of one tag or all, with every tag in use; a page past the last holds no post. Drafts never show.',
  })
  @Get()
  async list(@Query() query: PostsQueryDto): Promise<AnswerOf<'GET /api/posts'>> {
    return ok(await this.posts.publicPage(query.tag, query.page));
  }
}
