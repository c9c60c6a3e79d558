// Where submissions come from (attribution) and the site's cookieless analytics (docs/features/analytics.md). Shared
// by the site, which reports, the backend, which keeps aggregates only, and the admin, which shows them.
import type { WorkItemKind } from './workspace';

/** The request header the site's forms carry their visit's attribution in (JSON, see AttributionReport). */
export const ATTRIBUTION_HEADER = 'X-Attribution';

/** The UTM parameters of a landing URL that are kept. */
export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** At most this many characters per attribution value; longer values are dropped. */
export const ATTRIBUTION_VALUE_MAX_LENGTH = 100;

/** What the site sends in ATTRIBUTION_HEADER: the visit's landing page, referring host and UTM tags (any may be missing). */
export interface AttributionReport {
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
  /** The referring page's host name only. */
  referrer?: string;
  /** The path of the site the visit started on. */
  landing?: string;
}

/** What is stored on a submission (every field may be null; a direct visit has `source` "direct"). */
export interface Attribution {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
  referrerHost: string | null;
  landingPath: string | null;
}

/** The site's analytics endpoint: answers 204 to anything. */
export const COLLECT_PATH = '/api/collect';

/** The forms whose funnel is counted. */
export const ANALYTICS_FORMS = ['quote', 'contact', 'application'] as const;
export type AnalyticsForm = (typeof ANALYTICS_FORMS)[number];

/** A screen's class by its width: phone below SCREEN_TABLET_FROM CSS pixels, tablet below SCREEN_DESKTOP_FROM, desktop from there. */
export const SCREEN_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type ScreenClass = (typeof SCREEN_CLASSES)[number];
export const SCREEN_TABLET_FROM = 768;
export const SCREEN_DESKTOP_FROM = 1024;

/** The class of a screen of this width in CSS pixels (the site reports window.innerWidth's). */
export const screenClass = (width: number): ScreenClass => (width < SCREEN_TABLET_FROM ? 'phone' : width < SCREEN_DESKTOP_FROM ? 'tablet' : 'desktop');

/**
 * A view's screen class as counted: one of SCREEN_CLASSES, or `unknown` when the report names none of them (the view
 * still counts everywhere else, as a channel that is not well-formed counts as `direct`).
 */
export const ANALYTICS_SCREENS = [...SCREEN_CLASSES, 'unknown'] as const;
export type AnalyticsScreen = (typeof ANALYTICS_SCREENS)[number];

export const ANALYTICS_SCREEN_LABELS: Record<AnalyticsScreen, string> = {
  phone: 'Phone',
  tablet: 'Tablet',
  desktop: 'Desktop',
  unknown: 'Unknown',
};

/**
 * One report of the site to COLLECT_PATH (sent with navigator.sendBeacon as JSON): a page view, the first focus in a
 * form (`start`) or its successful submission (`submit`).
 */
export type CollectEvent =
  | { type: 'view'; path: string; referrer?: string; source?: string; medium?: string; screen: ScreenClass }
  | { type: 'start' | 'submit'; form: AnalyticsForm; path: string };

/** An ATTRIBUTION_HEADER longer than this (in characters) is ignored whole: no report of a visit needs more. */
export const ATTRIBUTION_HEADER_MAX_LENGTH = 2048;

/** The `source` of a visit with no UTM source and no outside referrer (nor any header). */
export const DIRECT_SOURCE = 'direct';
/** The `medium` of a visit with no UTM tags that came from another site (its `source` is that site's host). */
export const REFERRAL_MEDIUM = 'referral';

/** The fields of an Attribution in the order the admin and the CSV exports show them, with their labels. */
export const ATTRIBUTION_LABELS: Record<keyof Attribution, string> = {
  source: 'Source',
  medium: 'Medium',
  campaign: 'Campaign',
  term: 'Term',
  content: 'Content',
  referrerHost: 'Referrer',
  landingPath: 'Landing page',
};
export const ATTRIBUTION_FIELDS = Object.keys(ATTRIBUTION_LABELS) as (keyof Attribution)[];

/** The workspace lists' filters by channel: the attribution's `source` and `medium`, each matched whole, any case. */
export interface ChannelFilter {
  source?: string;
  medium?: string;
}

/** The periods of the dashboard's "Submissions by channel" and of the Analytics screen, in days back from now. */
export const REPORT_PERIODS = [7, 30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** The period shown first, and answered without `days`. */
export const REPORT_DEFAULT_PERIOD: ReportPeriod = 30;
/** GET /api/admin/dashboard/channels: the period (REPORT_DEFAULT_PERIOD without one). */
export interface ChannelsQuery {
  days?: ReportPeriod;
}

/** At most this many channels are answered, the busiest first; the rest are added up in one row (`other: true`). */
export const CHANNELS_MAX = 50;

/**
 * One channel (a source and medium) of the dashboard's "Submissions by channel": the submissions of the period, not
 * spam, per kind; `qualified` the leads of them whose status is `qualified` now, `hired` the applications hired. The
 * kinds the admin's role may not see count 0.
 */
export interface ChannelCounts {
  /** null: submissions stored before attribution was kept. */
  source: string | null;
  medium: string | null;
  leads: number;
  contacts: number;
  applications: number;
  qualified: number;
  hired: number;
  /** The row that adds up the channels past CHANNELS_MAX (its source and medium are null). */
  other?: true;
}

// ---------------------------------------------------------------------------------------------------------------
// Site analytics (docs/features/analytics.md, "Site analytics"): what COLLECT_PATH counts and the Analytics screen.

/** COLLECT_PATH reads at most this many bytes of body (a report is about 150); a larger one is counted as nothing. */
export const COLLECT_BODY_LIMIT_BYTES = 2048;
/** A reported path is cut to this many characters (its query and fragment are never kept). */
export const ANALYTICS_PATH_MAX_LENGTH = 200;
/** Reports per client address per minute (RATE_LIMIT_COLLECT_PER_MINUTE's default); past it, counted as nothing. */
export const COLLECT_LIMIT_PER_MINUTE = 300;
/** The longest period one report or export may cover, in days (from and to included). */
export const ANALYTICS_MAX_DAYS = 366;
/** At most this many pages and this many sources are answered, the most visited first (the CSV export has them all). */
export const ANALYTICS_TOP_MAX = 100;
/**
 * What the counts past their bounds are counted as, so no report can add a row of its own: every path that is no page
 * the site serves (SITE_PAGE_PATHS, the open jobs' pages) is the path `(other)`, and each channel past the day's first
 * ANALYTICS_CHANNELS_PER_DAY_MAX is the source `(other)` with no medium.
 */
export const ANALYTICS_OTHER = '(other)';
/** Channels (a source and a medium) counted per day (UTC), at most; the day's later ones count as ANALYTICS_OTHER. */
export const ANALYTICS_CHANNELS_PER_DAY_MAX = 100;
/**
 * Visitors (browsers) one address counts per day, at most (an IPv6 /64 is one address): an office or a household
 * behind one address stays well under it, a script that makes up user agents does not get past it. The views of the
 * address's further browsers still count, as views only.
 */
export const ANALYTICS_VISITORS_PER_ADDRESS_MAX = 100;

/** The kind of item each form's submissions are: a role sees a form's funnel, and its submissions, only if it sees that kind. */
export const ANALYTICS_FORM_KINDS = { quote: 'lead', contact: 'contact', application: 'application' } as const satisfies Record<AnalyticsForm, WorkItemKind>;

export const ANALYTICS_FORM_LABELS: Record<AnalyticsForm, string> = {
  quote: 'Quote request',
  contact: 'Contact message',
  application: 'Job application',
};

/**
 * The form a page of the site holds, for the funnel's first step (views of the form's page): the quote form is on the
 * home page, the contact form on /contact, the application form on /careers and each job's page.
 */
export function formOfPage(path: string): AnalyticsForm | undefined {
  if (path === '/') return 'quote';
  if (path === '/contact') return 'contact';
  if (path === '/careers' || (path.startsWith('/careers/') && !path.startsWith('/careers/feed.'))) return 'application';
  return undefined;
}

/** GET /api/admin/analytics and its CSV export: days of UTC, `from` and `to` included; `source` and `medium` narrow the funnels. */
export interface AnalyticsQuery {
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD, at most ANALYTICS_MAX_DAYS after `from` (counted with both). */
  to: string;
  /** The days (visitors, views) and the devices of this page only; not with `source`. */
  path?: string;
  /** The funnels and the days of this channel only. */
  source?: string;
  medium?: string;
}

/** The CSV export's query: the report's, and the time zone of the day in the file's name (its dates are UTC days). */
export interface AnalyticsExportQuery extends Omit<AnalyticsQuery, 'path'> {
  tz?: string;
}

/** Unique visitors (a visitor on two days counts on each: the key of their id changes every day) and page views of one day. */
export interface AnalyticsDay {
  /** YYYY-MM-DD (UTC) */
  date: string;
  visitors: number;
  views: number;
}

/** A page of the site over the period: views, and visitors added up day by day. */
export interface AnalyticsPage {
  path: string;
  visitors: number;
  views: number;
}

/**
 * A source and medium over the period, named as a submission's attribution names them (a referring host with medium
 * `referral`, `direct`): visitors added up day by day, and the submissions (not spam) that came from it, of the kinds
 * the caller's role may see.
 */
export interface AnalyticsSource {
  source: string;
  medium: string | null;
  visitors: number;
  submissions: number;
}

/** The page views of one screen class over the period (of one page, with `path`). */
export interface AnalyticsDevice {
  screen: AnalyticsScreen;
  views: number;
}

/**
 * One form's funnel over the period: views of its page, visitors who started filling it in (first focus), the
 * submissions stored (not spam), and how many of those reached the goal (a lead qualified, an applicant hired; the
 * contact form has no such step: null).
 */
export interface AnalyticsFunnel {
  form: AnalyticsForm;
  views: number;
  starts: number;
  submissions: number;
  qualified: number | null;
}

export interface AnalyticsReport {
  /** The kinds of submission the caller's role may see: the funnels, and the sources' submissions, count only these. */
  kinds: WorkItemKind[];
  days: AnalyticsDay[];
  pages: AnalyticsPage[];
  sources: AnalyticsSource[];
  /** The screen classes that had views, the most first: the site's, or with `path` that page's. */
  devices: AnalyticsDevice[];
  /** One per form whose kind is in `kinds`, in the order of ANALYTICS_FORMS. */
  funnels: AnalyticsFunnel[];
}
