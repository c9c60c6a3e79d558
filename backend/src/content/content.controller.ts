import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { PublishContentDto, SaveContentDto } from './dto/content.dto';
import { ContentService } from './content.service';
import { contentAuthorOf } from './document-publishing-routes';
import { publishMessage } from './publish-message';

@ApiTags('content')
@Controller('api/admin/content')
@AdminOnly('content')
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @ApiOperation({ summary: 'List the editable pages', description: 'Each with whether it has unpublished changes and a pending scheduled publish.' })
  @Get()
  async list(): Promise<AnswerOf<'GET /api/admin/content'>> {
    return ok({ pages: await this.content.summaries() });
  }

  @ApiOperation({ summary: "A page's draft, published fields and versions" })
  @Get(':key')
  async details(@Param('key') key: string): Promise<AnswerOf<'GET /api/admin/content/:key'>> {
    return ok({ page: await this.content.details(key) });
  }

  @ApiOperation({ summary: 'Save the draft', description: 'Every field is checked; a 400 names each field that does not fit, and nothing is stored.' })
  @Put(':key')
  async save(
    @Param('key') key: string,
    @Body() dto: SaveContentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'PUT /api/admin/content/:key'>> {
    return ok({ message: MESSAGES.contentSaved, page: await this.content.saveDraft(key, dto.fields, contentAuthorOf(admin), dto.baseVersionId) });
  }

  @ApiOperation({
    summary: 'Publish the draft now, or schedule it',
    description:
      "With `at`, the draft as it is now is published at that time. A draft that no longer fits the page's rules (saved before an upgrade, " +
      'or naming a picture deleted since) is refused with a 400 naming its fields; a schedule whose version no longer fits when it is due ' +
      "publishes nothing and fails (the page's `failedSchedule`). Publishing now cancels the page's schedule, pending or being run.",
  })
  @Post(':key/publish')
  @HttpCode(200)
  async publish(
    @Param('key') key: string,
    @Body() dto: PublishContentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'POST /api/admin/content/:key/publish'>> {
    if (dto.at !== undefined) return ok({ message: MESSAGES.contentScheduled, page: await this.content.schedule(key, dto.at, contentAuthorOf(admin)) });
    const { page, scheduleCancelled } = await this.content.publishNow(key);
    return ok({ message: publishMessage(undefined, scheduleCancelled), page });
  }

  @ApiOperation({ summary: 'Cancel the pending scheduled publish' })
  @Delete(':key/schedule')
  async cancelSchedule(@Param('key') key: string): Promise<AnswerOf<'DELETE /api/admin/content/:key/schedule'>> {
    return ok({ message: MESSAGES.contentScheduleCancelled, page: await this.content.cancelSchedule(key) });
  }

  @ApiOperation({ summary: 'A signed link that shows the page with its draft for an hour', description: 'Never cached, never indexed.' })
  @Post(':key/preview')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async preview(@Param('key') key: string): Promise<AnswerOf<'POST /api/admin/content/:key/preview'>> {
    return ok(await this.content.previewLink(key));
  }

  @ApiOperation({ summary: 'One version with its fields (to compare two)' })
  @Get(':key/versions/:id')
  async version(@Param('key') key: string, @Param('id') id: string): Promise<AnswerOf<'GET /api/admin/content/:key/versions/:id'>> {
    return ok({ version: await this.content.version(key, id) });
  }

  @ApiOperation({
    summary: 'Make a version the draft',
    description: "It is not published until someone publishes it. A version that no longer fits the page's rules is refused with a 400 naming its fields.",
  })
  @Post(':key/versions/:id/restore')
  @HttpCode(200)
  async restore(
    @Param('key') key: string,
    @Param('id') id: string,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'POST /api/admin/content/:key/versions/:id/restore'>> {
    return ok({ message: MESSAGES.contentRestored, page: await this.content.restore(key, id, contentAuthorOf(admin)) });
  }
}
