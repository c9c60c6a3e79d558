import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { JSON_CONTENT_TYPE, ok, type JsonBytes } from '../common/answer';
import { ListQueryDto } from '../common/list-query.dto';
import { SaveJobDto } from './dto/save-job.dto';
import { UpdateJobStatusDto } from './dto/update-job-status.dto';
import { JobsService } from './jobs.service';

@ApiTags('jobs')
@Controller('api/jobs')
export class JobsController {
  constructor(private readonly jobsService: JobsService) {}

  @Get()
  @Header('Content-Type', JSON_CONTENT_TYPE)
  listActive(): Promise<JsonBytes<AnswerOf<'GET /api/jobs'>>> {
    return this.jobsService.publicListJson();
  }

  @Get('admin')
  @AdminOnly('jobs')
  async list(@Query() query: ListQueryDto): Promise<AnswerOf<'GET /api/jobs/admin'>> {
    return ok(await this.jobsService.list(query));
  }

  @Post('admin')
  @HttpCode(201)
  @AdminOnly('jobs')
  async create(@Body() dto: SaveJobDto): Promise<AnswerOf<'POST /api/jobs/admin'>> {
    return ok({ message: MESSAGES.jobCreated, data: await this.jobsService.create(dto) });
  }

  @Put('admin/:id')
  @AdminOnly('jobs')
  async update(@Param('id') id: string, @Body() dto: SaveJobDto): Promise<AnswerOf<'PUT /api/jobs/admin/:id'>> {
    return ok({ message: MESSAGES.jobUpdated, data: await this.jobsService.update(id, dto) });
  }

  @Put('admin/:id/status')
  @AdminOnly('jobs')
  async updateStatus(@Param('id') id: string, @Body() dto: UpdateJobStatusDto): Promise<AnswerOf<'PUT /api/jobs/admin/:id/status'>> {
    return ok({ message: MESSAGES.jobStatusUpdated, data: await this.jobsService.updateStatus(id, dto.status) });
  }

  @Delete('admin/:id')
  @AdminOnly('jobs')
  async delete(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/jobs/admin/:id'>> {
    await this.jobsService.delete(id);
    return ok({ message: MESSAGES.jobDeleted });
  }
}
