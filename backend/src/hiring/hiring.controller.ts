import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { BulkApplicationsDto, CandidateEmailDto, CandidateEmailSettingsDto, CandidateEmailTemplateDto, PipelineQueryDto, RatingDto } from './dto/hiring.dto';
import { HiringService } from './hiring.service';

/** Hiring on a job's applications (docs/features/hiring.md): the board, ratings, candidate mails, bulk changes. */
@ApiTags('hiring')
@Controller('api/jobs')
export class HiringController {
  constructor(private readonly hiring: HiringService) {}

  @ApiOperation({
    summary: "A job's pipeline board",
    description:
      'A column per application status (SPEC order) with how many applications have it and the newest 200 as cards. ' +
      "A card's `scheduledEmail` is its soonest candidate mail still scheduled (a rejection mail in 48 hours), else null; " +
      'its `knockout` the label of the question whose answer knocked it out, else null. ' +
      '`knockedOut=true`: only the applications a knockout answer rejected on arrival (counts included); `false`: only the others.',
  })
  @ApiErrors({ 404: 'No such job' })
  @Get('admin/:id/pipeline')
  @AdminOnly('jobs')
  async pipeline(@Param('id') id: string, @Query() query: PipelineQueryDto): Promise<AnswerOf<'GET /api/jobs/admin/:id/pipeline'>> {
    return ok(await this.hiring.pipeline(id, query.knockedOut));
  }

  @ApiOperation({
    summary: 'Set several applications to one status, with or without a templated mail',
    description:
      'All or nothing in one transaction (at most 500 ids). With `templateId`, each candidate is mailed the template now, or at `sendAt`. ' +
      '`updated` counts the applications whose status changed, `scheduled` the mails queued or scheduled.',
  })
  @ApiErrors({ 404: 'One of the applications does not exist (nothing was changed)' })
  @Post('applications/bulk')
  @HttpCode(200)
  @AdminOnly('jobs')
  async bulk(@Body() dto: BulkApplicationsDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'POST /api/jobs/applications/bulk'>> {
    const result = await this.hiring.bulkUpdate(dto.ids, dto.status, dto.templateId, dto.sendAt, admin);
    return ok({ message: MESSAGES.bulkUpdated, ...result });
  }

  @ApiOperation({ summary: "An application's ratings and their average" })
  @ApiErrors({ 404: 'No such application' })
  @Get('applications/:applicationId/ratings')
  @AdminOnly('jobs')
  async ratings(@Param('applicationId') id: string): Promise<AnswerOf<'GET /api/jobs/applications/:applicationId/ratings'>> {
    return ok({ data: await this.hiring.ratings(id) });
  }

  @ApiOperation({
    summary: 'Rate an application (one rating per admin; a second replaces the first)',
    description: 'Ratings are for the staff only: never in candidate mails, webhooks or confirmations.',
  })
  @ApiErrors({ 404: 'No such application' })
  @Put('applications/:applicationId/rating')
  @AdminOnly('jobs')
  async rate(
    @Param('applicationId') id: string,
    @Body() dto: RatingDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'PUT /api/jobs/applications/:applicationId/rating'>> {
    return ok({ message: MESSAGES.ratingSaved, data: await this.hiring.rate(id, dto.score, dto.comment ?? '', admin) });
  }

  @ApiOperation({ summary: "An application's candidate mails, newest first" })
  @ApiErrors({ 404: 'No such application' })
  @Get('applications/:applicationId/emails')
  @AdminOnly('jobs')
  async emails(@Param('applicationId') id: string): Promise<AnswerOf<'GET /api/jobs/applications/:applicationId/emails'>> {
    return ok({ emails: await this.hiring.candidateEmails(id) });
  }

  @ApiOperation({
    summary: 'Mail the candidate now or at a time',
    description:
      'A template (`templateId`) or a `subject` and `body` written for it, with `{{firstName}}`, `{{fullName}}`, `{{jobTitle}}`, ' +
      '`{{companyName}}`, `{{bookingLink}}`. Sent through the outbox with the sending admin as Reply-To; `status` is `queued` or `scheduled`.',
  })
  @ApiErrors({ 404: 'No such application' })
  @Post('applications/:applicationId/emails')
  @HttpCode(201)
  @AdminOnly('jobs')
  async send(
    @Param('applicationId') id: string,
    @Body() dto: CandidateEmailDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'POST /api/jobs/applications/:applicationId/emails'>> {
    const data = await this.hiring.sendCandidateEmail(id, dto, admin);
    return ok({ message: data.status === 'scheduled' ? MESSAGES.candidateEmailScheduled : MESSAGES.candidateEmailQueued, data });
  }

  @ApiOperation({ summary: 'The candidate mail as it would be sent, without sending it' })
  @ApiErrors({ 404: 'No such application' })
  @Post('applications/:applicationId/emails/preview')
  @HttpCode(200)
  @AdminOnly('jobs')
  async preview(
    @Param('applicationId') id: string,
    @Body() dto: CandidateEmailDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AnswerOf<'POST /api/jobs/applications/:applicationId/emails/preview'>> {
    return ok({ preview: await this.hiring.preview(id, dto, admin) });
  }

  @ApiOperation({ summary: 'Cancel a scheduled candidate mail' })
  @ApiErrors({ 404: 'No such application or mail', 409: 'The mail is no longer scheduled (being sent, sent, or cancelled)' })
  @Delete('applications/:applicationId/emails/:emailId')
  @AdminOnly('jobs')
  async cancel(
    @Param('applicationId') id: string,
    @Param('emailId') emailId: string,
  ): Promise<AnswerOf<'DELETE /api/jobs/applications/:applicationId/emails/:emailId'>> {
    await this.hiring.cancelCandidateEmail(id, emailId);
    return ok({ message: MESSAGES.candidateEmailCancelled });
  }
}

/** Settings → Candidate e-mails: owners and recruiters. */
@ApiTags('hiring')
@Controller('api/admin/settings/candidate-emails')
export class CandidateEmailSettingsController {
  constructor(private readonly hiring: HiringService) {}

  @ApiOperation({ summary: 'The candidate mail templates and settings (booking link, rejection template)' })
  @Get()
  @AdminOnly('jobs')
  async get(): Promise<AnswerOf<'GET /api/admin/settings/candidate-emails'>> {
    return ok(await this.hiring.templatesAndSettings());
  }

  @ApiOperation({ summary: 'Set the booking link and the rejection template' })
  @Put()
  @AdminOnly('jobs')
  async save(@Body() dto: CandidateEmailSettingsDto): Promise<AnswerOf<'PUT /api/admin/settings/candidate-emails'>> {
    return ok({ message: MESSAGES.candidateEmailSettingsSaved, settings: await this.hiring.saveSettings(dto) });
  }

  @ApiOperation({ summary: 'Add a template', description: 'Unknown placeholders are refused (400, per field).' })
  @ApiErrors({ 409: 'Another template has this name' })
  @Post('templates')
  @HttpCode(201)
  @AdminOnly('jobs')
  async create(@Body() dto: CandidateEmailTemplateDto): Promise<AnswerOf<'POST /api/admin/settings/candidate-emails/templates'>> {
    return ok({ message: MESSAGES.templateSaved, data: await this.hiring.createTemplate(dto) });
  }

  @ApiOperation({ summary: 'Change a template', description: 'Mails already queued or scheduled keep the text they were queued with.' })
  @ApiErrors({ 404: 'No such template', 409: 'Another template has this name' })
  @Put('templates/:id')
  @AdminOnly('jobs')
  async update(@Param('id') id: string, @Body() dto: CandidateEmailTemplateDto): Promise<AnswerOf<'PUT /api/admin/settings/candidate-emails/templates/:id'>> {
    return ok({ message: MESSAGES.templateSaved, data: await this.hiring.updateTemplate(id, dto) });
  }

  @ApiOperation({ summary: 'Delete a template', description: 'When it was the rejection template, rejections offer none until another is chosen.' })
  @ApiErrors({ 404: 'No such template' })
  @Delete('templates/:id')
  @AdminOnly('jobs')
  async remove(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/settings/candidate-emails/templates/:id'>> {
    await this.hiring.deleteTemplate(id);
    return ok({ message: MESSAGES.templateDeleted });
  }
}
