// The address of a job's page, /careers/<slug>: the title in words for people and search engines,
// then a short stable id. Job ids are random (version 4) UUIDs, so their first 8 hex digits (32 random bits)
// tell jobs apart: two jobs share them with a chance of about 1 in 8,600 among 1,000 jobs, and the backend
// then answers the newer one. The id part never changes; a new title gives a new slug, and the old one
// answers 301 to it.

/** Hex digits of the job's id at the end of its slug. */
export const JOB_SLUG_ID_LENGTH = 8;

/** The base path of job pages. */
export const JOB_PAGE_BASE = '/careers/';

const MAX_TITLE_WORDS_LENGTH = 60;

/** The title as lower-case ASCII words joined by hyphens ("Senior React Engineer" -> "senior-react-engineer"). */
export function slugifyTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // A hyphen at most at either end: every run of other characters became one hyphen above.
    .replace(/^-|-$/g, '');
  return words.slice(0, MAX_TITLE_WORDS_LENGTH).replace(/-$/, '') || 'job';
}

/** The short id of a job in its slug: the first hex digits of its UUID. */
export const jobSlugId = (id: string): string => id.replace(/-/g, '').slice(0, JOB_SLUG_ID_LENGTH).toLowerCase();

/** senior-react-engineer-7f3a91c2 */
export const jobSlug = (job: { _id: string; title: string }): string => `${slugifyTitle(job.title)}-${jobSlugId(job._id)}`;

/** The path of a job's page. */
export const jobPath = (job: { _id: string; title: string }): string => `${JOB_PAGE_BASE}${jobSlug(job)}`;

const SLUG = new RegExp(`^(?:[a-z0-9-]*-)?([0-9a-f]{${JOB_SLUG_ID_LENGTH}})$`);

/** The short id a slug ends with, or undefined when it is no job slug. */
export function slugIdOf(slug: string): string | undefined {
  return SLUG.exec(slug)?.[1];
}

/** A job page's path, as a regular expression (nginx passes the paths it matches to the backend). */
export const JOB_PAGE_PATH_PATTERN = `^/careers/(?:[a-z0-9-]*-)?[0-9a-f]{${JOB_SLUG_ID_LENGTH}}/?$`;

/** The slug of a path /careers/<slug> (a trailing slash allowed), or undefined for any other path. */
export function jobSlugOfPath(pathname: string): string | undefined {
  const match = /^\/careers\/([^/]+)\/?$/.exec(pathname);
  return match?.[1];
}

/** Whether a job's id has this short id (a job of this slug, whatever its title). */
export const hasSlugId = (id: string, shortId: string): boolean => jobSlugId(id) === shortId;
