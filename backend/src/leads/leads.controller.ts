import { MESSAGES } from '@brightwave/common';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ListQueryDto } from '../common/list-query.dto';
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
  async create(@Body() dto: CreateLeadDto) {
    return { success: true, message: MESSAGES.quoteSuccess, data: await this.leadsService.create(dto) };
  }

  @Get()
  @AdminOnly()
  async list(@Query() query: ListQueryDto) {
    return { success: true, ...(await this.leadsService.list(query)) };
  }

  @Patch(':id/status')
  @AdminOnly()
  async updateStatus(@Param('id') id: string, @Body() dto: UpdateLeadStatusDto) {
    return { success: true, data: await this.leadsService.updateStatus(id, dto.status) };
  }
}
