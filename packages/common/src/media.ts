// Pictures uploaded in the admin (docs/features/site-content.md, "Pictures"): each is resized once into a few widths,
// in AVIF and WebP with a JPEG fallback. A content field stores its src, `/media/<id>-<width>x<height>`, from which
// the site makes its srcset, width and height without asking anything.

/** The widths made of every upload, at most the original's. */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The files made of each width, by extension, with the type they are served with. */
export const MEDIA_FORMATS = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
export type MediaFormat = keyof typeof MEDIA_FORMATS;
/** Where the backend serves the files: `/media/<id>/<width>.<avif|webp|jpg>`. */
export const MEDIA_BASE = '/media/';

const MEDIA_SRC = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([1-9]\d{0,4})x([1-9]\d{0,4})$/;

export interface MediaSrc {
  id: string;
  width: number;
  height: number;
}

/** The id and size an uploaded picture's src names, or undefined when it is not one. */
export function parseMediaSrc(src: string): MediaSrc | undefined {
  const [, id, width, height] = MEDIA_SRC.exec(src) ?? [];
  return id ? { id, width: Number(width), height: Number(height) } : undefined;
}

export function mediaSrc({ id, width, height }: MediaSrc): string {
  return `${MEDIA_BASE}${id}-${width}x${height}`;
}

/** The widths of a picture `width` pixels wide: the standard ones it reaches, and its own when below the largest. */
export function mediaWidths(width: number): number[] {
  const widths: number[] = MEDIA_WIDTHS.filter((candidate) => candidate <= width);
  if (width < Math.max(...MEDIA_WIDTHS) && !widths.includes(width)) widths.push(width);
  return widths;
}

export function mediaFileUrl(id: string, width: number, format: MediaFormat): string {
  return `${MEDIA_BASE}${id}/${width}.${format}`;
}

/** A picture as the upload answers it: `src` is what a content field stores. */
export interface UploadedMedia {
  _id: string;
  src: string;
  width: number;
  height: number;
}

/** One picture of the library, newest first (GET /api/admin/media). */
export interface MediaItem extends UploadedMedia {
  /** What was uploaded: image/jpeg, image/png, image/webp or image/avif, and its size in bytes. */
  originalType: string;
  originalBytes: number;
  /** The uploader's e-mail at the time. */
  uploadedBy: string | null;
  createdAt: string;
}
