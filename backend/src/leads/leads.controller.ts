import { ATTRIBUTION_HEADER, FORM_TOKEN_HEADER, FORM_TRAP_HEADER, MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Res, StreamableFile } from '@nestjs/common';
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
import { CSV_CONTENT_TYPE } from '../common/csv';
import { csvAnswer } from '../common/download-answer';
import { InboxExportQueryDto, InboxQueryDto } from '../inbox/dto/inbox-query.dto';
import { SpamPayloadDto } from '../inbox/dto/spam-payload.dto';
import { spamChangedMessage } from '../inbox/inbox.service';
import { RateLimit } from '../rate-limit/rate-limit';
import { ApiFormHeaders } from '../spam-triage/api-form-headers';
import { CreateLeadDto } from './dto/create-lead.dto';
import { UpdateLeadStatusDto } from './dto/update-lead-status.dto';
import { LeadsService } from './leads.service';

@ApiTags('leads')
@Controller('api/leads')
export class LeadsController {
  constructor(
    private readonly leadsService: LeadsService,
    private readonly workspace: WorkspaceService,
  ) {}

  @ApiOperation({ summary: 'Send a quote request', description: "The site's quote form. The answer's `message` is the text the site shows." })
  @ApiFormHeaders(FORM_TOKEN_HEADER, FORM_TRAP_HEADER)
  @ApiAttributionHeader()
  @Post()
  @HttpCode(201)
  @RateLimit('public')
  async create(
    @Body() dto: CreateLeadDto,
    @Headers(FORM_TOKEN_HEADER) token?: string,
    @Headers(FORM_TRAP_HEADER) trap?: string,
    @Headers(ATTRIBUTION_HEADER) attribution?: string,
  ): Promise<AnswerOf<'POST /api/leads'>> {
    return ok({ message: MESSAGES.quoteSuccess, data: await this.leadsService.create(dto, { token, trap }, attribution) });
  }

  @ApiOperation({
    summary: 'List the leads',
    description:
      'Without `page` and `limit`, every row (a bulk read of personal data: recorded in the audit log as `list.read_all` with the filter and the rows). ' +
      'Suspected spam only with `spam=true`, never without it. `q` searches the name, e-mail and message.',
  })
  @Get()
  @AdminOnly('inbox')
  async list(@Query() query: InboxQueryDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/leads'>> {
    return ok(await this.leadsService.list(query, admin.id));
  }

  @ApiOperation({
    summary: 'Export the leads as CSV',
    description: csvExportDescription(
      'leads',
      'Name, Email, Service, Message, Status, Received, Source, Medium, Campaign, Term, Content, Referrer, Landing page',
    ),
  })
  @Get('export.csv')
  @AdminOnly('inbox')
  @ApiFileAnswer(CSV_CONTENT_TYPE)
  async export(
    @Query() query: InboxExportQueryDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return csvAnswer(await this.leadsService.export(query, admin.id), reply);
  }

  @ApiOperation({
    summary: 'One lead with its workspace',
    description: 'Its fields, status, spam flag, owner, follow-up, notes, and the other submissions from the same address (of the kinds your role may see).',
  })
  @ApiErrors({ 404: 'No such lead' })
  @Get(':id')
  @AdminOnly('inbox')
  async details(@Param('id') id: string, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/leads/:id'>> {
    return ok({ data: await this.workspace.details('lead', id, admin) });
  }

  @ApiOperation({ summary: 'Change the status of a lead' })
  @Patch(':id/status')
  @AdminOnly('inbox')
  async updateStatus(@Param('id') id: string, @Body() dto: UpdateLeadStatusDto): Promise<AnswerOf<'PATCH /api/leads/:id/status'>> {
    return ok({ data: await this.leadsService.updateStatus(id, dto.status) });
  }

  @ApiOperation({
    summary: 'Move a lead out of suspected spam, or into it',
    description: '`false` moves it to the inbox and sends its notifications then (once); `true` files it as suspected spam.',
  })
  @Patch(':id/spam')
  @AdminOnly('inbox')
  async setSpam(@Param('id') id: string, @Body() dto: SpamPayloadDto): Promise<AnswerOf<'PATCH /api/leads/:id/spam'>> {
    return ok({ message: spamChangedMessage(dto.spam), data: await this.leadsService.setSpam(id, dto.spam) });
  }
}
