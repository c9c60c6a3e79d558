import { MEDIA_MAX_PIXELS, mediaWidths, type MediaFormat, type MediaUploadKind } from '@brightwave/common';
import sharp, { type Metadata, type Sharp } from 'sharp';

// Every upload is a picture no one has seen before: libvips' operation cache would only hold memory.
sharp.cache(false);

/** What an upload is, from its bytes alone (never its name or declared type), or why it is refused. */
export type InspectedPicture = { ok: true; kind: MediaUploadKind; width: number; height: number } | { ok: false; problem: 'wrong-type' | 'too-many-pixels' };

/** One file made of an upload. */
export interface PictureFile {
  width: number;
  format: MediaFormat;
  bytes: Buffer;
}

// Decoding trusts no size the header claims beyond this, and stops at the first invalid pixel data.
const INPUT_OPTIONS = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' } as const;

const ENCODERS: Record<MediaFormat, (image: Sharp) => Sharp> = {
  // Effort 2 of 9: a twelve-megapixel photo's files within a second or two (docs/decisions/055-image-processing.md).
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75 }),
  // JPEG has no transparency: a transparent PNG's fallback is shown on white rather than on black.
  jpg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }),
};

/** Reads the header: a JPEG, PNG, WebP or AVIF picture of at most MEDIA_MAX_PIXELS, upright size. */
export async function inspectPicture(bytes: Buffer): Promise<InspectedPicture> {
  let metadata: Metadata;
  try {
    // The header alone: the size it claims is compared below, so that a pixel bomb is told apart from a file that is no picture.
    metadata = await sharp(bytes, { ...INPUT_OPTIONS, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, problem: 'wrong-type' };
  }
  const kind = kindOf(metadata);
  if (!kind) return { ok: false, problem: 'wrong-type' };
  if (metadata.width * metadata.height > MEDIA_MAX_PIXELS) return { ok: false, problem: 'too-many-pixels' };
  return { ok: true, kind, width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

function kindOf(metadata: Metadata): MediaUploadKind | undefined {
  if (metadata.format === 'jpeg' || metadata.format === 'png' || metadata.format === 'webp') return metadata.format;
  // libheif reads AVIF and HEIC alike; only AV1-compressed HEIF is AVIF.
  if (metadata.format === 'heif' && metadata.compression === 'av1') return 'avif';
  return undefined;
}

/**
 * The files of an inspected picture: each of its widths (mediaWidths) in AVIF, WebP and JPEG, upright, with no
 * metadata (EXIF, GPS, XMP, ICC: the pixels are converted to sRGB). The picture is decoded once, at the largest
 * width, and every file is made from those pixels.
 */
export async function pictureFiles(bytes: Buffer, width: number): Promise<PictureFile[]> {
  const widths = mediaWidths(width);
  const largest = Math.max(...widths);
  const { data, info } = await sharp(bytes, INPUT_OPTIONS)
    .autoOrient()
    .resize({ width: largest, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const files: Promise<PictureFile>[] = [];
  for (const fileWidth of widths) {
    for (const format of Object.keys(ENCODERS) as MediaFormat[]) {
      const resized = sharp(data, raw).resize({ width: fileWidth });
      files.push(
        ENCODERS[format](resized)
          .toBuffer()
          .then((output) => ({ width: fileWidth, format, bytes: output })),
      );
    }
  }
  return Promise.all(files);
}
