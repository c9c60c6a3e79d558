import { APPLY_BODY_LIMIT_BYTES, ATTRIBUTION_HEADER, FORM_TOKEN_HEADER, MESSAGES, RESUME_TYPES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { WorkspaceService } from '../workspace/workspace.service';
import type { FastifyReply } from 'fastify';
import { ApiErrors, ApiFileAnswer } from '../api-docs/api-extensions';
import { ApiAttributionHeader } from '../attribution/api-attribution-header';
import { csvExportDescription } from '../api-docs/api-words';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { BodyLimit } from '../common/body-limit';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { CsvFile } from '../common/csv';
import { CsvDownload, fileAnswer } from '../common/download-answer';
import { ApplicationListQueryDto } from './dto/application-list-query.dto';
import { RateLimit } from '../rate-limit/rate-limit';
import { ApiFormHeaders } from '../spam-triage/api-form-headers';
import { APPLICATION_KIND } from './application-kind';
import { ApplicationsService } from './applications.service';
import { ApplicationsExportQueryDto } from './dto/applications-export-query.dto';
import { ApplyDto } from './dto/apply.dto';
import { UpdateApplicationStatusDto } from './dto/update-application-status.dto';

@ApiTags('applications')
@Controller('api/jobs')
export class ApplicationsController {
  constructor(
    private readonly applicationsService: ApplicationsService,
    private readonly workspace: WorkspaceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiOperation({
    summary: 'Apply for a job',
    description:
      "The site's apply form. `resume` is a data URL of a PDF, DOC or DOCX under 5 MB, checked by its content. `sendsConfirmations`: whether this server mails applicants a confirmation (SEND_CONFIRMATIONS).",
  })
  @ApiFormHeaders(FORM_TOKEN_HEADER)
  @ApiAttributionHeader()
  @ApiErrors({
    404: 'No such job',
    409: 'The job no longer takes applications, or this address has applied for it already',
    503: 'Applications are paused: the resume could not be stored',
  })
  @Post('apply')
  @HttpCode(201)
  @RateLimit('apply')
  @BodyLimit(APPLY_BODY_LIMIT_BYTES)
  async apply(
    @Body() dto: ApplyDto,
    @Headers(FORM_TOKEN_HEADER) token?: string,
    @Headers(ATTRIBUTION_HEADER) attribution?: string,
  ): Promise<AnswerOf<'POST /api/jobs/apply'>> {
    const data = await this.applicationsService.apply(dto, token, attribution);
    return ok({ message: APPLICATION_KIND.texts.created, sendsConfirmations: this.config.mail.sendConfirmations, data });
  }

  @ApiOperation({
    summary: 'Export the applications for a job as CSV',
    description: csvExportDescription(APPLICATION_KIND.list, APPLICATION_KIND.csv.headers.join(', ')),
  })
  @ApiErrors({ 404: 'No such job' })
  // A path of its own, not a job id: find-my-way matches a static segment before the `:jobId` parameter below.
  @CsvDownload('applications/export.csv')
  @AdminOnly('jobs')
  export(@Query() query: ApplicationsExportQueryDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<CsvFile> {
    return this.applicationsService.export(query, admin.id);
  }

  @ApiOperation({
    summary: "List every job's applications",
    description:
      "Every job's applications, newest first unless `sort` says otherwise, each with its job's title (`jobTitle`): `q` searches the name and the e-mail; " +
      'without `page` and `limit`, every row (recorded in the audit log as `list.read_all`).',
  })
  @Get('applications')
  @AdminOnly('jobs')
  async listAll(@Query() query: ApplicationListQueryDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/jobs/applications'>> {
    return ok(await this.applicationsService.listAll(query, admin.id));
  }

  @ApiOperation({
    summary: 'List the applications for a job, or one application with its workspace',
    description:
      "With a job's id, its applications: `q` searches the name and the e-mail; without `page` and `limit`, every row (recorded in the audit log as `list.read_all`). " +
      "With an application's id, that application as `data`, with its owner, follow-up, notes and related submissions (docs/decisions/057-workspace-item-routes.md).",
  })
  @ApiErrors({ 404: 'No such job or application' })
  @Get('applications/:jobId')
  @AdminOnly('jobs')
  async listForJob(
    @Param('jobId') jobId: string,
    @Query() query: ApplicationListQueryDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'GET /api/jobs/applications/:jobId'> | AnswerOf<'GET /api/jobs/applications/:applicationId'>> {
    // Ids are random UUIDs: a job's never names an application, so the path's two meanings cannot meet.
    if (await this.workspace.exists('application', jobId)) return ok({ data: await this.workspace.details('application', jobId, admin) });
    return ok(await this.applicationsService.listForJob(jobId, query, admin.id));
  }

  @ApiOperation({ summary: 'Change the status of an application' })
  @Put('applications/:applicationId/status')
  @AdminOnly('jobs')
  async updateStatus(
    @Param('applicationId') id: string,
    @Body() dto: UpdateApplicationStatusDto,
  ): Promise<AnswerOf<'PUT /api/jobs/applications/:applicationId/status'>> {
    return ok({ message: MESSAGES.applicationStatusUpdated, data: await this.applicationsService.updateStatus(id, dto.status) });
  }

  @ApiOperation({
    summary: "Download an application's resume",
    description:
      'The file, `Content-Type` by its content, `Content-Disposition: attachment; filename="<fullName>_resume.<ext>"; filename*=UTF-8\'\'…`, ' +
      '`Cache-Control: no-store`. Recorded in the audit log.',
  })
  @ApiErrors({ 404: 'No such application, or its file is gone' })
  @Get('applications/:applicationId/resume')
  @AdminOnly('jobs')
  @ApiFileAnswer(...Object.values(RESUME_TYPES).map((type) => type.mimeType))
  async resume(@Param('applicationId') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return fileAnswer(await this.applicationsService.resume(id), reply);
  }
}
