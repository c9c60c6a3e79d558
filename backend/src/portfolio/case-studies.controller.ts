import { type AnswerOf, type CaseStudyDetails, type CaseStudyDocument } from '@brightwave/common';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { documentPublishingRoutes } from '../content/document-publishing-routes';
import { PortfolioService } from './portfolio.service';

/** A portfolio item's case study: its drafts are saved by PUT /api/portfolio/:id; here the rest, as for built pages. */
@ApiTags('portfolio')
@Controller('api/admin/portfolio')
@AdminOnly('portfolio')
export class CaseStudiesController extends documentPublishingRoutes<'/api/admin/portfolio', 'caseStudy', CaseStudyDetails, CaseStudyDocument>({
  key: 'caseStudy',
  matchesContract: true,
  noun: 'case study',
  publishes: 'the case study',
  versionHolds: 'story',
}) {
  constructor(private readonly portfolio: PortfolioService) {
    super(portfolio.documents);
  }

  @ApiOperation({ summary: "An item's case study: its draft, published story, versions and address" })
  @Get(':id')
  async details(@Param('id') id: string): Promise<AnswerOf<'GET /api/admin/portfolio/:id'>> {
    return ok({ caseStudy: await this.portfolio.caseStudy(id) });
  }
}
