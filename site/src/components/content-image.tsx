// A picture of the site's content: one of the site's own (/images/…) as a plain <img>, or an uploaded one (/media/…)
// as a <picture> with AVIF and WebP sources and a JPEG fallback, each in every width made of it. Its width and height
// come from its src, so the browser reserves its place before it loads.
import { mediaFileUrl, mediaWidths, parseMediaSrc, type MediaFormat } from '@brightwave/common';

interface ContentImageProps {
  src: string;
  alt: string;
  /** The size of a picture of the site's own; an uploaded one's is in its src. */
  width: number;
  height: number;
  /** The width it is shown at, as the `sizes` attribute says it (an uploaded picture's file is chosen by it). */
  sizes: string;
  className?: string;
  /** The picture of the first view (the largest paint): loaded at once and before other pictures. */
  priority?: boolean;
}

export function ContentImage({ src, alt, width, height, sizes, className, priority }: ContentImageProps) {
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  const uploaded = parseMediaSrc(src);
  if (!uploaded) {
    return <img src={src} alt={alt} width={width} height={height} loading={loading} fetchPriority={fetchPriority} className={className} />;
  }
  const widths = mediaWidths(uploaded.width);
  const srcSet = (format: MediaFormat) => widths.map((fileWidth) => `${mediaFileUrl(uploaded.id, fileWidth, format)} ${fileWidth}w`).join(', ');
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img
        src={mediaFileUrl(uploaded.id, Math.max(...widths), 'jpg')}
        srcSet={srcSet('jpg')}
        sizes={sizes}
        alt={alt}
        width={uploaded.width}
        height={uploaded.height}
        loading={loading}
        fetchPriority={fetchPriority}
        className={className}
      />
    </picture>
  );
}
