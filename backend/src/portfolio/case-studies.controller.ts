import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { PublishContentDto } from '../content/dto/content.dto';
import { PortfolioService } from './portfolio.service';
import { publishMessage } from '../content/publish-message';

const authorOf = (admin: AuthenticatedAdmin) => ({ id: admin.id, email: admin.email });

/** A portfolio item's case study: its drafts are saved by PUT /api/portfolio/:id; here the rest, as for built pages. */
@ApiTags('portfolio')
@Controller('api/admin/portfolio')
@AdminOnly('portfolio')
export class CaseStudiesController {
  constructor(private readonly portfolio: PortfolioService) {}

  @ApiOperation({ summary: "An item's case study: its draft, published story, versions and address" })
  @Get(':id')
  async details(@Param('id') id: string): Promise<AnswerOf<'GET /api/admin/portfolio/:id'>> {
    return ok({ caseStudy: await this.portfolio.caseStudy(id) });
  }

  @ApiOperation({
    summary: 'Publish the case study now, or schedule it',
    description:
      'As for site content: with `at` the draft as it is now is published at that time, exactly once across instances; publishing now cancels the schedule.',
  })
  @Post(':id/publish')
  @HttpCode(200)
  async publish(
    @Param('id') id: string,
    @Body() dto: PublishContentDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'POST /api/admin/portfolio/:id/publish'>> {
    const { details, scheduleCancelled } = await this.portfolio.documents.publish(id, dto.at, authorOf(admin));
    return ok({ message: publishMessage(dto.at, scheduleCancelled), caseStudy: details });
  }

  @ApiOperation({ summary: 'Cancel the pending scheduled publish' })
  @Delete(':id/schedule')
  async cancelSchedule(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/portfolio/:id/schedule'>> {
    return ok({ message: MESSAGES.contentScheduleCancelled, caseStudy: await this.portfolio.documents.cancelSchedule(id) });
  }

  @ApiOperation({ summary: 'A signed link that shows the case study with its draft for an hour', description: 'Never cached, never indexed.' })
  @Post(':id/preview')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async preview(@Param('id') id: string): Promise<AnswerOf<'POST /api/admin/portfolio/:id/preview'>> {
    return ok(await this.portfolio.documents.previewLink(id));
  }

  @ApiOperation({ summary: 'One version with its story (to compare two)' })
  @Get(':id/versions/:versionId')
  async version(@Param('id') id: string, @Param('versionId') versionId: string): Promise<AnswerOf<'GET /api/admin/portfolio/:id/versions/:versionId'>> {
    return ok({ version: await this.portfolio.documents.version(id, versionId) });
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
  ): Promise<AnswerOf<'POST /api/admin/portfolio/:id/versions/:versionId/restore'>> {
    return ok({ message: MESSAGES.contentRestored, caseStudy: await this.portfolio.documents.restore(id, versionId, authorOf(admin)) });
  }
}
