import { MEDIA_MAX_BYTES, MEDIA_UPLOAD_BODY_LIMIT_BYTES, MESSAGES, type AnswerOf } from '@brightwave/common';
import { Controller, Delete, Get, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import { MultipartUpload, uploadedFile } from '../common/multipart-upload';
import { MediaListQueryDto } from './dto/media-list-query.dto';
import { MediaService } from './media.service';

@ApiTags('content')
@Controller('api/admin/media')
@AdminOnly('content')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @ApiOperation({
    summary: 'Upload a picture',
    description:
      `multipart/form-data with the picture in the field \`file\`: JPEG, PNG, WebP or AVIF by its content (not its name or declared type), ` +
      `at most ${MEDIA_MAX_BYTES / (1024 * 1024)} MB. Its metadata (EXIF, GPS) is removed; it is resized to widths of 320 to 1920 pixels ` +
      '(never wider than it is) in AVIF, WebP and JPEG, served at `/media/<id>/<width>.<avif|webp|jpg>`. `data.src` is what a content ' +
      "picture field stores: `/media/<id>-<width>x<height>`, the picture's own size.",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiErrors({
    400: 'No file, not a JPEG, PNG, WebP or AVIF picture, or over 50 megapixels; nothing is stored',
    413: MESSAGES.mediaTooLarge,
    429: `${MESSAGES.mediaUploadsRateLimited} (RATE_LIMIT_MEDIA_UPLOADS_PER_HOUR per admin)`,
    503: `${MESSAGES.mediaStorageFull} (the files would leave less than UPLOADS_MIN_FREE_MB free)`,
  })
  @Post()
  @MultipartUpload(MEDIA_UPLOAD_BODY_LIMIT_BYTES, MESSAGES.mediaTooLarge)
  async upload(@Req() request: FastifyRequest, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'POST /api/admin/media'>> {
    const bytes = await uploadedFile(request, 'file', MESSAGES.mediaFileMissing);
    return ok({ data: await this.media.upload(bytes, { id: admin.id, email: admin.email }) });
  }

  @ApiOperation({ summary: 'List the uploaded pictures', description: 'Newest first, a page at a time (24 unless `limit` says otherwise).' })
  @Get()
  async list(@Query() query: MediaListQueryDto): Promise<AnswerOf<'GET /api/admin/media'>> {
    return ok(await this.media.list(query));
  }

  @ApiOperation({
    summary: 'Delete a picture',
    description:
      'Removes the picture from the library and every file of it (each width in AVIF, WebP and JPEG), from the folder or the bucket. ' +
      "Refused while a page's published content, its draft or a scheduled version, or a portfolio item's image link, names it.",
  })
  @ApiErrors({ 404: MESSAGES.mediaNotFound, 409: 'The picture is used: the message names where (e.g. “Services (published, draft)”)' })
  @Delete(':id')
  async delete(@Param('id') id: string): Promise<AnswerOf<'DELETE /api/admin/media/:id'>> {
    await this.media.delete(id);
    return ok({ message: MESSAGES.mediaDeleted });
  }
}
