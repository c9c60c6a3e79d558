import { BUILT_PAGE_MESSAGES, MESSAGES, type AnswerOf, type BuiltPageDetails, type BuiltPageDocument } from '@brightwave/common';
import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { contentAuthorOf, documentPublishingRoutes } from '../content/document-publishing-routes';
import { CreatePageDto, PageNavDto, SavePageDto } from './dto/pages.dto';
import { PagesService } from './pages.service';

@ApiTags('pages')
@Controller('api/admin/pages')
@AdminOnly('content')
export class PagesController extends documentPublishingRoutes<'/api/admin/pages', 'page', BuiltPageDetails, BuiltPageDocument>({
  key: 'page',
  matchesContract: true,
  noun: 'page',
  publishes: 'the draft',
  versionHolds: 'document',
}) {
  constructor(private readonly pages: PagesService) {
    super(pages.documents);
  }

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
    return ok({ message: BUILT_PAGE_MESSAGES.created, page: await this.pages.create(dto.title, dto.slug, contentAuthorOf(admin)) });
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
    return ok({ message: MESSAGES.contentSaved, page: await this.documents.save(id, dto.draft, contentAuthorOf(admin), dto.baseVersionId) });
  }

  @ApiOperation({ summary: 'Delete a page', description: 'It leaves the site and its navigation; its path answers 410.' })
  @Delete(':id')
  async delete(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/pages/:id'>> {
    await this.pages.delete(id);
    return ok({ message: BUILT_PAGE_MESSAGES.deleted });
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
