import { BUILT_PAGE_MESSAGES, MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { PublishContentDto } from '../content/dto/content.dto';
import { CreatePageDto, PageNavDto, SavePageDto } from './dto/pages.dto';
import { PagesService } from './pages.service';
import { publishMessage } from '../content/publish-message';

const authorOf = (admin: AuthenticatedAdmin) => ({ id: admin.id, email: admin.email });

@ApiTags('pages')
@Controller('api/admin/pages')
@AdminOnly('content')
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @ApiOperation({ summary: 'List the pages built from blocks', description: 'Each with its path, status, navigation and last change, the last changed first.' })
  @Get()
  async list(): Promise<AnswerOf<'GET /api/admin/pages'>> {
    return ok({ pages: await this.pages.list() });
  }

  @ApiOperation({
    summary: 'Create a page',
    description:
      'A draft with its title and slug and no blocks, not public until published. A slug another page or the site owns is refused with a 400 naming the owner.',
  })
  @Post()
  async create(@Body() dto: CreatePageDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'POST /api/admin/pages'>> {
    return ok({ message: BUILT_PAGE_MESSAGES.created, page: await this.pages.create(dto.title, dto.slug, authorOf(admin)) });
  }

  @ApiOperation({ summary: "A page's draft, published document, versions and navigation" })
  @Get(':id')
  async details(@Param('id') id: string): Promise<AnswerOf<'GET /api/admin/pages/:id'>> {
    return ok({ page: await this.pages.details(id) });
  }

  @ApiOperation({
    summary: 'Save the draft',
    description:
      'Every block is checked; a 400 names each field that does not fit (`blocks.2.heading`), and nothing is stored. A 409 over a newer draft than `baseVersionId`.',
  })
  @Put(':id')
  async save(@Param('id') id: string, @Body() dto: SavePageDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'PUT /api/admin/pages/:id'>> {
    return ok({ message: MESSAGES.contentSaved, page: await this.pages.documents.save(id, dto.draft, authorOf(admin), dto.baseVersionId) });
  }

  @ApiOperation({ summary: 'Delete a page', description: 'It leaves the site and its navigation; its path answers 410.' })
  @Delete(':id')
  async delete(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/pages/:id'>> {
    await this.pages.delete(id);
    return ok({ message: BUILT_PAGE_MESSAGES.deleted });
  }

  @ApiOperation({
    summary: 'Publish the draft now, or schedule it',
    description:
      'As for site content: with `at` the draft as it is now is published at that time, exactly once across instances; publishing now cancels the schedule.',
  })
  @Post(':id/publish')
  @HttpCode(200)
  async publish(
    @Param('id') id: string,
    @Body() dto: PublishContentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'POST /api/admin/pages/:id/publish'>> {
    const { details, scheduleCancelled } = await this.pages.documents.publish(id, dto.at, authorOf(admin));
    return ok({ message: publishMessage(dto.at, scheduleCancelled), page: details });
  }

  @ApiOperation({ summary: 'Cancel the pending scheduled publish' })
  @Delete(':id/schedule')
  async cancelSchedule(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/pages/:id/schedule'>> {
    return ok({ message: MESSAGES.contentScheduleCancelled, page: await this.pages.documents.cancelSchedule(id) });
  }

  @ApiOperation({ summary: 'A signed link that shows the page with its draft for an hour', description: 'Never cached, never indexed.' })
  @Post(':id/preview')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async preview(@Param('id') id: string): Promise<AnswerOf<'POST /api/admin/pages/:id/preview'>> {
    return ok(await this.pages.documents.previewLink(id));
  }

  @ApiOperation({ summary: 'One version with its document (to compare two)' })
  @Get(':id/versions/:versionId')
  async version(@Param('id') id: string, @Param('versionId') versionId: string): Promise<AnswerOf<'GET /api/admin/pages/:id/versions/:versionId'>> {
    return ok({ version: await this.pages.documents.version(id, versionId) });
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
  ): Promise<AnswerOf<'POST /api/admin/pages/:id/versions/:versionId/restore'>> {
    return ok({ message: MESSAGES.contentRestored, page: await this.pages.documents.restore(id, versionId, authorOf(admin)) });
  }

  @ApiOperation({
    summary: "Place the published page's link in the header or footer navigation",
    description: 'Only a published page (409 otherwise); at most 4 pages in the header and 10 in the footer (400).',
  })
  @Put(':id/nav')
  async nav(@Param('id') id: string, @Body() dto: PageNavDto): Promise<AnswerOf<'PUT /api/admin/pages/:id/nav'>> {
    return ok({ message: BUILT_PAGE_MESSAGES.navSaved, page: await this.pages.setNav(id, dto) });
  }
}
