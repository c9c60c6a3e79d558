// The site's cookieless analytics (docs/features/analytics.md): each page view, the first focus in a form and its
// successful submission, sent with navigator.sendBeacon to COLLECT_PATH. Off until the client entry switches it on
// (so never in the prerender, the server's render or a unit test that does not ask), and off for a browser whose
// person asks not to be tracked (Do Not Track, Global Privacy Control): nothing is sent, rather than sent and ignored.
import { COLLECT_PATH, screenClass, type AnalyticsForm, type CollectEvent } from '@brightwave/common';
import { visitAttribution } from './attribution';
import { API_BASE_URL } from './env';

let reporting = false;
let viewedPath: string | undefined;
/** The forms started during the current page view: each form's start is counted once per view. */
const started = new Set<AnalyticsForm>();

/** Switches reporting on, unless the browser sends Do Not Track or Global Privacy Control. */
export function startReporting(): void {
  const privacy: { doNotTrack: string | null; globalPrivacyControl?: boolean } = navigator;
  reporting = privacy.doNotTrack !== '1' && privacy.globalPrivacyControl !== true;
}

function send(event: CollectEvent): void {
  if (reporting) navigator.sendBeacon(API_BASE_URL + COLLECT_PATH, new Blob([JSON.stringify(event)], { type: 'application/json' }));
}

/** A page view; only the visit's first carries the referring host. The path viewed last is not counted again. */
export function reportView(path: string): void {
  if (path === viewedPath) return;
  const { referrer, source, medium } = visitAttribution();
  send({ type: 'view', path, referrer: viewedPath === undefined ? referrer : undefined, source, medium, screen: screenClass(window.innerWidth) });
  viewedPath = path;
  started.clear();
}

/** The first focus inside a form during this page view. */
export function reportFormStart(form: AnalyticsForm): void {
  if (started.has(form)) return;
  started.add(form);
  send({ type: 'start', form, path: location.pathname });
}

/** A submission the server took. */
export const reportFormSubmit = (form: AnalyticsForm): void => send({ type: 'submit', form, path: location.pathname });
