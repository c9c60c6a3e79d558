import { MESSAGES, POST_MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { PublishContentDto } from '../content/dto/content.dto';
import { CreatePostDto, SavePostDto } from './dto/posts.dto';
import { PostsService } from './posts.service';
import { publishMessage } from '../content/publish-message';

const authorOf = (admin: AuthenticatedAdmin) => ({ id: admin.id, email: admin.email });

@ApiTags('posts')
@Controller('api/admin/posts')
@AdminOnly('content')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

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
    return ok({ message: POST_MESSAGES.created, post: await this.posts.create(dto.title, dto.slug, authorOf(admin)) });
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
    return ok({ message: MESSAGES.contentSaved, post: await this.posts.documents.save(id, dto.draft, authorOf(admin), dto.baseVersionId) });
  }

  @ApiOperation({ summary: 'Delete a post', description: 'It leaves the site, the feed and the sitemap; its address answers 404.' })
  @Delete(':id')
  async delete(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/posts/:id'>> {
    await this.posts.delete(id);
    return ok({ message: POST_MESSAGES.deleted });
  }

  @ApiOperation({
    summary: 'Publish the draft now, or schedule it',
    description:
      'As for site content: with `at` the draft as it is now is published at that time, exactly once across instances; publishing now cancels the schedule. A changed address leaves a 301 from the old one.',
  })
  @Post(':id/publish')
  @HttpCode(200)
  async publish(
    @Param('id') id: string,
    @Body() dto: PublishContentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'POST /api/admin/posts/:id/publish'>> {
    const { details, scheduleCancelled } = await this.posts.documents.publish(id, dto.at, authorOf(admin));
    return ok({ message: publishMessage(dto.at, scheduleCancelled), post: details });
  }

  @ApiOperation({ summary: 'Cancel the pending scheduled publish' })
  @Delete(':id/schedule')
  async cancelSchedule(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/posts/:id/schedule'>> {
    return ok({ message: MESSAGES.contentScheduleCancelled, post: await this.posts.documents.cancelSchedule(id) });
  }

  @ApiOperation({ summary: 'A signed link that shows the post with its draft for an hour', description: 'Never cached, never indexed.' })
  @Post(':id/preview')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async preview(@Param('id') id: string): Promise<AnswerOf<'POST /api/admin/posts/:id/preview'>> {
    return ok(await this.posts.documents.previewLink(id));
  }

  @ApiOperation({ summary: 'One version with its document (to compare two)' })
  @Get(':id/versions/:versionId')
  async version(@Param('id') id: string, @Param('versionId') versionId: string): Promise<AnswerOf<'GET /api/admin/posts/:id/versions/:versionId'>> {
    return ok({ version: await this.posts.documents.version(id, versionId) });
  }

  @ApiOperation({
    summary: 'Make a version the draft',
    description: 'It is not published until someone publishes it; a version that no longer fits the rules is refused with a 400.',
  })
  @Post(':id/versions/:versionId/restore')
  @HttpCode(200)
  async restore(
    @Param('id') id: string,
    @Param('versionId') versionId: string,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'POST /api/admin/posts/:id/versions/:versionId/restore'>> {
    return ok({ message: MESSAGES.contentRestored, post: await this.posts.documents.restore(id, versionId, authorOf(admin)) });
  }
}
