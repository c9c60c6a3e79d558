// Addresses of documents (a post's /news/<slug>, a case study's /portfolio/<slug>, each part of a built page's path):
// one rule for a slug, and the one a title suggests.

/** The words of a slug: lower-case letters and digits, joined by single hyphens (`cloud-audit-2027`). */
export const SLUG_WORDS = '[a-z0-9]+(?:-[a-z0-9]+)*';

/** A slug of one part (a post's, a case study's). */
export const SLUG_PATTERN = new RegExp(`^${SLUG_WORDS}$`);

/**
 * The slug a title suggests, at most `max` characters: the title's words of letters and digits, lower-case and without
 * accents, joined by hyphens ("  Über Cloud -- Audit 2027! " → "uber-cloud-audit-2027"); empty when it has none.
 */
export function slugFromTitle(title: string, max: number): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const slug = words.join('-').slice(0, max);
  return slug.endsWith('-') ? slug.slice(0, -1) : slug;
}
