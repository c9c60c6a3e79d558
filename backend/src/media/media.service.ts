import { createHash, randomUUID } from 'node:crypto';
import {
  CONTENT_PAGES,
  MEDIA_FORMATS,
  MEDIA_MAX_BYTES,
  MEDIA_PAGE_SIZE,
  MEDIA_UPLOAD_TYPES,
  MEDIA_WIDTHS,
  MESSAGES,
  mediaWidths,
  parseMediaSrc,
  type MediaFormat,
  type MediaItem,
  type UploadedMedia,
} from '@brightwave/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { loggableError } from '../common/loggable-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AdminRateLimits } from '../rate-limit/rate-limit';
import { MediaStorage, mediaKey } from '../storage/media-storage';
import { toMediaItem, toUploadedMedia } from './media.mapper';
import { MediaRepository, type MediaUse } from './media.repository';
import { inspectPicture, pictureFiles } from './media-processing';

/** Who uploads: the admin signed in. */
export interface Uploader {
  id: string;
  email: string;
}

/** One file of a picture as it is served. */
export interface MediaFile {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

/** A storage that refuses a write for want of room answers 503, as a full folder does for applications. */
function storageFull(error: unknown): never {
  if ((error as NodeJS.ErrnoException | undefined)?.code === 'ENOSPC') throw DomainError.unavailable(MESSAGES.mediaStorageFull);
  throw error;
}

/** Where a picture is used, for the 409: "Services (published, draft) and the portfolio item “Atlas”". */
/** How a place that is not one of the nine site pages is named in the refusal. */
const USE_NOUNS = { page: 'page', post: 'post', case: 'case study' } as const;

function describeUses(uses: MediaUse[]): string {
  const pages = new Map<string, string[]>();
  const places: string[] = [];
  for (const use of uses) {
    if (use.kind === 'portfolio') places.push(`the portfolio item “${use.title}”`);
    else {
      const page = use.kind === 'content' ? CONTENT_PAGES[use.key].title : `the ${USE_NOUNS[use.kind]} “${use.title}”`;
      pages.set(page, [...(pages.get(page) ?? []), use.as]);
    }
  }
  places.unshift(...[...pages].map(([title, as]) => `${title} (${as.join(', ')})`));
  return places.length > 1 ? `${places.slice(0, -1).join(', ')} and ${places.at(-1)}` : (places[0] ?? '');
}

/** A content field's reference to an uploaded picture: the field's path and the src it holds. */
export interface MediaReference {
  path: string;
  src: string;
}

@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    private readonly repository: MediaRepository,
    private readonly storage: MediaStorage,
    private readonly audit: AuditLog,
    private readonly rateLimits: AdminRateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Checks the upload by its bytes (a JPEG, PNG, WebP or AVIF picture within the limits), makes its files and stores
   * them, then records it. Each admin may upload RATE_LIMIT_MEDIA_UPLOADS_PER_HOUR pictures an hour, and nothing is
   * stored while the files would leave less than UPLOADS_MIN_FREE_MB free (503, as applications). A refused upload
   * stores nothing; files written before a failure are removed.
   */
  async upload(bytes: Buffer, uploader: Uploader): Promise<UploadedMedia> {
    await this.rateLimits.spend('media-uploads', uploader.id);
    if (bytes.length > MEDIA_MAX_BYTES) throw DomainError.invalid(MESSAGES.mediaTooLarge, { file: MESSAGES.mediaTooLarge });
    const picture = await inspectPicture(bytes);
    if (!picture.ok) {
      const message = picture.problem === 'too-many-pixels' ? MESSAGES.mediaTooManyPixels : MESSAGES.mediaWrongType;
      throw DomainError.invalid(message, { file: message });
    }
    let files: Awaited<ReturnType<typeof pictureFiles>>;
    try {
      files = await pictureFiles(bytes, picture.width);
    } catch {
      // The header was fine, the pixels were not (a truncated or damaged file).
      throw DomainError.invalid(MESSAGES.mediaWrongType, { file: MESSAGES.mediaWrongType });
    }
    const id = randomUUID();
    const stored = files.map((file) => ({ key: mediaKey(id, file.width, file.format), bytes: file.bytes }));
    await this.assertRoomFor(stored.reduce((total, file) => total + file.bytes.length, 0));
    try {
      await Promise.all(stored.map(({ key, bytes: fileBytes }) => this.storage.saveAs(key, fileBytes)).map((write) => write.catch(storageFull)));
      const row = await this.repository.insert(
        {
          id,
          width: picture.width,
          height: picture.height,
          originalType: MEDIA_UPLOAD_TYPES[picture.kind],
          originalBytes: bytes.length,
          uploadedById: uploader.id,
          uploadedByEmail: uploader.email,
        },
        (tx) =>
          this.audit.record(
            'media.uploaded',
            { kind: 'media', id },
            { width: picture.width, height: picture.height, originalType: MEDIA_UPLOAD_TYPES[picture.kind], originalBytes: bytes.length, files: files.length },
            { tx },
          ),
      );
      return toUploadedMedia(row);
    } catch (error) {
      await Promise.allSettled(stored.map(({ key }) => this.storage.delete(key)));
      throw error;
    }
  }

  /** The files' bytes must leave UPLOADS_MIN_FREE_MB free on the uploads' file system (a bucket cannot tell). */
  private async assertRoomFor(bytes: number): Promise<void> {
    const free = await this.storage.freeBytes();
    if (free !== undefined && free - bytes < this.config.storage.uploadsMinFreeBytes) {
      this.logger.error(`picture upload refused: only ${free} bytes free for ${bytes} bytes of files (UPLOADS_MIN_FREE_MB)`);
      throw DomainError.unavailable(MESSAGES.mediaStorageFull);
    }
  }

  /**
   * Deletes a picture that nothing uses: its row (audited) and every file of it (each width in each format). While a
   * published page, a draft, a scheduled version or a portfolio item names it, 409 says where.
   */
  async delete(id: string): Promise<void> {
    const row = isId(id) ? await this.repository.findById(id) : undefined;
    if (!row) throw DomainError.notFound(MESSAGES.mediaNotFound);
    const { deleted, uses } = await this.repository.deleteUnused(id, (tx) =>
      this.audit.record('media.deleted', { kind: 'media', id }, { width: row.width, height: row.height, uploadedBy: row.uploadedByEmail }, { tx }),
    );
    if (uses.length > 0) throw DomainError.conflict(MESSAGES.mediaInUse(describeUses(uses)));
    if (!deleted) throw DomainError.notFound(MESSAGES.mediaNotFound);
    // Today's widths of the picture, and every width an earlier release may have made: deleting a missing file is no error.
    const widths = new Set([...mediaWidths(row.width), ...MEDIA_WIDTHS]);
    const keys = [...widths].flatMap((width) => (Object.keys(MEDIA_FORMATS) as MediaFormat[]).map((format) => mediaKey(id, width, format)));
    const failed = (await Promise.allSettled(keys.map((key) => this.storage.delete(key)))).filter((result) => result.status === 'rejected');
    // The row is gone, so nothing can name the picture again; a file left behind is only space (logged for the operator).
    if (failed.length > 0) this.logger.error(`picture ${id} deleted, but ${failed.length} of its files could not be: ${loggableError(failed[0]?.reason)}`);
  }

  async list(query: { page?: number; limit?: number }): Promise<{ media: MediaItem[]; total: number }> {
    const limit = query.limit ?? MEDIA_PAGE_SIZE;
    const { rows, total } = await this.repository.list({ limit, offset: ((query.page ?? 1) - 1) * limit });
    return { media: rows.map(toMediaItem), total };
  }

  /**
   * One file of a picture (`<width>.<avif|webp|jpg>`); 404 for an unknown picture, width or format. The storage is
   * the only lookup: a picture's files are written before its row, and never change.
   */
  async file(id: string, name: string): Promise<MediaFile> {
    const [, width, format = ''] = /^([1-9]\d{0,4})\.(\w+)$/.exec(name) ?? [];
    if (!isId(id) || !width || !Object.hasOwn(MEDIA_FORMATS, format)) throw DomainError.notFound(MESSAGES.mediaNotFound);
    const key = mediaKey(id, Number(width), format as MediaFormat);
    const bytes = await this.storage.read(key);
    if (!bytes) throw DomainError.notFound(MESSAGES.mediaNotFound);
    return { bytes, contentType: MEDIA_FORMATS[format as MediaFormat], etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
  }

  /** The references among `references` that name no uploaded picture of that size. */
  async unknownReferences(references: MediaReference[]): Promise<MediaReference[]> {
    const named = references.map((reference) => ({ reference, src: parseMediaSrc(reference.src) }));
    const known = await this.repository.sizes([...new Set(named.flatMap(({ src }) => (src ? [src.id] : [])))]);
    return named
      .filter(({ src }) => !src || !known.some((row) => row.id === src.id && row.width === src.width && row.height === src.height))
      .map(({ reference }) => reference);
  }
}
