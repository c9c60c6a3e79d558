import { CACHE_CONTROL } from '@brightwave/common';
import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MediaService } from './media.service';

/**
 * The files of the uploaded pictures, for everyone: `/media/<id>/<width>.<avif|webp|jpg>`. A file never changes under
 * its address, so browsers and nginx keep it for a year. A file of the site, not an endpoint of the API.
 */
@ApiExcludeController()
@Controller('media')
export class MediaFilesController {
  constructor(private readonly media: MediaService) {}

  @Get(':id/:file')
  async file(@Param('id') id: string, @Param('file') name: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() reply: FastifyReply) {
    const file = await this.media.file(id, name);
    reply.header('content-type', file.contentType).header('cache-control', CACHE_CONTROL.hashedAsset).header('etag', file.etag);
    if (ifNoneMatch === file.etag) return reply.status(304).send();
    return reply.status(200).send(file.bytes);
  }
}
