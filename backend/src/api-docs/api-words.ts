import { APPLY_BODY_LIMIT_BYTES, MESSAGES, SIGN_IN_POLICY_MESSAGES } from '@brightwave/common';
import { DEFAULT_BODY_LIMIT_BYTES } from '../common/body-limit';

// The prose of the API document: its introduction, its tags, and what each error status means wherever it occurs.

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 429 | 503;

const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Each error status, as a shared response of the document; a route may give its own words (@ApiErrors). */
export const STANDARD_ERRORS: Record<ErrorStatus, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: `A field or query parameter breaks its rule (\`errors\` holds a message per field), the body is not JSON (\`${MESSAGES.malformedJson}\`), or the path is not validly %-encoded`,
  },
  401: {
    name: 'Unauthorized',
    description: `No valid session: the token is missing, malformed, expired or revoked (\`${MESSAGES.notAuthorized}\`), or an API key unknown, revoked, expired or of a disabled admin`,
  },
  403: {
    name: 'Forbidden',
    description:
      `The admin's role may not use this area (\`${MESSAGES.notAllowed}\`), or their role must sign in with an authenticator app or a passkey ` +
      `and they have neither (\`${SIGN_IN_POLICY_MESSAGES.enrolFirst}\`): until they set one up, only their account, its sign-in routes and sign-out answer them; or an API key on a route no key may use, or without the route's scope`,
  },
  404: { name: 'NotFound', description: 'No such item (an unknown id)' },
  409: { name: 'Conflict', description: 'The request conflicts with the current state' },
  410: { name: 'Gone', description: 'No longer there: the link expired, or what it was for was removed' },
  413: {
    name: 'PayloadTooLarge',
    description: `The body is over the route's limit (${kilobytes(DEFAULT_BODY_LIMIT_BYTES)}; a job application ${megabytes(APPLY_BODY_LIMIT_BYTES)})`,
  },
  414: { name: 'UriTooLong', description: 'A path parameter is over 100 characters: no id is that long' },
  415: { name: 'UnsupportedMediaType', description: `The body is not \`application/json\` (\`${MESSAGES.unsupportedMediaType}\`)` },
  429: { name: 'TooManyRequests', description: 'Over the rate limit of the route for this client address: try again after `Retry-After` seconds' },
  503: {
    name: 'Unavailable',
    description:
      "The instance is starting, draining or overloaded, or the database does not answer or ended the request's transaction for another's (a deadlock): try again after `Retry-After` seconds",
  },
};

/** The tags of the controllers (@ApiTags), in the order the document lists them. */
export const API_TAGS: { name: string; description: string }[] = [
  { name: 'health', description: 'Liveness and readiness, for load balancers and compose' },
  { name: 'leads', description: 'Quote requests: the site’s form, and the inbox of the sales team' },
  { name: 'contacts', description: 'Contact messages: the site’s form, and the inbox of the sales team' },
  { name: 'forms', description: 'The custom questions of the quote and contact forms: the site’s copy, and their editing by sales and owners' },
  { name: 'spam triage', description: 'The form token that tells a person’s submission from a bot’s' },
  { name: 'portfolio', description: 'The projects the site shows, edited by editors' },
  { name: 'content', description: 'The site’s editable texts and pictures: drafts, publishing, versions, uploads (editors and owners)' },
  { name: 'pages', description: 'Pages built from blocks, with the drafts, publishing and versions of the content, and their navigation (editors and owners)' },
  {
    name: 'redirects',
    description: 'Redirects from old addresses of the site to new ones, and the ones renamed pages, case studies and posts leave (editors and owners)',
  },
  { name: 'posts', description: 'News: the posts of /news and its feed, and their drafts, publishing and versions (editors and owners)' },
  { name: 'search', description: 'Site search over what is published: pages, case studies, news, service cards, open jobs' },
  { name: 'jobs', description: 'Open positions: the careers page, and their management by recruiters' },
  { name: 'applications', description: 'Job applications: the apply form, and their review by recruiters' },
  { name: 'hiring', description: 'The pipeline of each job: stages, ratings, candidate e-mails and their templates (recruiters and owners)' },
  { name: 'workspace', description: 'Working the leads, contact messages and applications: assigning, follow-ups, notes, the timeline, My work' },
  { name: 'admin auth', description: 'Signing in (password, then the mailed code or the authenticator app’s) and out' },
  { name: 'admins', description: 'Admin accounts, roles and invitations (owners)' },
  { name: 'account', description: 'The signed-in admin’s own account, sessions and authenticator app' },
  { name: 'booking', description: 'Booking a call: each staff member’s own availability and busy calendar, and the visitor’s booking link' },
  { name: 'interviews', description: 'Interview invitations: a candidate picks a time every chosen interviewer shares, with the booking link' },
  { name: 'dashboard', description: 'The figures of the dashboard' },
  { name: 'analytics', description: 'The site’s cookieless analytics: its reports, and their daily counts for owners, sales and editors' },
  { name: 'deliveries', description: 'The outbox of mails and webhook calls (owners)' },
  { name: 'settings', description: 'Notification routes, webhooks, retention periods and the sign-in policy (owners)' },
  { name: 'privacy', description: 'Looking up and erasing what is held about one e-mail address (owners)' },
  { name: 'audit', description: 'The append-only audit log (owners)' },
];

/** The document's introduction (Swagger UI shows it; docs/api.md begins with it). */
export const API_DESCRIPTION = [
  'Every body and answer is JSON (UTF-8), except the CSV exports and the resume download. A success is',
  '`{ "success": true, … }` with the fields of the operation; a failure is `ApiFailure`:',
  '`{ "success": false, "message": string, "errors"?: { <field>: message } }`, whose message a person can act on.',
  'Every entity carries `_id` (a string); jobs and applications also `id`. Dates are ISO 8601 strings. Lists are',
  'newest first. The types are those of `@brightwave/common` (packages/common/src/types.ts and contract.ts).',
  '',
  'Admin operations need `Authorization: Bearer <token>`, the token POST /admin/verify-2fa answers (it lives 8',
  'hours; POST /admin/logout revokes it), of an admin whose role may use the operation’s area (`x-admin-area`):',
  'leads and contacts owner and sales; jobs and applications owner and recruiter; portfolio, site content and pages',
  'owner and editor;',
  'site analytics owner, sales and editor; dashboard and one’s own account every admin; the rest owners.',
  '',
  'An integration uses an API key instead (security scheme `apiKey`): `Authorization: Bearer bw_…`, made on the',
  'Account screen or with POST /api/admin/api-keys. It acts as the admin who made it, within its scopes (`<area>:read`',
  'for GET and HEAD, `<area>:write` for the rest; each operation a key may call lists its scope under `apiKey`), while',
  'that admin is active and their role allows every scope of the key; never on sign-in, account, admins, API keys,',
  'dashboard or settings operations (403). Each key has its own rate limit (429 with `Retry-After`).',
  '',
  'Error statuses, each on the operations that can meet it: 400 invalid input, 401 no valid session, 403 a role',
  'without access (or an admin who must set up an authenticator app or a passkey first), 404 unknown id, 409 a',
  'conflict with the current state, 413 body too large, 414 an id over 100 characters, 415 body not JSON, 429 rate',
  'limited (with `Retry-After`), 503 unavailable (with `Retry-After`; any operation, while an instance starts, drains',
  "or is overloaded, or the database does not answer or ended the request's transaction for another's, a deadlock).",
  'An unexpected error is a 500 with a generic message and no internals. GET and DELETE /api/admin/privacy are',
  'retired: 410, with a message that names their replacements.',
  '',
  'Beside the API, the backend serves `site/dist` (the exact file, else `<path>/index.html`, else `404.html` with status',
  '404) and `admin/dist` under `/admin/` (the exact file, else its `index.html`), as nginx does in production. Without',
  '`SMTP_URL`, every mail is written to `$DATA_DIR/outbox/` as an `.eml` file, the names sorting in send order.',
].join('\n');

/** What a CSV export answers, beside its name and columns: the same for every list. */
export function csvExportDescription(file: string, columns: string): string {
  return [
    `Every row of the list's filter (no paging) as \`${file}-YYYY-MM-DD.csv\` (the date in \`tz\`), streamed 500 rows at a time:`,
    '`Content-Disposition: attachment`, `Cache-Control: no-store`, a UTF-8 BOM, CRLF lines, every cell quoted (quotes doubled), and a',
    "cell that starts with `=`, `+`, `-`, `@`, a tab or CR prefixed with `'` (no spreadsheet runs it as a formula).",
    `Columns: ${columns}. Recorded in the audit log when the stream ends (\`export.csv\`: the list, the filter, the rows sent and`,
    'whether the client read to the end).',
  ].join(' ');
}
