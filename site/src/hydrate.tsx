import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import { startReporting } from './lib/analytics';
import { captureAttribution } from './lib/attribution';
import { rememberContent } from './lib/content';
import { PageDataContext, readPageData } from './lib/page-data';
import { routeForPath } from './routes';

/** Marks <html data-hydrated> once React has taken over the page (browser tests wait for it). */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

function render() {
  const root = document.getElementById('root');
  if (!root) return;
  const data = readPageData();
  // As a transition, hydration is time-sliced: React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree, so a tap during hydration is not blocked (and TBT stays low).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <PageDataContext.Provider value={data}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </PageDataContext.Provider>
        <HydratedMark />
      </StrictMode>,
      {
        onRecoverableError(error) {
          console.error('Hydration error', error);
        },
      },
    );
  });
}

/**
 * Hydrates the prerendered page. Waiting for the page's chunk (already requested by the boot script) lets
 * hydration run in one pass, with no Suspense fallback replacing the prerendered content.
 */
export function hydrate(): void {
  // A preview of a draft (/preview/<key>) shows another path's page as the server rendered it; the app's router would
  // not know its address, so it stays as it is: a picture of the page, its links ordinary ones.
  const data = readPageData();
  if (data.preview) return;
  // The address is still the one the visit landed on: the router has not navigated yet.
  captureAttribution();
  startReporting();
  rememberContent(data.content);
  void routeForPath(window.location.pathname).Page.preload().then(render, render);
}
