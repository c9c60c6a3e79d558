import { useEffect, useRef, useState } from 'react';
import { officeMap } from '../lib/company-details';
import { useSiteContent } from '../lib/content';

// How close to the viewport the map comes before its frame is created: early enough to be drawn by the time
// a visitor scrolls to it, late enough that a first view never opens a connection to the map's host.
const LOAD_MARGIN = '400px 0px';

/**
 * The office map. `loading="lazy"` alone does not keep the frame off the first view: Chrome's lazy-load
 * distance for frames is thousands of pixels when it cannot tell the connection type, and the cross-origin
 * connection then sits on the first paint's path. So the frame is created only when its place nears the
 * viewport; until then (and without JavaScript) the same box holds a link to the map.
 */
export function MapEmbed() {
  const map = officeMap(useSiteContent());
  const placeRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const place = placeRef.current;
    if (!place || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(place);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={placeRef} className="h-[400px] w-full overflow-hidden rounded-2xl shadow">
      {near ? (
        <iframe src={map.embedUrl} title={map.title} width={1200} height={400} className="h-full w-full border-0" referrerPolicy="no-referrer-when-downgrade" />
      ) : (
        <a
          href={map.pageUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="flex h-full w-full items-center justify-center bg-slate-100 text-indigo-700 underline-offset-4 hover:underline dark:bg-slate-800 dark:text-indigo-300"
        >
          Open the map of our office on OpenStreetMap
        </a>
      )}
    </div>
  );
}
