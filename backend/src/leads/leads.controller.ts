import { FORM_TOKEN_HEADER, FORM_TRAP_HEADER, MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { InboxQueryDto, SpamPayloadDto } from '../common/list-query.dto';
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
