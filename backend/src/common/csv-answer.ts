import { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CSV_CONTENT_TYPE, type CsvFile } from './csv';

/** The answer of a CSV export: a download (attachment) that no browser or proxy keeps (personal data). */
export function csvAnswer(file: CsvFile, reply: FastifyReply): StreamableFile {
  reply.header('cache-control', 'no-store');
  return new StreamableFile(file.stream, { type: CSV_CONTENT_TYPE, disposition: `attachment; filename="${file.filename}"` });
}
