import type { AnswerOf } from '@brightwave/common';
import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiFileAnswer } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { CSV_CONTENT_TYPE } from '../common/csv';
import { csvAnswer } from '../common/download-answer';
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
      '(at most 100 each; visitors added up day by day, submissions from the stored items, spam left out), and per form its funnel: ' +
      'views of its page, starts, submissions, and those qualified (leads) or hired (applications). Days are UTC.',
  })
  @Get()
  @AdminOnly('analytics')
  async report(@Query() query: AnalyticsQueryDto): Promise<AnswerOf<'GET /api/admin/analytics'>> {
    return ok(await this.analytics.report(query));
  }

  @ApiOperation({
    summary: 'Export the site analytics of a period as CSV',
    description:
      'Every stored count of the period, day by day: a row per day (Site), page, source and form (with its channel), ' +
      'columns Section, Date, Path, Source, Medium, Form, Visitors, Views, Starts, Submissions, Qualified or hired. No personal data.',
  })
  @Get('export.csv')
  @AdminOnly('analytics')
  @ApiFileAnswer(CSV_CONTENT_TYPE)
  async export(@Query() query: AnalyticsExportQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvAnswer(await this.analytics.export(query), reply);
  }
}
