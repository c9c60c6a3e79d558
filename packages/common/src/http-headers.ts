// The HTTP policy of every answer, whoever sends it: the backend (npm start, the API) and nginx (rendered into
// nginx.conf by nginx/render.mjs), so the two cannot drift apart.
import { THEME_INIT_SCRIPT_HASH } from './theme-init';

/**
 * No inline script but the colour-theme one (by its hash), no plugins, no framing of our pages; the contact page
 * embeds the OpenStreetMap map. `blob:` frames: the admin shows a resume (fetched with the admin's token) in a side
 * panel from a blob address only its own scripts can make; the resume answer itself stays an attachment that no page
 * may frame.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${THEME_INIT_SCRIPT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  'frame-src blob: https://www.openstreetmap.org',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** On every answer. */
export const SECURITY_HEADERS_ALWAYS: Readonly<Record<string, string>> = { 'X-Content-Type-Options': 'nosniff' };

/**
 * Only meaningful on a document (a page, an API answer): what it may load, frame, open or reveal. Scripts,
 * stylesheets, fonts and images go without them (fewer bytes on a phone's first load).
 */
export const SECURITY_HEADERS_DOCUMENT: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** HSTS: on answers sent over TLS (nginx), or by the backend in production. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Content-hashed build files (under assets/) never change; everything else is revalidated. */
export const CACHE_CONTROL = {
  hashedAsset: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
  /** A preview of unpublished content: kept by no cache, shared or private. */
  noStore: 'private, no-store',
} as const;
