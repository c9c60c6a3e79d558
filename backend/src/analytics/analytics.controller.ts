import { itemKindsFor, type AnswerOf } from '@brightwave/common';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import type { CsvFile } from '../common/csv';
import { CsvDownload } from '../common/download-answer';
import { AnalyticsService } from './analytics.service';
import { AnalyticsExportQueryDto, AnalyticsQueryDto } from './dto/analytics-query.dto';

@ApiTags('analytics')
@Controller('api/admin/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @ApiOperation({
    summary: 'Site analytics of a period',
    description:
      'Visitors and page views per day (every day of the period, 0 when none), the most viewed pages and the most visited sources ' +
      '(at most 100 each; visitors added up day by day, submissions from the stored items, spam left out), the page views per screen ' +
      'class (`devices`: phone, tablet, desktop, or unknown when a report named none of them; the most first), and per form its funnel: ' +
      'views of its page, starts, submissions, and those qualified (leads) or hired (applications). Days are UTC. ' +
      'The funnels, and the submissions counted anywhere, are those of the kinds your role may see (`kinds`, as on the dashboard): ' +
      'owners all three forms, sales the quote and contact forms, recruiters none of the report (403), editors no funnel. ' +
      'With `path` the visitors and views per day, and the devices, are those of that page; with `source` (and `medium`) the days are those of that channel, ' +
      'and the funnels too; not both (400). The top pages and sources stay the whole site’s, and so do the devices with `source` (they are counted per page, not per channel).',
  })
  @Get()
  @AdminOnly('analytics')
  async report(@Query() query: AnalyticsQueryDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/admin/analytics'>> {
    return ok(await this.analytics.report(query, itemKindsFor(admin.role)));
  }

  @ApiOperation({
    summary: 'Export the site analytics of a period as CSV',
    description:
      'Every stored count of the period, day by day: a row per day (Site), page, source, form (with its channel) and page and device, ' +
      'columns Section, Date, Path, Source, Medium, Form, Device, Visitors, Views, Starts, Submissions, Qualified or hired. No personal data. ' +
      'The forms’ rows, and the submissions, of the kinds your role may see only (as the report).',
  })
  @CsvDownload('export.csv')
  @AdminOnly('analytics')
  export(@Query() query: AnalyticsExportQueryDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<CsvFile> {
    return this.analytics.export(query, itemKindsFor(admin.role));
  }
}
