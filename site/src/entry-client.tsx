// The only script of the prerendered HTML. The page is complete without JavaScript, so the app (React, the
// router, the layout) and the route's page chunk are requested once the browser reports the first
// contentful paint: they neither compete with the stylesheet and images of the first view nor run before
// it is on screen; hydration follows as soon as they arrive.
import './index.css';
import { pageLoaderForPath } from './page-loaders';

function afterFirstContentfulPaint(callback: () => void): void {
  // A hidden tab does not paint until shown: load at once. So does a browser without paint timing.
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    return callback();
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
}

afterFirstContentfulPaint(() => {
  void pageLoaderForPath(window.location.pathname)();
  import('./hydrate').then(
    ({ hydrate }) => hydrate(),
    (error: unknown) => console.error('The app failed to load; the page stays as prerendered', error),
  );
});
