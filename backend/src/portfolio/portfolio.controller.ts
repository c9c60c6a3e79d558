import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { JSON_CONTENT_TYPE, ok, type JsonBytes } from '../common/answer';
import { PortfolioDto } from './dto/portfolio.dto';
import { PortfolioService } from './portfolio.service';

@ApiTags('portfolio')
@Controller('api/portfolio')
export class PortfolioController {
  constructor(private readonly portfolioService: PortfolioService) {}

  @ApiOperation({ summary: 'List the portfolio', description: "Every project, newest first (the site's portfolio page)." })
  @Get()
  @Header('Content-Type', JSON_CONTENT_TYPE)
  list(): Promise<JsonBytes<AnswerOf<'GET /api/portfolio'>>> {
    return this.portfolioService.listJson();
  }

  @ApiOperation({
    summary: 'Add a project',
    description: 'With its case study (an empty story unless given, not public until published) at `slug`, else at a slug made from the title.',
  })
  @Post()
  @HttpCode(201)
  @AdminOnly('portfolio')
  async create(@Body() dto: PortfolioDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'POST /api/portfolio'>> {
    return ok({ message: MESSAGES.portfolioCreated, data: await this.portfolioService.create(dto, { id: admin.id, email: admin.email }) });
  }

  @ApiOperation({
    summary: 'Replace a project',
    description:
      "Every field of the SPEC, as when adding one, at once. A new `slug` moves the case study (the old address answers 301); the case study's fields, when given, save its draft (published by POST /api/admin/portfolio/:id/publish).",
  })
  @ApiErrors({ 409: "The case study's draft is newer than the `baseVersionId` sent: someone else saved it meanwhile" })
  @Put(':id')
  @AdminOnly('portfolio')
  async update(@Param('id') id: string, @Body() dto: PortfolioDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'PUT /api/portfolio/:id'>> {
    return ok({ message: MESSAGES.portfolioUpdated, data: await this.portfolioService.update(id, dto, { id: admin.id, email: admin.email }) });
  }

  @ApiOperation({ summary: 'Delete a project' })
  @Delete(':id')
  @AdminOnly('portfolio')
  async delete(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/portfolio/:id'>> {
    await this.portfolioService.delete(id);
    return ok({ message: MESSAGES.portfolioDeleted });
  }
}
