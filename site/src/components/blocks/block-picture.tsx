import { ContentImage } from '../content-image';

// A picture of the site's own (/images/…) carries no size in its src; an uploaded one (the media library's) does.
const SITE_PICTURE_SIZE = { width: 1200, height: 750 };

/** A block's picture: its file chosen by `sizes`, loaded lazily unless it is the first view's (`priority`). */
export function BlockPicture(props: { src: string; alt: string; sizes: string; className?: string; priority?: boolean }) {
  return <ContentImage {...SITE_PICTURE_SIZE} {...props} />;
}
