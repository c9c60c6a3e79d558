// Where the visit came from (docs/features/analytics.md): the page it landed on, the referring site's host and the
// landing address's UTM tags, read once when the app starts and kept in this module only: no cookie, no storage, so
// a new tab or a reload is a new visit. The quote, contact and apply forms send it in ATTRIBUTION_HEADER.
import { ATTRIBUTION_HEADER, ATTRIBUTION_VALUE_MAX_LENGTH, UTM_PARAMETERS, type AttributionReport } from '@brightwave/common';

let visit: AttributionReport = {};

/** The visit's attribution as read by captureAttribution (empty before it, as in the prerender). */
export const visitAttribution = (): AttributionReport => visit;

/**
 * Reads the visit's attribution from the first page's address and the referrer; the client entry calls it before
 * the router can change the address. Values the server would drop (over its length limit) are not kept, so a
 * crafted link cannot make the forms' headers too large to be accepted.
 */
export function captureAttribution(address: Pick<Location, 'pathname' | 'search' | 'hostname'> = window.location, referrer = document.referrer): void {
  const report: Record<string, string> = { landing: address.pathname };
  const query = new URLSearchParams(address.search);
  for (const name of UTM_PARAMETERS) {
    const value = query.get(name);
    if (value) report[name.slice(4)] = value;
  }
  // The host alone: the rest of the referring address may say who the person is (a search, a profile).
  const host = referrer && new URL(referrer).hostname;
  if (host && host !== address.hostname) report.referrer = host;
  visit = Object.fromEntries(Object.entries(report).filter(([, value]) => value.length <= ATTRIBUTION_VALUE_MAX_LENGTH));
}

/**
 * The header the forms send: JSON with every character beyond ASCII escaped, since a header value must be ISO-8859-1
 * (fetch refuses anything else) and the server reads it as JSON, which gives the characters back.
 */
export const attributionHeaders = (): Record<string, string> => ({
  [ATTRIBUTION_HEADER]: JSON.stringify(visit).replace(/[^ -~]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`),
});
