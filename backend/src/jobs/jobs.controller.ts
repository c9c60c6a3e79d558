import { MESSAGES } from '@brightwave/common';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ListQueryDto } from '../common/list-query.dto';
import { SaveJobDto } from './dto/save-job.dto';
import { UpdateJobStatusDto } from './dto/update-job-status.dto';
import { JobsService } from './jobs.service';

@ApiTags('jobs')
@Controller('api/jobs')
export class JobsController {
  constructor(private readonly jobsService: JobsService) {}

  @Get()
  @Header('Content-Type', 'application/json; charset=utf-8')
  listActive(): Promise<string> {
    return this.jobsService.publicListJson();
  }

  @Get('admin')
  @AdminOnly()
  async list(@Query() query: ListQueryDto) {
    return { success: true, ...(await this.jobsService.list(query)) };
  }

  @Post('admin')
  @HttpCode(201)
  @AdminOnly()
  async create(@Body() dto: SaveJobDto) {
    return { success: true, message: MESSAGES.jobCreated, data: await this.jobsService.create(dto) };
  }

  @Put('admin/:id')
  @AdminOnly()
  async update(@Param('id') id: string, @Body() dto: SaveJobDto) {
    return { success: true, message: MESSAGES.jobUpdated, data: await this.jobsService.update(id, dto) };
  }

  @Put('admin/:id/status')
  @AdminOnly()
  async updateStatus(@Param('id') id: string, @Body() dto: UpdateJobStatusDto) {
    const data = await this.jobsService.updateStatus(id, dto.status);
    return { success: true, message: MESSAGES.jobStatusUpdated, data };
  }

  @Delete('admin/:id')
  @AdminOnly()
  async delete(@Param('id') id: string) {
    await this.jobsService.delete(id);
    return { success: true, message: MESSAGES.jobDeleted };
  }
}
