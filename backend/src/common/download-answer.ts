import {
  applyDecorators,
  Get,
  Injectable,
  StreamableFile,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
import { ApiFileAnswer } from '../api-docs/api-extensions';
import { CSV_CONTENT_TYPE, csvFilename, type CsvFile } from './csv';

/** A file a service hands over for download: its bytes, their type and the name it is saved as. */
export interface DownloadFile {
  bytes: Buffer;
  mimeType: string;
  fileName: string;
}

/**
 * `Content-Disposition: attachment` naming the download `fileName` (RFC 6266): an ASCII fallback for old clients
 * plus the exact UTF-8 name in `filename*` (RFC 8187).
 */
export function attachmentDisposition(fileName: string): string {
  // Accents dropped (Zoë → Zoe), anything else outside printable ASCII replaced.
  const asciiFallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}

/** The answer of a file download: an attachment that no browser or proxy keeps (personal data). */
export function fileAnswer(file: DownloadFile, reply: FastifyReply): StreamableFile {
  reply.header('cache-control', 'no-store');
  return new StreamableFile(file.bytes, { type: file.mimeType, disposition: attachmentDisposition(file.fileName), length: file.bytes.length });
}

/**
 * The answer of a CSV export: a download named `<list>-<day>.csv` (the day in the file's time zone) that no browser
 * or proxy keeps (personal data).
 */
export function csvAnswer(file: CsvFile, reply: FastifyReply): StreamableFile {
  reply.header('cache-control', 'no-store');
  const filename = csvFilename(file.list, new Date(), file.timeZone);
  return new StreamableFile(file.stream, { type: CSV_CONTENT_TYPE, disposition: `attachment; filename="${filename}"` });
}

/** Turns the CsvFile a route returns into its download (csvAnswer). */
@Injectable()
class CsvAnswerInterceptor implements NestInterceptor<CsvFile, StreamableFile> {
  intercept(context: ExecutionContext, next: CallHandler<CsvFile>): Observable<StreamableFile> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(map((file) => csvAnswer(file, reply)));
  }
}

/** A GET route at `path` whose method returns a list's CSV export (CsvFile), answered as its download (csvAnswer). */
export function CsvDownload(path: string): MethodDecorator {
  return applyDecorators(Get(path), ApiFileAnswer(CSV_CONTENT_TYPE), UseInterceptors(CsvAnswerInterceptor));
}
