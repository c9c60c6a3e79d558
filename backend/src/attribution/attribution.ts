import {
  ATTRIBUTION_FIELDS,
  ATTRIBUTION_HEADER_MAX_LENGTH,
  ATTRIBUTION_LABELS,
  ATTRIBUTION_VALUE_MAX_LENGTH,
  DIRECT_SOURCE,
  REFERRAL_MEDIUM,
  type Attribution,
  type AttributionReport,
} from '@brightwave/common';

/** Control, format (bidirectional overrides, zero-width), private-use, unassigned and half-pair characters, line and paragraph separators. */
const UNPRINTABLE = /[\p{C}\p{Zl}\p{Zp}]/u;

/** A host name as URL.hostname writes it: dot-separated labels of letters, digits and inner hyphens (IDN in punycode). */
const HOST_NAME = /^(?=.{1,100}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A path of the site: one leading `/` (not `//`, which a browser reads as another host), then visible ASCII, no `\`. */
const SITE_PATH = /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/;

/** One value of the report: a string of printable characters, trimmed, 1 to ATTRIBUTION_VALUE_MAX_LENGTH long; else null. */
function cleanValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > ATTRIBUTION_VALUE_MAX_LENGTH || UNPRINTABLE.test(trimmed)) return null;
  return trimmed;
}

/** A host name, lower-cased, without a final dot; a URL, a port, a path or anything else is null. */
function cleanHost(value: unknown): string | null {
  const host = cleanValue(value)?.toLowerCase().replace(/\.$/, '');
  return host !== undefined && HOST_NAME.test(host) ? host : null;
}

/**
 * A path of the site without its query and fragment: the UTM tags have fields of their own, and the rest of a query
 * may hold what is not ours to keep (an address, a token).
 */
function cleanPath(value: unknown): string | null {
  const path = cleanValue(typeof value === 'string' ? value.replace(/[?#].*/s, '') : value);
  return path !== null && SITE_PATH.test(path) ? path : null;
}

/** The bare host without `www.`, so that `www.example.com` and `example.com` are one site. */
function siteOf(host: string): string {
  return host.replace(/^www\./, '');
}

/** The report in the header as an object, or undefined when it is missing, too long, not JSON or not an object. */
function reportOf(header: unknown): Partial<Record<keyof AttributionReport, unknown>> | undefined {
  if (typeof header !== 'string' || header.length > ATTRIBUTION_HEADER_MAX_LENGTH) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    return undefined;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : undefined;
}

/** Reads a field only if the object holds it itself (a `__proto__` key of the JSON is a plain own key, never the prototype). */
function own(report: Partial<Record<keyof AttributionReport, unknown>>, key: keyof AttributionReport): unknown {
  return Object.hasOwn(report, key) ? report[key] : undefined;
}

/**
 * The attribution of a submission from the X-Attribution header (AttributionReport as JSON): each well-formed value
 * kept, everything else dropped silently (a submission is never refused for its header). `source` and `medium` are
 * lower-cased, so that `Newsletter` and `newsletter` are one channel. A referrer that is the site itself (`ownHost`)
 * is not a referral. Then the defaults: no UTM source and an outside referrer make `source` the referrer's host and
 * `medium` `referral` (unless a medium was given); no source and no referrer make `source` `direct`.
 */
export function readAttribution(header: unknown, ownHost?: string): Attribution {
  const report = reportOf(header) ?? {};
  const referrer = cleanHost(own(report, 'referrer'));
  const referrerHost = referrer !== null && (ownHost === undefined || siteOf(referrer) !== siteOf(ownHost.toLowerCase())) ? referrer : null;
  const attribution: Attribution = {
    source: cleanValue(own(report, 'source'))?.toLowerCase() ?? null,
    medium: cleanValue(own(report, 'medium'))?.toLowerCase() ?? null,
    campaign: cleanValue(own(report, 'campaign')),
    term: cleanValue(own(report, 'term')),
    content: cleanValue(own(report, 'content')),
    referrerHost,
    landingPath: cleanPath(own(report, 'landing')),
  };
  if (attribution.source !== null) return attribution;
  if (referrerHost !== null) return { ...attribution, source: referrerHost, medium: attribution.medium ?? REFERRAL_MEDIUM };
  return { ...attribution, source: DIRECT_SOURCE };
}

/** The attribution columns of a row (database/schema.ts `attributionColumns`) as the API answers them. */
export function attributionOf(row: Attribution): Attribution {
  return {
    source: row.source,
    medium: row.medium,
    campaign: row.campaign,
    term: row.term,
    content: row.content,
    referrerHost: row.referrerHost,
    landingPath: row.landingPath,
  };
}

/** The CSV exports' attribution columns, after the item's own: Source, Medium, Campaign, Term, Content, Referrer, Landing page. */
export const ATTRIBUTION_CSV_HEADERS = ATTRIBUTION_FIELDS.map((field) => ATTRIBUTION_LABELS[field]);

/** A row's cells under ATTRIBUTION_CSV_HEADERS. */
export function attributionCells(row: Attribution): (string | null)[] {
  return ATTRIBUTION_FIELDS.map((field) => row[field]);
}
