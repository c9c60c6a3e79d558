import {
  ANALYTICS_FORMS,
  ANALYTICS_PATH_MAX_LENGTH,
  DIRECT_SOURCE,
  SCREEN_CLASSES,
  formOfPage,
  type AnalyticsForm,
  type AnalyticsScreen,
  type Attribution,
  type ScreenClass,
} from '@brightwave/common';

/** A page view as it is counted: the page, the form it holds (if any) and the visit's channel. */
export interface CountedView {
  kind: 'view';
  path: string;
  form: AnalyticsForm | undefined;
  source: string;
  medium: string | null;
  /** Whether the report named its channel (UTM tags, an outside referrer); if not, `direct` is only the default. */
  named: boolean;
  /** The screen class reported, or `unknown` when it is none of SCREEN_CLASSES. */
  screen: AnalyticsScreen;
}

/** A visitor's first focus in a form. */
export interface CountedStart {
  kind: 'start';
  form: AnalyticsForm;
}

export type Countable = CountedView | CountedStart;

/** One leading `/` (not `//`, which a browser reads as another host), then visible ASCII without `\` (pathname is percent-encoded). */
const SITE_PATH = /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/;
/** Paths that are not pages of the site: the API, the admin app, files. */
const NOT_A_PAGE = /^\/(?:api|admin|media|uploads|assets)(?:\/|$)/;

/** A field of the report only if the object holds it itself (a `__proto__` key of parsed JSON is a plain own key). */
function own(report: object, key: string): unknown {
  return Object.hasOwn(report, key) ? (report as Record<string, unknown>)[key] : undefined;
}

/**
 * A page of the site as it is counted: its query and fragment dropped (they may hold what is not ours to keep), a
 * trailing slash dropped (`/careers/` is `/careers`), cut to ANALYTICS_PATH_MAX_LENGTH; undefined when it is no
 * path of the site's pages.
 */
export function sitePathOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const path = value.replace(/[?#].*/s, '');
  if (!SITE_PATH.test(path) || NOT_A_PAGE.test(path)) return undefined;
  const trimmed = path.length > 1 ? path.replace(/(?<!\/)\/+$/, '') : path;
  return (trimmed || '/').slice(0, ANALYTICS_PATH_MAX_LENGTH);
}

const isForm = (value: unknown): value is AnalyticsForm => (ANALYTICS_FORMS as readonly unknown[]).includes(value);
const isScreenClass = (value: unknown): value is ScreenClass => (SCREEN_CLASSES as readonly unknown[]).includes(value);

/** The attribution of a visit from its report's values, as a submission's X-Attribution header is read (AttributionReader). */
export type ChannelReader = (report: { source: unknown; medium: unknown; referrer: unknown }) => Pick<Attribution, 'source' | 'medium'>;

/**
 * What a report to COLLECT_PATH counts, or undefined for nothing: anything but a well-formed `view` or `start`. A
 * `submit` is not counted here: the funnel's submissions are the stored items (spam left out), which no blocked
 * beacon or bot can skew. The channel of a view is named as a submission's attribution names it (`readChannel`):
 * the UTM source and medium, else the referring host with medium `referral` (not when it is this site), else
 * `direct`; values that are not well-formed are dropped as there. A view's screen class that is none of
 * SCREEN_CLASSES (or missing) counts as `unknown`: the view still counts.
 */
export function countableOf(body: unknown, readChannel: ChannelReader): Countable | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const type = own(body, 'type');
  const path = sitePathOf(own(body, 'path'));
  if (path === undefined) return undefined;
  if (type === 'start') {
    const form = own(body, 'form');
    return isForm(form) ? { kind: 'start', form } : undefined;
  }
  if (type !== 'view') return undefined;
  const { source, medium } = readChannel({ source: own(body, 'source'), medium: own(body, 'medium'), referrer: own(body, 'referrer') });
  const named = !(source === DIRECT_SOURCE && medium === null);
  const screen = own(body, 'screen');
  return { kind: 'view', path, form: formOfPage(path), source: source ?? DIRECT_SOURCE, medium, named, screen: isScreenClass(screen) ? screen : 'unknown' };
}
