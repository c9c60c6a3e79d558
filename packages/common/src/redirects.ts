// Redirects (docs/features/built-pages.md#redirects): an old address of the site that leads elsewhere,
// added by hand or by itself when a published page's address changes. The rules of a redirect live here, so that the
// backend that checks them and the admin form that shows their messages cannot drift apart.

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** `manual`: added in the admin; `page`: left behind by a published page whose address changed. */
export const REDIRECT_SOURCES = ['manual', 'page'] as const;
export type RedirectSource = (typeof REDIRECT_SOURCES)[number];

export const REDIRECT_STATUS_LABELS: Record<RedirectStatus, string> = { 301: 'Permanent (301)', 302: 'Temporary (302)' };
export const REDIRECT_SOURCE_LABELS: Record<RedirectSource, string> = { manual: 'Added by hand', page: 'Page address changed' };

export const REDIRECT_PATH_MAX = 300;
/** An https address to send visitors to may be longer than a path of this site. */
export const REDIRECT_TO_MAX = 2000;

/** Paths (and everything under them) that are the app's own: a redirect never takes them. */
export const REDIRECT_RESERVED_PREFIXES = ['/api', '/admin', '/assets', '/media', '/preview'] as const;

/** The add form's hints, beside its From and To fields. */
export const REDIRECT_FROM_HINT = 'An old address of this site, such as /old-offer';
export const REDIRECT_TO_HINT = 'An address of this site (/offers, /contact?topic=audit) or an https:// address';

export interface Redirect {
  _id: string;
  from: string;
  to: string;
  status: RedirectStatus;
  createdAt: string;
  /** The e-mail of the admin who added it (or who published the page that left it); null for a scheduled publish. */
  createdBy: string | null;
  source: RedirectSource;
}

export interface RedirectInput {
  from: string;
  to: string;
  status: RedirectStatus;
}

export const REDIRECT_MESSAGES = {
  created: 'Redirect added. Visitors are sent on within a few seconds.',
  deleted: 'Redirect deleted.',
  notFound: 'No such redirect',
  invalid: 'The redirect was not added: correct the fields shown',
  fromPath: `From must be an address of this site starting with one /, such as /old-offer, with no ? or #, at most ${REDIRECT_PATH_MAX} characters`,
  fromHome: 'The home page cannot be redirected',
  fromReserved: (prefix: string) => `Addresses under ${prefix} belong to the app and cannot be redirected`,
  fromTaken: (to: string) => `A redirect from this address already exists (to ${to}); delete it first`,
  fromPage: (title: string) => `The page “${title}” answers at this address; change the page's address or delete the page first`,
  fromCaseStudy: (title: string) => `The case study of “${title}” answers at this address; change its address in the portfolio or delete the item first`,
  fromIsTarget: (from: string) => `The redirect from ${from} leads here: redirecting this address too would make a chain; point that redirect elsewhere first`,
  to: `To must be an address of this site starting with /, such as /offers, or an https:// address, at most ${REDIRECT_TO_MAX} characters`,
  toSame: 'To must be another address than From',
  toIsRedirected: (to: string) => `This address is itself redirected (to ${to}): point the redirect there directly`,
  status: 'Choose Permanent (301) or Temporary (302)',
} as const;

/** The path part of a site path or of a path with ?query or #fragment, without a trailing slash (except for `/`). */
export function redirectPathOf(target: string): string {
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return normalizedRedirectPath(path);
}

/** A path as redirects compare it: without its trailing slash (`/old/` is `/old`). */
export const normalizedRedirectPath = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

// Printable ASCII only (a Location header carries nothing else; a visitor's browser sends other letters encoded).
const SITE_PATH = /^\/(?!\/)(?:(?![?#\\])[!-~])*$/;
const SITE_TARGET = /^\/(?!\/)(?:(?!\\)[!-~])*$/;

/** Whether a target is a path of this site (not an https address). */
export const isSitePath = (target: string): boolean => target.startsWith('/') && !target.startsWith('//');

/**
 * The field errors of a redirect's own values (its form, its shape), empty when they fit; what other redirects and
 * the pages hold is the backend's to check (it needs the database).
 */
export function validateRedirect(input: { from?: unknown; to?: unknown; status?: unknown }): Record<string, string> {
  const errors: Record<string, string> = {};
  const { from, to, status } = input;
  if (typeof from !== 'string' || !SITE_PATH.test(from) || from.length > REDIRECT_PATH_MAX) errors.from = REDIRECT_MESSAGES.fromPath;
  else if (normalizedRedirectPath(from) === '/') errors.from = REDIRECT_MESSAGES.fromHome;
  else {
    const reserved = REDIRECT_RESERVED_PREFIXES.find((prefix) => from === prefix || from.startsWith(`${prefix}/`));
    if (reserved) errors.from = REDIRECT_MESSAGES.fromReserved(reserved);
  }
  if (typeof to !== 'string' || to.length > REDIRECT_TO_MAX || !(SITE_TARGET.test(to) || isHttpsUrl(to))) errors.to = REDIRECT_MESSAGES.to;
  else if (!errors.from && typeof from === 'string' && isSitePath(to) && redirectPathOf(to) === normalizedRedirectPath(from))
    errors.to = REDIRECT_MESSAGES.toSame;
  if (!REDIRECT_STATUSES.includes(status as RedirectStatus)) errors.status = REDIRECT_MESSAGES.status;
  return errors;
}

function isHttpsUrl(value: string): boolean {
  if (!value.startsWith('https://') || !/^[!-~]+$/.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}
