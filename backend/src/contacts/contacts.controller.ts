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
import { ContactsService } from './contacts.service';
import { CreateContactDto } from './dto/create-contact.dto';
import { UpdateContactStatusDto } from './dto/update-contact-status.dto';

@ApiTags('contacts')
@Controller('api/contacts')
export class ContactsController {
  constructor(
    private readonly contactsService: ContactsService,
    private readonly workspace: WorkspaceService,
  ) {}

  @ApiOperation({ summary: 'Send a contact message', description: "The site's contact form. The answer's `message` is the text the site shows." })
  @ApiFormHeaders(FORM_TOKEN_HEADER, FORM_TRAP_HEADER)
  @ApiAttributionHeader()
  @Post()
  @HttpCode(201)
  @RateLimit('public')
  async create(
    @Body() dto: CreateContactDto,
    @Headers(FORM_TOKEN_HEADER) token?: string,
    @Headers(FORM_TRAP_HEADER) trap?: string,
    @Headers(ATTRIBUTION_HEADER) attribution?: string,
  ): Promise<AnswerOf<'POST /api/contacts'>> {
    return ok({ message: MESSAGES.contactSuccess, data: await this.contactsService.create(dto, { token, trap }, attribution) });
  }

  @ApiOperation({
    summary: 'List the contact messages',
    description:
      'Without `page` and `limit`, every row (a bulk read of personal data: recorded in the audit log as `list.read_all` with the filter and the rows). ' +
      'Suspected spam only with `spam=true`, never without it. `q` searches the name, e-mail and message.',
  })
  @Get()
  @AdminOnly('inbox')
  async list(@Query() query: InboxQueryDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/contacts'>> {
    return ok(await this.contactsService.list(query, admin.id));
  }

  @ApiOperation({
    summary: 'Export the contact messages as CSV',
    description: csvExportDescription(
      'contacts',
      'Name, Email, Phone, Department, Message, Status, Received, Source, Medium, Campaign, Term, Content, Referrer, Landing page',
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
    return csvAnswer(await this.contactsService.export(query, admin.id), reply);
  }

  @ApiOperation({
    summary: 'One contact message with its workspace',
    description: 'Its fields, status, spam flag, owner, follow-up, notes, and the other submissions from the same address (of the kinds your role may see).',
  })
  @ApiErrors({ 404: 'No such contact message' })
  @Get(':id')
  @AdminOnly('inbox')
  async details(@Param('id') id: string, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'GET /api/contacts/:id'>> {
    return ok({ data: await this.workspace.details('contact', id, admin) });
  }

  @ApiOperation({ summary: 'Change the status of a contact message' })
  @Patch(':id/status')
  @AdminOnly('inbox')
  async updateStatus(@Param('id') id: string, @Body() dto: UpdateContactStatusDto): Promise<AnswerOf<'PATCH /api/contacts/:id/status'>> {
    return ok({ data: await this.contactsService.updateStatus(id, dto.status) });
  }

  @ApiOperation({
    summary: 'Move a contact message out of suspected spam, or into it',
    description: '`false` moves it to the inbox and sends its notifications then (once); `true` files it as suspected spam.',
  })
  @Patch(':id/spam')
  @AdminOnly('inbox')
  async setSpam(@Param('id') id: string, @Body() dto: SpamPayloadDto): Promise<AnswerOf<'PATCH /api/contacts/:id/spam'>> {
    return ok({ message: spamChangedMessage(dto.spam), data: await this.contactsService.setSpam(id, dto.spam) });
  }
}
