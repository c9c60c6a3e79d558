import { FORM_TOKEN_HEADER, FORM_TRAP_HEADER, MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { CSV_CONTENT_TYPE } from '../common/csv';
import { csvAnswer } from '../common/csv-answer';
import { InboxExportQueryDto, InboxQueryDto, SpamPayloadDto } from '../common/list-query.dto';
import { RateLimit } from '../rate-limit/rate-limit';
import { ContactsService } from './contacts.service';
import { CreateContactDto } from './dto/create-contact.dto';
import { UpdateContactStatusDto } from './dto/update-contact-status.dto';

@ApiTags('contacts')
@Controller('api/contacts')
export class ContactsController {
  constructor(private readonly contactsService: ContactsService) {}

  @Post()
  @HttpCode(201)
  @RateLimit('public')
  async create(
    @Body() dto: CreateContactDto,
    @Headers(FORM_TOKEN_HEADER) token?: string,
    @Headers(FORM_TRAP_HEADER) trap?: string,
  ): Promise<AnswerOf<'POST /api/contacts'>> {
    return ok({ message: MESSAGES.contactSuccess, data: await this.contactsService.create(dto, { token, trap }) });
  }

  @Get()
  @AdminOnly('inbox')
  async list(@Query() query: InboxQueryDto): Promise<AnswerOf<'GET /api/contacts'>> {
    return ok(await this.contactsService.list(query));
  }

  @Get('export.csv')
  @AdminOnly('inbox')
  @ApiProduces(CSV_CONTENT_TYPE)
  async export(@Query() query: InboxExportQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvAnswer(await this.contactsService.export(query), reply);
  }

  @Patch(':id/status')
  @AdminOnly('inbox')
  async updateStatus(
    @Param('id') id: string,
    @Body() dto: UpdateContactStatusDto,
  ): Promise<AnswerOf<'PATCH /api/contacts/:id/status'>> {
    return ok({ data: await this.contactsService.updateStatus(id, dto.status) });
  }

  @Patch(':id/spam')
  @AdminOnly('inbox')
  async setSpam(@Param('id') id: string, @Body() dto: SpamPayloadDto): Promise<AnswerOf<'PATCH /api/contacts/:id/spam'>> {
    const data = await this.contactsService.setSpam(id, dto.spam);
    return ok({ message: dto.spam ? MESSAGES.markedSpam : MESSAGES.markedNotSpam, data });
  }
}
