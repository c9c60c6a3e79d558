import { createHmac, timingSafeEqual } from 'node:crypto';
import { isDocumentKey, type DocumentKey } from './document-keys';

/** The base of a built page's preview link: `/preview/pages/<id>?token=…` (a site page's is CONTENT_PREVIEW_BASE). */
export const BUILT_PAGE_PREVIEW_BASE = '/preview/pages/';

/** What a preview link shows: one version of one page (a site page, or a built one), until it expires. */
export interface PreviewGrant {
  key: DocumentKey;
  versionId: string;
  expiresAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Far longer than any token made here: a longer one is refused before any work.
const MAX_TOKEN_LENGTH = 300;

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

/** The token of a preview link: the grant as base64url JSON, a dot, its HMAC-SHA-256 (docs/decisions/053). */
export function signPreview(key: Buffer, grant: PreviewGrant): string {
  const payload = Buffer.from(JSON.stringify({ k: grant.key, v: grant.versionId, e: Math.floor(grant.expiresAt.getTime() / 1000) })).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The grant of a token that this server signed and that has not expired; undefined for anything else. */
export function verifyPreview(key: Buffer, token: unknown, now = new Date()): PreviewGrant | undefined {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { k, v, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { k?: unknown; v?: unknown; e?: unknown };
    if (typeof k !== 'string' || !isDocumentKey(k) || typeof v !== 'string' || !UUID.test(v) || typeof e !== 'number') return undefined;
    const expiresAt = new Date(e * 1000);
    return expiresAt > now ? { key: k, versionId: v, expiresAt } : undefined;
  } catch {
    return undefined;
  }
}
