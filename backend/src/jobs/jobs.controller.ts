import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
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

  @ApiOperation({ summary: 'List the open positions', description: 'The active jobs (the careers page).' })
  @Get()
  @Header('Content-Type', JSON_CONTENT_TYPE)
  listActive(): Promise<JsonBytes<AnswerOf<'GET /api/jobs'>>> {
    return this.jobsService.publicListJson();
  }

  @ApiOperation({ summary: 'List the jobs', description: 'Every job, whatever its status; `q` searches the title and the description.' })
  @Get('admin')
  @AdminOnly('jobs')
  async list(@Query() query: ListQueryDto): Promise<AnswerOf<'GET /api/jobs/admin'>> {
    return ok(await this.jobsService.list(query));
  }

  @ApiOperation({
    summary: 'Create a job',
    description:
      '`closesAt` (YYYY-MM-DD, or null or absent for none) is the last day applications are taken, to its end in UTC; not in the past. ' +
      'Every job answers its `closesAt` (null without one).',
  })
  @Post('admin')
  @HttpCode(201)
  @AdminOnly('jobs')
  async create(@Body() dto: SaveJobDto): Promise<AnswerOf<'POST /api/jobs/admin'>> {
    return ok({ message: MESSAGES.jobCreated, data: await this.jobsService.create(dto) });
  }

  @ApiOperation({
    summary: 'Replace a job',
    description: 'Every field, as when creating one: no `closesAt` clears it; a closing date that has passed may be kept unchanged.',
  })
  @Put('admin/:id')
  @AdminOnly('jobs')
  async update(@Param('id') id: string, @Body() dto: SaveJobDto): Promise<AnswerOf<'PUT /api/jobs/admin/:id'>> {
    return ok({ message: MESSAGES.jobUpdated, data: await this.jobsService.update(id, dto) });
  }

  @ApiOperation({ summary: 'Change the status of a job' })
  @ApiErrors({ 409: 'Making active a job whose closing date has passed' })
  @Put('admin/:id/status')
  @AdminOnly('jobs')
  async updateStatus(@Param('id') id: string, @Body() dto: UpdateJobStatusDto): Promise<AnswerOf<'PUT /api/jobs/admin/:id/status'>> {
    return ok({ message: MESSAGES.jobStatusUpdated, data: await this.jobsService.updateStatus(id, dto.status) });
  }

  @ApiOperation({ summary: 'Delete a job', description: 'Its applications and their resumes go too.' })
  @Delete('admin/:id')
  @AdminOnly('jobs')
  async delete(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/jobs/admin/:id'>> {
    await this.jobsService.delete(id);
    return ok({ message: MESSAGES.jobDeleted });
  }
}
