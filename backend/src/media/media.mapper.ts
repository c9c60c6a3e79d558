import { mediaSrc, type MediaItem, type UploadedMedia } from '@brightwave/common';
import type { MediaRow } from '../database/schema';

export function toUploadedMedia(row: Pick<MediaRow, 'id' | 'width' | 'height'>): UploadedMedia {
  return { _id: row.id, src: mediaSrc(row), width: row.width, height: row.height };
}

export function toMediaItem(row: MediaRow): MediaItem {
  return {
    ...toUploadedMedia(row),
    originalType: row.originalType,
    originalBytes: row.originalBytes,
    uploadedBy: row.uploadedByEmail,
    createdAt: row.createdAt.toISOString(),
  };
}
