// API keys (docs/features/sign-in.md, decision 092): keys for integrations, not a person's session. Each key has scopes
// (an area of the back office and read or write access), never more than its creator's role allows.
import type { AdminArea, AdminRole } from './roles';
import { canUse } from './roles';

/** Every key starts with it, so the server (and a secret scanner) tells a key from a session token at a glance. */
export const API_KEY_PREFIX = 'bw_';
/** The random part of a key, before base64url: high entropy, so a plain SHA-256 of the key is safe to store. */
export const API_KEY_RANDOM_BYTES = 32;
/** A key's name, as its creator gives it ("Zapier"): required, at most this long. */
export const API_KEY_NAME_MAX_LENGTH = 100;
/** How many characters of the key's end are shown after it was created, to tell keys apart. */
export const API_KEY_SHOWN_CHARACTERS = 4;
/** The requests one key may make per minute unless RATE_LIMIT_API_KEY_PER_MINUTE says otherwise. */
export const API_KEY_DEFAULT_PER_MINUTE = 600;
/** A key's last use is written at most this often (not one write per request). */
export const API_KEY_LAST_USED_RESOLUTION_MS = 60_000;

/** What a key can reach; each is part of one area of the back office (API_KEY_RESOURCE_AREAS). */
export const API_KEY_RESOURCES = ['leads', 'contacts', 'jobs', 'applications', 'content', 'analytics'] as const;
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];

/** The scopes a key can have: `read` covers GET and HEAD, `write` every other method. Analytics is read only. */
export const API_KEY_SCOPES = [
  'leads:read',
  'leads:write',
  'contacts:read',
  'contacts:write',
  'jobs:read',
  'jobs:write',
  'applications:read',
  'applications:write',
  'content:read',
  'content:write',
  'analytics:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'leads:read': 'Read leads',
  'leads:write': 'Change leads',
  'contacts:read': 'Read contact messages',
  'contacts:write': 'Change contact messages',
  'jobs:read': 'Read jobs',
  'jobs:write': 'Change jobs',
  'applications:read': 'Read applications',
  'applications:write': 'Change applications',
  'content:read': 'Read site content and portfolio',
  'content:write': 'Change site content and portfolio',
  'analytics:read': 'Read site analytics',
};

/** The area whose roles may give a resource's scopes. */
const API_KEY_RESOURCE_AREAS: Record<ApiKeyResource, AdminArea> = {
  leads: 'inbox',
  contacts: 'inbox',
  jobs: 'jobs',
  applications: 'jobs',
  content: 'content',
  analytics: 'analytics',
};

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** Whether an admin of `role` may give (and a key of theirs may use) `scope`. */
export function roleAllowsScope(role: AdminRole, scope: ApiKeyScope): boolean {
  return canUse(role, API_KEY_RESOURCE_AREAS[scope.split(':')[0] as ApiKeyResource]);
}

/** The scopes an admin of `role` may give their keys, in API_KEY_SCOPES order. */
export function scopesAllowedFor(role: AdminRole): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => roleAllowsScope(role, scope));
}

// Settings of any area (candidate e-mails, notifications, sign-in…) are for signed-in admins only.
const SETTINGS_PATH = '/api/admin/settings/';

/**
 * The resource of an admin route, from its area (`@AdminOnly(area)`) and path; null: no key may use it (the areas
 * `everyone` and `owner`: sign-in, account, admins, API keys, dashboard, settings, audit; and every settings route).
 */
function resourceOf(area: AdminArea, path: string): ApiKeyResource | null {
  if (path.startsWith(SETTINGS_PATH)) return null;
  switch (area) {
    case 'inbox':
      if (path.startsWith('/api/leads')) return 'leads';
      if (path.startsWith('/api/contacts')) return 'contacts';
      // The forms' questions shape what visitors are asked: configuration, for signed-in admins.
      return null;
    case 'jobs':
      return path.startsWith('/api/jobs/applications') ? 'applications' : 'jobs';
    case 'content':
    case 'portfolio':
      return 'content';
    case 'analytics':
      return 'analytics';
    case 'everyone':
    case 'owner':
      return null;
  }
}

/**
 * The scope a key needs for a request to an admin route of `area`: `<resource>:read` for GET and HEAD, else
 * `<resource>:write` (`analytics:write` exists on no key: a change to analytics is refused); null: no key may use it.
 */
export function apiKeyScopeFor(area: AdminArea, method: string, path: string): string | null {
  const resource = resourceOf(area, path.split('?')[0] ?? path);
  if (resource === null) return null;
  return `${resource}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`;
}

/** GET /api/admin/api-keys: a key as listed (never the key itself: only its last characters). */
export interface ApiKey {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  lastFour: string;
  createdAt: string;
  /** Written at most once a minute. */
  lastUsedAt: string | null;
  expiresAt: string | null;
  /** Who made it (an owner's list has every admin's keys). */
  creator: { id: string; name: string; email: string };
}

/** POST /api/admin/api-keys: `expiresAt` is an ISO date or date-time in the future; none: the key does not expire. */
export interface ApiKeyPayload {
  name: string;
  scopes: ApiKeyScope[];
  expiresAt?: string | null;
}

/** Every text a person reads about API keys: the API's answers and the Account screen's. */
export const API_KEY_MESSAGES = {
  nameMissing: 'Please give the key a name, such as "CRM sync"',
  nameTooLong: `A key's name is at most ${API_KEY_NAME_MAX_LENGTH} characters`,
  scopesMissing: 'Choose at least one scope for the key',
  unknownScope: `Each scope must be one of: ${API_KEY_SCOPES.join(', ')}`,
  expiresAtInvalid: 'The expiry must be a date in the future',
  scopeBeyondRole: (scope: string) => `Your role cannot give the scope ${scope}`,
  notFound: 'No API key you can manage has this id',
  created: 'API key created: copy it now, it is shown only once',
  revoked: 'API key revoked: it no longer works',
  invalid: 'This API key is not valid',
  expired: 'This API key has expired',
  revokedKey: 'This API key was revoked',
  creatorDisabled: 'The admin who created this API key is disabled',
  notForKeys: 'API keys cannot be used on sign-in, account, admins, API keys, dashboard or settings routes: sign in to the back office for this',
  missingScope: (scope: string) => `This API key does not have the scope ${scope}`,
  creatorRoleBelow: (scope: string) => `This API key's scope ${scope} is more than its creator's role now allows`,
  rateLimited: 'Too many requests with this API key: wait a minute, then try again',
  shownOnce: 'This is the only time the key is shown: copy it now and keep it somewhere safe.',
  copied: 'Key copied',
  loadFailure: 'Failed to load the API keys',
  createFailure: 'Failed to create the API key',
  revokeFailure: 'Failed to revoke the API key',
  revokeConfirm: (name: string) => `Revoke the key "${name}"? Integrations using it stop working at once.`,
} as const;
