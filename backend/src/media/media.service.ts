import { createHash, randomUUID } from 'node:crypto';
import {
  MEDIA_FORMATS,
  MEDIA_MAX_BYTES,
  MEDIA_PAGE_SIZE,
  MEDIA_UPLOAD_TYPES,
  MESSAGES,
  parseMediaSrc,
  type MediaFormat,
  type MediaItem,
  type UploadedMedia,
} from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { MediaStorage, mediaKey } from '../storage/media-storage';
import { toMediaItem, toUploadedMedia } from './media.mapper';
import { MediaRepository } from './media.repository';
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

/** A content field's reference to an uploaded picture: the field's path and the src it holds. */
export interface MediaReference {
  path: string;
  src: string;
}

@Injectable()
export class MediaService {
  constructor(
    private readonly repository: MediaRepository,
    private readonly storage: MediaStorage,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Checks the upload by its bytes (a JPEG, PNG, WebP or AVIF picture within the limits), makes its files and stores
   * them, then records it. A refused upload stores nothing; files written before a failure are removed.
   */
  async upload(bytes: Buffer, uploader: Uploader): Promise<UploadedMedia> {
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
    try {
      await Promise.all(stored.map(({ key, bytes: fileBytes }) => this.storage.saveAs(key, fileBytes)));
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
