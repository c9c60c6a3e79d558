import { MESSAGES, POST_MESSAGES, type AnswerOf, type PostDetails, type PostDocument } from '@brightwave/common';
import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { contentAuthorOf, documentPublishingRoutes } from '../content/document-publishing-routes';
import { CreatePostDto, SavePostDto } from './dto/posts.dto';
import { PostsService } from './posts.service';

@ApiTags('posts')
@Controller('api/admin/posts')
@AdminOnly('content')
export class PostsController extends documentPublishingRoutes<'/api/admin/posts', 'post', PostDetails, PostDocument>({
  key: 'post',
  matchesContract: true,
  noun: 'post',
  publishes: 'the draft',
  versionHolds: 'document',
  publishNote: 'A changed address leaves a 301 from the old one.',
}) {
  constructor(private readonly posts: PostsService) {
    super(posts.documents);
  }

  @ApiOperation({ summary: 'List the news posts', description: 'Each with its address, status, tags and dates, the last changed first.' })
  @Get()
  async list(): Promise<AnswerOf<'GET /api/admin/posts'>> {
    return ok({ posts: await this.posts.list() });
  }

  @ApiOperation({
    summary: 'Create a post',
    description:
      'A draft with its title and address, written by the admin who creates it; not public until published. An address another post has is refused (400).',
  })
  @Post()
  async create(@Body() dto: CreatePostDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'POST /api/admin/posts'>> {
    return ok({ message: POST_MESSAGES.created, post: await this.posts.create(dto.title, dto.slug, contentAuthorOf(admin)) });
  }

  @ApiOperation({ summary: "A post's draft, published copy and versions" })
  @Get(':id')
  async details(@Param('id') id: string): Promise<AnswerOf<'GET /api/admin/posts/:id'>> {
    return ok({ post: await this.posts.details(id) });
  }

  @ApiOperation({
    summary: 'Save the draft',
    description: 'Every field is checked; a 400 names each that does not fit (`tags.1`), and nothing is stored. A 409 over a newer draft than `baseVersionId`.',
  })
  @Put(':id')
  async save(@Param('id') id: string, @Body() dto: SavePostDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'PUT /api/admin/posts/:id'>> {
    return ok({ message: MESSAGES.contentSaved, post: await this.documents.save(id, dto.draft, contentAuthorOf(admin), dto.baseVersionId) });
  }

  @ApiOperation({ summary: 'Delete a post', description: 'It leaves the site, the feed and the sitemap; its address answers 404.' })
  @Delete(':id')
  async delete(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/posts/:id'>> {
    await this.posts.delete(id);
    return ok({ message: POST_MESSAGES.deleted });
  }
}
