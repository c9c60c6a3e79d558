import { useEffect, useRef, useState } from 'react';
import { fullAddress, officeMap } from '../lib/company-details';
import { useSiteContent } from '../lib/content';
import { LuMapPin } from './ui/icons';

// How close to the viewport the map comes before its frame is created: early enough to be drawn by the time
// a visitor scrolls to it, late enough that a first view never opens a connection to the map's host.
const LOAD_MARGIN = '400px 0px';

/**
 * The office map. `loading="lazy"` alone does not keep the frame off the first view: Chrome's lazy-load
 * distance for frames is thousands of pixels when it cannot tell the connection type, and the cross-origin
 * connection then sits on the first paint's path. So the frame is created only when its place nears the
 * viewport; until then (and without JavaScript) the box shows a pin and the caption's link leads to the map.
 */
export function MapEmbed() {
  const site = useSiteContent();
  const map = officeMap(site);
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

  // The frame sits in a bordered box over a caption that is always shown: when the map's host cannot be reached
  // (blocked, offline), the box is still a visible place and the caption still says where the office is.
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-300 bg-white shadow dark:border-slate-600 dark:bg-slate-900">
      <div ref={placeRef} className="relative h-[400px] w-full bg-slate-100 dark:bg-slate-800">
        <LuMapPin aria-hidden="true" className="absolute inset-0 m-auto h-12 w-12 text-slate-400 dark:text-slate-500" />
        {near && (
          <iframe
            src={map.embedUrl}
            title={map.title}
            width={1200}
            height={400}
            className="relative h-full w-full border-0"
            referrerPolicy="no-referrer-when-downgrade"
          />
        )}
      </div>
      <figcaption className="flex flex-wrap items-center gap-x-6 gap-y-2 border-t border-slate-300 px-4 py-3 sm:px-6 dark:border-slate-600">
        <div className="flex items-start gap-2 text-slate-700 dark:text-slate-300">
          <LuMapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-indigo-700 dark:text-indigo-300" />
          <address className="not-italic">{fullAddress(site)}</address>
        </div>
        <a href={map.pageUrl} target="_blank" rel="noopener noreferrer" className="text-indigo-700 underline underline-offset-4 dark:text-indigo-300">
          Open the map of our office on OpenStreetMap
        </a>
      </figcaption>
    </figure>
  );
}
