import { APPLY_BODY_LIMIT_BYTES, FORM_TOKEN_HEADER, MESSAGES, RESUME_TYPES, type AnswerOf } from '@brightwave/common';
import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  StreamableFile,
  } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { BodyLimit } from '../common/body-limit';
import { CSV_CONTENT_TYPE } from '../common/csv';
import { csvAnswer } from '../common/csv-answer';
import { ApplicationsExportQueryDto, ListQueryDto } from '../common/list-query.dto';
import { RateLimit } from '../rate-limit/rate-limit';
import { ApplicationsService } from './applications.service';
import { ApplyDto } from './dto/apply.dto';
import { UpdateApplicationStatusDto } from './dto/update-application-status.dto';

@ApiTags('applications')
@Controller('api/jobs')
export class ApplicationsController {
  constructor(private readonly applicationsService: ApplicationsService) {}

  @Post('apply')
  @HttpCode(201)
  @RateLimit('apply')
  @BodyLimit(APPLY_BODY_LIMIT_BYTES)
  async apply(@Body() dto: ApplyDto, @Headers(FORM_TOKEN_HEADER) token?: string): Promise<AnswerOf<'POST /api/jobs/apply'>> {
    return ok({ message: MESSAGES.applicationSuccess, data: await this.applicationsService.apply(dto, token) });
  }

  // A path of its own, not a job id: find-my-way matches a static segment before the `:jobId` parameter below.
  @Get('applications/export.csv')
  @AdminOnly('jobs')
  @ApiProduces(CSV_CONTENT_TYPE)
  async export(@Query() query: ApplicationsExportQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return csvAnswer(await this.applicationsService.export(query), reply);
  }

  @Get('applications/:jobId')
  @AdminOnly('jobs')
  async listForJob(
    @Param('jobId') jobId: string,
    @Query() query: ListQueryDto,
  ): Promise<AnswerOf<'GET /api/jobs/applications/:jobId'>> {
    return ok(await this.applicationsService.listForJob(jobId, query));
  }

  @Put('applications/:applicationId/status')
  @AdminOnly('jobs')
  async updateStatus(
    @Param('applicationId') id: string,
    @Body() dto: UpdateApplicationStatusDto,
  ): Promise<AnswerOf<'PUT /api/jobs/applications/:applicationId/status'>> {
    return ok({ message: MESSAGES.applicationStatusUpdated, data: await this.applicationsService.updateStatus(id, dto.status) });
  }

  @Get('applications/:applicationId/resume')
  @AdminOnly('jobs')
  @ApiProduces(...Object.values(RESUME_TYPES).map((type) => type.mimeType))
  async resume(@Param('applicationId') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const file = await this.applicationsService.resume(id);
    // Personal data: never kept by a browser or proxy cache.
    reply.header('cache-control', 'no-store');
    return new StreamableFile(file.bytes, {
      type: file.mimeType,
      disposition: file.contentDisposition,
      length: file.bytes.length,
    });
  }
}
