import path from 'node:path';
import { MEDIA_FORMATS, type MediaFormat } from '@brightwave/common';
import type { AppConfig } from '../config/app-config';
import { isId } from '../common/ids';
import { FileStorage } from './file-storage';
import { LocalResumeStorage } from './local-resume-storage';
import { S3ResumeStorage } from './s3-resume-storage';

/**
 * Where the site's uploaded pictures live: beside the resumes, in the same storage (the `media` folder of UPLOADS_DIR,
 * or the bucket of STORAGE_URL under its `mediaPrefix`). Each file is `<picture id>-<width>.<avif|webp|jpg>`.
 */
export abstract class MediaStorage extends FileStorage {}

export const MEDIA_FOLDER = 'media';

const MEDIA_KEY = /^([0-9a-f-]{36})-([1-9]\d{0,4})\.(\w+)$/;

export function mediaKey(id: string, width: number, format: MediaFormat): string {
  return `${id}-${width}.${format}`;
}

/** A key of a picture's file: a picture's id, a width and one of the formats. */
export function isMediaKey(key: string): boolean {
  const [, id = '', , format = ''] = MEDIA_KEY.exec(key) ?? [];
  return isId(id) && Object.hasOwn(MEDIA_FORMATS, format);
}

/** The pictures' folder of UPLOADS_DIR, whatever STORAGE_URL says (moving them into the bucket). */
export function localMediaStorage(config: AppConfig): LocalResumeStorage {
  return new LocalResumeStorage(config, { dir: path.join(config.storage.uploadsDir, MEDIA_FOLDER), isKey: isMediaKey });
}

export function createMediaStorage(config: AppConfig): MediaStorage {
  const bucket = config.storage.resumeBucket;
  return bucket ? new S3ResumeStorage(config, { folder: { prefix: bucket.mediaPrefix, isKey: isMediaKey } }) : localMediaStorage(config);
}
