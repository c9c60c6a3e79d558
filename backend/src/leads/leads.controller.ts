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
import { CreateLeadDto } from './dto/create-lead.dto';
import { UpdateLeadStatusDto } from './dto/update-lead-status.dto';
import { LeadsService } from './leads.service';

@ApiTags('leads')
@Controller('api/leads')
export class LeadsController {
  constructor(private readonly leadsService: LeadsService) {}

  @Post()
  @HttpCode(201)
  @RateLimit('public')
  async create(
    @Body() dto: CreateLeadDto,
    @Headers(FORM_TOKEN_HEADER) token?: string,
    @Headers(FORM_TRAP_HEADER) trap?: string,
  ): Promise<AnswerOf<'POST /api/leads'>> {
    return ok({ message: MESSAGES.quoteSuccess, data: await this.leadsService.create(dto, { token, trap }) });
  }

  @Get()
  @AdminOnly('inbox')
  async list(@Query() query: InboxQueryDto): Promise<AnswerOf<'GET /api/leads'>> {
    return ok(await this.leadsService.list(query));
  }

  @Get('export.csv')
  @AdminOnly('inbox')
  @ApiProduces(CSV_CONTENT_TYPE)
  async export(@Query() query: InboxExportQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvAnswer(await this.leadsService.export(query), reply);
  }

  @Patch(':id/status')
  @AdminOnly('inbox')
  async updateStatus(@Param('id') id: string, @Body() dto: UpdateLeadStatusDto): Promise<AnswerOf<'PATCH /api/leads/:id/status'>> {
    return ok({ data: await this.leadsService.updateStatus(id, dto.status) });
  }

  @Patch(':id/spam')
  @AdminOnly('inbox')
  async setSpam(@Param('id') id: string, @Body() dto: SpamPayloadDto): Promise<AnswerOf<'PATCH /api/leads/:id/spam'>> {
    const data = await this.leadsService.setSpam(id, dto.spam);
    return ok({ message: dto.spam ? MESSAGES.markedSpam : MESSAGES.markedNotSpam, data });
  }
}
