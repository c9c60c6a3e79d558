// Every environment variable the backend reads, each defined once: its concern, default, accepted values, meaning
// and parse. loadConfig (app-config.ts) builds the nested configuration from them; `npm run docs:config` writes
// docs/configuration.md from them, and a test fails when that file or .env.example disagrees.
import path from 'node:path';
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_ROLES,
  PASSWORD_SIGN_IN_POLICIES,
  API_KEY_DEFAULT_PER_MINUTE,
  APPLY_DAILY_MAX_APPLICATIONS,
  APPLY_DAILY_MAX_RESUME_MB,
  APPLY_LIMIT_PER_HOUR,
  BOOKING_LIMIT_PER_MINUTE,
  BUSY_FEED_REFRESH_SECONDS,
  COLLECT_LIMIT_PER_MINUTE,
  MEDIA_UPLOADS_PER_HOUR,
  OTP_RESEND_MIN_INTERVAL_SECONDS,
  PUBLIC_FORM_LIMIT_PER_MINUTE,
  SEARCH_LIMIT_PER_MINUTE,
  RETENTION_DEFAULT_DAYS,
  RETENTION_ENV,
  type RetentionKind,
  SPAM_MIN_FILL_SECONDS,
  UPLOADS_MIN_FREE_MB,
} from '@brightwave/common';
import { isDeliverableAddress } from '../common/email-address';
import {
  ConfigError,
  type Env,
  existingFolder,
  flag,
  flagDefaultingTo,
  folder,
  integer,
  list,
  minLengthText,
  oneOf,
  optionalInteger,
  optionalText,
  readString,
  secret,
  text,
  url,
  type VariableKind,
} from './env-readers';
import { KEY_DERIVATION_COSTS } from './key-derivation';
import { BACKUP_PASSPHRASE_MIN_LENGTH, METRICS_TOKEN_MIN_LENGTH, PRESSURE_MAX_EVENT_LOOP_DELAY_MS } from './operations';
import { resumeBucketUrl } from './resume-bucket-url';
import {
  ANALYTICS_FLUSH_SECONDS,
  CONTENT_SCHEDULE_POLL_SECONDS,
  FOLLOW_UP_REMINDER_POLL_SECONDS,
  OUTBOX_FIRST_RETRY_SECONDS,
  OUTBOX_LEASE_SECONDS,
  REFUSED_BODY_READ_SECONDS,
  RETENTION_PURGE_INTERVAL_HOURS,
} from './timings';

/** The concerns of the configuration, in the order docs/configuration.md shows them (AppConfig's groups). */
export const CONCERNS = {
  general: { title: 'Environment and logs', intro: 'What kind of run this is, and how much it logs.' },
  server: { title: 'Server', intro: 'Where the API listens, how it is reached, and who may call it from a browser.' },
  apps: {
    title: 'Built apps',
    intro: 'The public site and the admin app, served by the API itself on its port (`npm start`); `none` when nginx serves them.',
  },
  database: { title: 'Database', intro: 'PostgreSQL, or the embedded PGlite under the data folder.' },
  redis: { title: 'Redis', intro: "Rate-limit counts and the site analytics' unique visitors of the day, shared by several instances." },
  storage: { title: 'Data folder and resumes', intro: 'Where the data folder is, and where resumes are stored.' },
  keys: {
    title: 'Secrets',
    intro: 'The secrets every key is derived from (one key per use: signing sessions, hashing codes, form tokens, …).',
  },
  sso: {
    title: 'Single sign-on',
    intro:
      'Admins sign in with the company’s OpenID Connect provider (Microsoft Entra ID, Google Workspace, Okta, Keycloak; docs/features/sign-in.md). On only when `OIDC_ISSUER`, `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET` are all set; register `PUBLIC_URL/admin/sso/callback` as the redirect URI at the provider. A provider on https with a private certificate authority needs `NODE_EXTRA_CA_CERTS` (read by Node.js).',
  },
  mail: { title: 'Mail', intro: 'Sign-in codes, staff notifications and visitor confirmations.' },
  webhooks: { title: 'Webhooks', intro: 'Which endpoints webhooks may call (Admin → Settings → Webhooks).' },
  spam: { title: 'Spam triage', intro: 'When a public form is suspected spam.' },
  limits: { title: 'Abuse limits', intro: 'Rate limits per address, and caps for all visitors together.' },
  retention: {
    title: 'Retention',
    intro:
      'Days each kind of personal data, and the site analytics’ daily counts, are kept; the retention purge removes what is older (Admin → Settings → Retention shows them).',
  },
  timings: {
    title: 'Periods',
    intro: 'Periods with production defaults, which the tests shorten instead of waiting them out.',
  },
  bootstrap: { title: 'First start', intro: 'What a start puts in an empty database.' },
  metrics: {
    title: 'Metrics',
    intro:
      'GET /metrics (Prometheus text format) on a listener of its own and/or on the main port with a bearer token; neither set = not served. nginx never passes /metrics on.',
  },
  backup: { title: 'Backups', intro: '`npm run backup` and `npm run restore`.' },
  pressure: {
    title: 'Overload',
    intro: 'Beyond any of these limits requests are answered 503 with Retry-After at once (0 = not checked).',
  },
} as const;

export type Concern = keyof typeof CONCERNS;

/** One environment variable: where docs/configuration.md lists it, what it means, and how it is read. */
export interface Variable<T> extends VariableKind<T> {
  concern: Concern;
  /** What it does, for docs/configuration.md (Markdown, one paragraph). */
  description: string;
}

const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

const nodeEnv: VariableKind<NodeEnv> = {
  default: '`development`',
  accepts: '`development`, `production` or `test`',
  read: (env, name) => {
    const raw = readString(env, name) ?? 'development';
    const known = NODE_ENVS.find((value) => value === raw);
    if (known === undefined) throw new ConfigError(`${name} must be development, production or test (got "${raw}")`);
    return known;
  },
};

const trustProxy: VariableKind<boolean | number | string> = {
  default: '`false`',
  accepts: '`false`, `true`, a hop count, or proxy addresses and CIDR ranges separated by commas',
  read: (env, name) => {
    const raw = readString(env, name);
    if (raw === undefined || raw === 'false') return false;
    if (raw === 'true') return true;
    if (/^\d+$/.test(raw)) return Number(raw);
    // A comma-separated list of proxy addresses or CIDR ranges.
    if (/^[0-9a-fA-F:.,/\s]+$/.test(raw)) return raw;
    throw new ConfigError(`${name} must be false, true, a hop count or a list of proxy addresses (got "${raw}")`);
  },
};

/** The days of one kind of retention, with its default from packages/common. */
const retentionDays = (kind: RetentionKind): VariableKind<number> => integer(RETENTION_DEFAULT_DAYS[kind], 1, 36_500);

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export const VARIABLES = {
  NODE_ENV: {
    concern: 'general',
    ...nodeEnv,
    description: '`production` requires `JWT_SECRET` and `SMTP_URL`, and turns the demo content and the API documentation off unless asked for.',
  },
  LOG_LEVEL: {
    concern: 'general',
    ...optionalText('`info` (`silent` when `NODE_ENV=test`)', '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`'),
    description: 'Lowest level of the JSON log lines written to stdout.',
  },

  PORT: { concern: 'server', ...integer(3000, 0, 65535), description: 'Port the API listens on (and the built apps, unless disabled).' },
  HOST: { concern: 'server', ...text('0.0.0.0', 'an address'), description: 'Address the API listens on.' },
  PUBLIC_URL: {
    concern: 'server',
    ...url(['http:', 'https:'], '`http://localhost:$PORT`'),
    description: 'Where the product is reached: links to the admin app (`PUBLIC_URL/admin/…`) in staff mails.',
  },
  TRUST_PROXY: {
    concern: 'server',
    ...trustProxy,
    description: 'Whose `X-Forwarded-For` is believed (Fastify `trustProxy`): the client address that rate limits and logs use.',
  },
  CORS_ORIGINS: {
    concern: 'server',
    ...list('unset: none', 'origins like `https://admin.example.com`, separated by commas', (origin, name) => {
      if (!/^https?:\/\/[^/]+$/.test(origin)) {
        throw new ConfigError(`${name} must list origins like https://admin.example.com (got "${origin}")`);
      }
    }),
    description: 'Origins allowed to call the API from a browser with credentials (the admin app on a host of its own).',
  },
  API_DOCS: {
    concern: 'server',
    ...flagDefaultingTo('`true`, except in production'),
    description: 'The OpenAPI document and its UI at `/api/docs`.',
  },

  SITE_DIST_DIR: {
    concern: 'apps',
    ...existingFolder(path.join(REPO_ROOT, 'site', 'dist'), 'site/dist'),
    description: 'The built public site, served at `/`.',
  },
  ADMIN_DIST_DIR: {
    concern: 'apps',
    ...existingFolder(path.join(REPO_ROOT, 'admin', 'dist'), 'admin/dist'),
    description: 'The built admin app, served at `/admin/`.',
  },
  SITE_SSR_DIR: {
    concern: 'apps',
    ...existingFolder(path.join(REPO_ROOT, 'site', 'dist-ssr'), 'site/dist-ssr'),
    description: "The site's server entry and template: `GET /portfolio` is rendered with the current projects (`none`: the prerendered page).",
  },

  DATABASE_URL: {
    concern: 'database',
    ...url(['postgres:', 'postgresql:'], 'unset: PGlite under `$DATA_DIR/db`'),
    description: 'The PostgreSQL database; migrations are applied at start under an advisory lock, so several instances may start together.',
  },

  REDIS_URL: {
    concern: 'redis',
    ...url(['redis:', 'rediss:'], 'unset: counts in memory (each instance its own)'),
    description:
      "Redis for rate-limit counts shared by several instances, and the site analytics' unique visitors of the day (ids and tallies, no key or address; kept in Redis's memory for two days, about 21 MB a day at most); `/api/ready` checks it.",
  },

  DATA_DIR: {
    concern: 'storage',
    ...folder('./data'),
    description:
      'The data folder: the embedded database (without `DATABASE_URL`), the development mail outbox, the development JWT secret and the uploads folder. Kept readable by its owner only (folders 0700, files 0600): repaired at start, or the start stops and says what to run.',
  },
  UPLOADS_DIR: {
    concern: 'storage',
    ...optionalText('`$DATA_DIR/uploads`', 'a path'),
    description:
      "Where resumes are stored without `STORAGE_URL`, and the site's uploaded pictures in its `media` folder (several instances must share this folder).",
  },
  STORAGE_URL: {
    concern: 'storage',
    ...resumeBucketUrl,
    description:
      "Resumes and the site's uploaded pictures in a private S3-compatible bucket (Amazon S3, MinIO, …) reached by every instance. `endpoint` only for a server other than Amazon's (then addressed path-style); `prefix`: the folder of the bucket the resumes live in, default `resumes/`, and `mediaPrefix` the pictures' (served by the backend under `/media/`), default `media/`: nothing outside them is listed or deleted. Credentials and region: `AWS_*` below. `npm run admin -- migrate-storage` moves the folder's resumes there.",
  },
  UPLOADS_MIN_FREE_MB: {
    concern: 'storage',
    ...integer(UPLOADS_MIN_FREE_MB, 0, 100_000_000),
    description: "Applications and picture uploads are refused while the uploads' file system has less free space (megabytes; not with `STORAGE_URL`).",
  },

  JWT_SECRET: {
    concern: 'keys',
    ...secret(32, 'required in production; in development generated once and kept in `$DATA_DIR/jwt-secret`'),
    description: 'The secret the per-use keys are derived from; the same on every instance (e.g. `openssl rand -base64 48`).',
  },
  KEY_DERIVATION_COST: {
    concern: 'keys',
    ...oneOf(KEY_DERIVATION_COSTS, 'standard'),
    description:
      "How much work a password hash (argon2id) and a backup key (scrypt) take: `standard` (OWASP's argon2id minimum, scrypt at 2^17), or `test`, a small fraction of it, which only the test suites use (they sign in and seal archives hundreds of times); refused with `NODE_ENV=production`.",
  },
  DATA_KEY: {
    concern: 'keys',
    ...secret(32, 'unset: a key derived from `JWT_SECRET`'),
    description:
      "Key of data stored encrypted (webhook signing secrets, the chat URLs of notification routes, the busy calendar addresses of availabilities, the admins' authenticator app secrets) and of the recovery codes' hashes, the same on every instance. Unset, changing `JWT_SECRET` makes them unreadable (and the recovery codes unusable); set, what was stored before is still read and encrypted again with it.",
  },

  OIDC_ISSUER: {
    concern: 'sso',
    ...url(['https:', 'http:'], 'unset: no single sign-on'),
    description:
      'The provider’s issuer URL, whose `/.well-known/openid-configuration` describes it (e.g. `https://login.microsoftonline.com/<tenant id>/v2.0`). `http://` only outside production.',
  },
  OIDC_CLIENT_ID: {
    concern: 'sso',
    ...optionalText('unset: no single sign-on', 'text'),
    description: 'The client (application) id this site has at the provider.',
  },
  OIDC_CLIENT_SECRET: {
    concern: 'sso',
    ...optionalText('unset: no single sign-on', 'text'),
    description: 'That client’s secret.',
  },
  OIDC_PROVIDER_NAME: {
    concern: 'sso',
    ...optionalText('the host of `OIDC_ISSUER`', 'text'),
    description: 'What the login page’s button says after "Sign in with", and the refusal page calls the provider (e.g. `Microsoft`, `Okta`).',
  },
  OIDC_ALLOWED_DOMAINS: {
    concern: 'sso',
    ...list('unset: nobody may sign in with single sign-on', 'e-mail domains separated by commas', (domain, name) => {
      if (!/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(domain))
        throw new ConfigError(`${name} must list e-mail domains such as example.com, separated by commas (got "${domain}")`);
    }),
    description:
      'The domains of the e-mail addresses that may sign in with the provider (compared without regard to case). Empty refuses everyone: list your company’s domains.',
  },
  OIDC_ROLE_CLAIM: {
    concern: 'sso',
    ...text('roles', 'a claim name'),
    description:
      'The ID token’s (or userinfo’s) claim holding the person’s groups or roles (`roles`, `groups`): a string or a list of strings. Read only to choose the role of an admin made by `OIDC_AUTO_CREATE`.',
  },
  OIDC_ROLE_MAP: {
    concern: 'sso',
    ...list(
      'unset: a claim value that is a role’s name (`owner`, `sales`, `recruiter`, `editor`) is that role',
      '`claimValue=role` pairs separated by commas',
      (pair, name) => {
        const [value, role, ...rest] = pair.split('=').map((part) => part.trim());
        if (!value || !role || rest.length > 0 || !(ADMIN_ROLES as readonly string[]).includes(role)) {
          throw new ConfigError(`${name} must list claimValue=role pairs, the role one of ${ADMIN_ROLES.join(', ')} (got "${pair}")`);
        }
      },
    ),
    description:
      'Which value of the role claim gives which role, e.g. `Brightwave-Sales=sales,Brightwave-Hiring=recruiter`. Several matching values: the most privileged role.',
  },
  OIDC_AUTO_CREATE: {
    concern: 'sso',
    ...flag(false),
    description:
      'Make an admin, with the role the claim maps to, for someone of an allowed domain who has no account yet (audited `admin.created`). Off: only admins an owner invited sign in. An admin’s role is never changed by a sign-in.',
  },
  OIDC_PASSWORD_SIGN_IN: {
    concern: 'sso',
    ...oneOf(PASSWORD_SIGN_IN_POLICIES, 'all'),
    description:
      '`owners`: only owners may sign in with a password (a way in when the provider is down); everyone else is refused (403) and uses the provider.',
  },

  SMTP_URL: {
    concern: 'mail',
    ...url(['smtp:', 'smtps:'], 'required in production; unset: mails are written to `$DATA_DIR/outbox/`'),
    description: 'The SMTP server that sends sign-in codes, staff notifications and confirmations.',
  },
  MAIL_FROM: {
    concern: 'mail',
    ...text('Brightwave Technologies <no-reply@brightwave.example>', 'a mail address, with a name'),
    description: "The sender of every mail; its name is the company's name in the mails, and the name authenticator apps show beside an admin's codes.",
  },
  NOTIFY_TO: {
    concern: 'mail',
    ...list('unset: every active owner', 'plain e-mail addresses separated by commas', (address, name) => {
      if (!isDeliverableAddress(address)) {
        throw new ConfigError(`${name} must list plain e-mail addresses, separated by commas (got "${address}")`);
      }
    }),
    description:
      'Staff told of every quote request, contact message and application whose route in Admin → Settings → Notifications is empty; unset, those go to every active owner.',
  },
  SEND_CONFIRMATIONS: {
    concern: 'mail',
    ...flag(true),
    description:
      'Mail each visitor a confirmation that their submission arrived (from our own forms only, at most 3 a day per address, repeating none of their text).',
  },

  ALLOW_HTTP_WEBHOOKS: {
    concern: 'webhooks',
    ...flag(false),
    description: 'Accept plain `http://` webhook endpoints and chat channels (Settings → Notifications); otherwise `https://` only.',
  },
  ALLOW_PRIVATE_WEBHOOKS: {
    concern: 'webhooks',
    ...flag(false),
    description: 'Let webhooks and chat posts call loopback, private, link-local and metadata addresses: for tests only, never in production.',
  },

  FORM_MIN_FILL_SECONDS: {
    concern: 'spam',
    ...integer(SPAM_MIN_FILL_SECONDS, 0, 600),
    description: 'A quote request or contact message sent sooner than this after its form was opened is suspected spam (`0`: no time check).',
  },

  RATE_LIMIT_PUBLIC_PER_MINUTE: {
    concern: 'limits',
    ...integer(PUBLIC_FORM_LIMIT_PER_MINUTE, 1, 1_000_000),
    description: 'Public form submissions per address per minute.',
  },
  RATE_LIMIT_AUTH_PER_15_MIN: {
    concern: 'limits',
    ...integer(20, 1, 1_000_000),
    description: 'Admin sign-in steps per address, and per account, per 15 minutes.',
  },
  RATE_LIMIT_APPLY_PER_HOUR: {
    concern: 'limits',
    ...integer(APPLY_LIMIT_PER_HOUR, 1, 1_000_000),
    description: 'Job applications per address (an IPv6 /64 counts as one) per hour.',
  },
  RATE_LIMIT_MEDIA_UPLOADS_PER_HOUR: {
    concern: 'limits',
    ...integer(MEDIA_UPLOADS_PER_HOUR, 1, 1_000_000),
    description: 'Picture uploads (Admin → Content) per admin per hour; past it they are answered 429.',
  },
  RATE_LIMIT_API_KEY_PER_MINUTE: {
    concern: 'limits',
    ...integer(API_KEY_DEFAULT_PER_MINUTE, 1, 1_000_000),
    description: 'Admin API calls per API key per minute (each key counted on its own); past it they are answered 429 with Retry-After.',
  },
  RATE_LIMIT_SEARCH_PER_MINUTE: {
    concern: 'limits',
    ...integer(SEARCH_LIMIT_PER_MINUTE, 1, 1_000_000),
    description: 'Site searches (`/search` and `GET /api/search`, each counted on its own) per address per minute; past it they are answered 429.',
  },
  RATE_LIMIT_COLLECT_PER_MINUTE: {
    concern: 'limits',
    ...integer(COLLECT_LIMIT_PER_MINUTE, 1, 1_000_000),
    description: 'Site analytics reports (`POST /api/collect`) per address per minute; past it they are still answered 204, and counted as nothing.',
  },
  RATE_LIMIT_BOOKING_PER_MINUTE: {
    concern: 'limits',
    ...integer(BOOKING_LIMIT_PER_MINUTE, 1, 1_000_000),
    description:
      'Booking page calls (a booking link’s details, its free slots, a booking) per address, and per booking link, per minute, each route on its own.',
  },
  APPLY_DAILY_MAX_APPLICATIONS: {
    concern: 'limits',
    ...integer(APPLY_DAILY_MAX_APPLICATIONS, 1, 10_000_000),
    description: 'Applications over any 24 hours, for all visitors together; beyond it applications answer 503 "try again later".',
  },
  APPLY_DAILY_MAX_RESUME_MB: {
    concern: 'limits',
    ...integer(APPLY_DAILY_MAX_RESUME_MB, 1, 10_000_000),
    description: 'Megabytes of resumes over any 24 hours, for all visitors together; beyond it applications answer 503.',
  },

  [RETENTION_ENV.applications]: {
    concern: 'retention',
    ...retentionDays('applications'),
    description: 'Job applications and their resumes, after their job stopped being active.',
  },
  [RETENTION_ENV.leads]: { concern: 'retention', ...retentionDays('leads'), description: 'Quote requests, after their last change.' },
  [RETENTION_ENV.contacts]: { concern: 'retention', ...retentionDays('contacts'), description: 'Contact messages, after their last change.' },
  [RETENTION_ENV.spam]: { concern: 'retention', ...retentionDays('spam'), description: 'Suspected spam, after its last change.' },
  [RETENTION_ENV.deliveries]: {
    concern: 'retention',
    ...retentionDays('deliveries'),
    description:
      "Outbox rows that are done (a mail's or webhook call's row: sent, failed or cancelled; counted from its sending, last try or queueing), and the mails of the development outbox (`$DATA_DIR/outbox`).",
  },
  [RETENTION_ENV.audit]: { concern: 'retention', ...retentionDays('audit'), description: 'Audit log entries.' },
  [RETENTION_ENV.analytics]: {
    concern: 'retention',
    ...retentionDays('analytics'),
    description: 'Site analytics: the daily counts of visitors, pages, sources and form starts (no personal data), after their day.',
  },

  OUTBOX_LEASE_SECONDS: {
    concern: 'timings',
    // At least 2 s: a round gives its untried rows back after half the lease.
    ...integer(OUTBOX_LEASE_SECONDS, 2, 3600),
    description:
      'A message of the outbox (mails and webhook calls) claimed by an instance that died is taken again after this lease; at least twice the longest send.',
  },
  CONTENT_SCHEDULE_POLL_SECONDS: {
    concern: 'timings',
    ...integer(CONTENT_SCHEDULE_POLL_SECONDS, 1, 30),
    description: 'How often each instance looks for scheduled site-content publishes that are due (they run at most this late).',
  },
  ANALYTICS_FLUSH_SECONDS: {
    concern: 'timings',
    ...integer(ANALYTICS_FLUSH_SECONDS, 1, 3600),
    description:
      'How often each instance writes the site analytics it counted in memory (one upsert per table); a crash loses at most this much, a stop writes it first.',
  },
  BUSY_FEED_REFRESH_SECONDS: {
    concern: 'timings',
    ...integer(BUSY_FEED_REFRESH_SECONDS, 1, 3600),
    description: "How long a staff member's busy calendar feed, once read, is used before it is read again (on the next slot list that needs it).",
  },
  FOLLOW_UP_REMINDER_POLL_SECONDS: {
    concern: 'timings',
    ...integer(FOLLOW_UP_REMINDER_POLL_SECONDS, 1, 300),
    description: "How often each instance looks for follow-ups that came due, to mail their owner's reminder (it goes out at most this late).",
  },
  OUTBOX_FIRST_RETRY_SECONDS: {
    concern: 'timings',
    ...integer(OUTBOX_FIRST_RETRY_SECONDS, 1, 600),
    description: 'A message that could not be sent is retried after this, then after twice as long each time, at most 10 minutes apart, for a day.',
  },
  OTP_RESEND_MIN_INTERVAL_SECONDS: {
    concern: 'timings',
    ...integer(OTP_RESEND_MIN_INTERVAL_SECONDS, 1, 3600),
    description: "Seconds after a sign-in code was mailed before 'Resend code' may mail another (the page's 5:00 countdown stays).",
  },
  REFUSED_BODY_READ_SECONDS: {
    concern: 'timings',
    ...integer(REFUSED_BODY_READ_SECONDS, 1, 600),
    description:
      'A request answered before its body was read (429, 413, 415): the rest of its body is read and thrown away for at most this long, so the client gets the answer instead of a reset; then the connection is cut.',
  },
  RETENTION_PURGE_INTERVAL_HOURS: {
    concern: 'timings',
    ...integer(RETENTION_PURGE_INTERVAL_HOURS, 1, 8760),
    description: 'Hours between two rounds of the retention purge (the first runs 5 minutes after start).',
  },

  ADMIN_EMAIL: {
    concern: 'bootstrap',
    ...optionalText('unset', 'one plain mailbox, without name or quotes', (address, name) => {
      if (!isDeliverableAddress(address.toLowerCase())) {
        throw new ConfigError(`${name} must be an email address, one plain mailbox without name or quotes (got "${address}")`);
      }
    }),
    description: 'The first admin, created at start when no admin exists; set together with `ADMIN_PASSWORD`.',
  },
  ADMIN_PASSWORD: {
    concern: 'bootstrap',
    ...minLengthText(ADMIN_PASSWORD_MIN_LENGTH, 'unset'),
    description: "The first admin's password; set together with `ADMIN_EMAIL`.",
  },
  ADMIN_NAME: { concern: 'bootstrap', ...text('Administrator'), description: "The first admin's name." },
  SEED_DEMO: {
    concern: 'bootstrap',
    // Demo jobs and projects on a company's live site would be taken for real ones.
    ...flagDefaultingTo('`true`, except in production'),
    description: 'Demo portfolio projects and jobs on an empty database.',
  },

  METRICS_PORT: {
    concern: 'metrics',
    // 0 = any free port (the tests).
    ...optionalInteger(0, 65535, 'unset: no listener of its own'),
    description: 'GET /metrics on a listener of its own, at this port (`0`: any free port).',
  },
  METRICS_HOST: { concern: 'metrics', ...text('127.0.0.1', 'an address'), description: "The address of that listener (e.g. the instance's private address)." },
  METRICS_TOKEN: {
    concern: 'metrics',
    ...minLengthText(METRICS_TOKEN_MIN_LENGTH, 'unset: not served on the main port'),
    description: 'GET /metrics on the main port for `Authorization: Bearer <METRICS_TOKEN>`.',
  },

  BACKUP_PASSPHRASE: {
    concern: 'backup',
    ...minLengthText(BACKUP_PASSPHRASE_MIN_LENGTH, 'unset: plain archives'),
    description:
      '`npm run backup` encrypts the archive with it (AES-256-GCM, key by scrypt) and `npm run restore` needs it again; `--passphrase-file FILE` on either command instead.',
  },

  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: {
    concern: 'pressure',
    ...integer(PRESSURE_MAX_EVENT_LOOP_DELAY_MS, 0, 600_000),
    description: 'Mean event-loop delay (milliseconds, per second sampled) beyond which requests are answered 503: each would wait that long.',
  },
  PRESSURE_MAX_HEAP_MB: {
    concern: 'pressure',
    // Off by default: V8 keeps garbage until a full collection, so heap and RSS overstate the load.
    ...integer(0, 0, 1_000_000),
    description: 'Heap used (megabytes); off by default, as V8 keeps garbage until a full collection ([performance](performance.md#memory)).',
  },
  PRESSURE_MAX_RSS_MB: {
    concern: 'pressure',
    ...integer(0, 0, 1_000_000),
    description: 'Resident memory (megabytes); off by default, for the same reason.',
  },
} satisfies Record<string, Variable<unknown>>;

export type VariableName = keyof typeof VARIABLES;

/** Each variable's value as its definition reads it (before defaults that depend on other variables). */
export type VariableValues = { [N in VariableName]: ReturnType<(typeof VARIABLES)[N]['read']> };

/** Reads and validates every variable of `env` once; the first bad one stops with a ConfigError naming it. */
export function readVariables(env: Env): VariableValues {
  const values: Partial<Record<VariableName, unknown>> = {};
  for (const name of Object.keys(VARIABLES) as VariableName[]) values[name] = VARIABLES[name].read(env, name);
  return values as VariableValues;
}

/** A variable some other program reads: docs/configuration.md lists it, .env.example too when `inEnvExample`. */
export interface OtherVariable {
  name: string;
  readBy: 'aws' | 'compose' | 'build';
  default: string;
  description: string;
  inEnvExample: boolean;
}

/** Who reads the other variables, in the order docs/configuration.md shows them. */
export const OTHER_READERS: Record<OtherVariable['readBy'], { title: string; intro: string }> = {
  aws: {
    title: "The bucket's credentials (AWS SDK)",
    intro: 'Read by the AWS SDK with `STORAGE_URL` (which also knows profiles and instance roles).',
  },
  compose: {
    title: 'docker compose only',
    intro:
      'docker-compose.yml builds `DATABASE_URL` and `STORAGE_URL` from these, and sets `NODE_ENV`, `PORT`, `HOST`, `DATA_DIR`, `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, `REDIS_URL`, `TRUST_PROXY`, `SITE_DIST_DIR` and `ADMIN_DIST_DIR` itself.',
  },
  build: {
    title: 'Build time (site and admin app)',
    intro: 'Read by Vite when the apps are built (`npm run build`), from the environment of the build; not in `.env.example`.',
  },
};

export const OTHER_VARIABLES: readonly OtherVariable[] = [
  { name: 'AWS_ACCESS_KEY_ID', readBy: 'aws', default: 'unset', description: "The bucket's access key.", inEnvExample: true },
  { name: 'AWS_SECRET_ACCESS_KEY', readBy: 'aws', default: 'unset', description: "The bucket's secret key.", inEnvExample: true },
  {
    name: 'AWS_REGION',
    readBy: 'aws',
    default: "the SDK's (with a `?endpoint=`: `us-east-1`)",
    description: "The bucket's region, unless `STORAGE_URL` names one (`?region=`).",
    inEnvExample: true,
  },
  { name: 'POSTGRES_USER', readBy: 'compose', default: '`brightwave`', description: 'The PostgreSQL user.', inEnvExample: true },
  { name: 'POSTGRES_PASSWORD', readBy: 'compose', default: 'required', description: "The PostgreSQL user's password.", inEnvExample: true },
  { name: 'POSTGRES_DB', readBy: 'compose', default: '`brightwave`', description: 'The PostgreSQL database.', inEnvExample: true },
  {
    name: 'MINIO_ROOT_USER',
    readBy: 'compose',
    default: '`brightwave`',
    description: 'MinIO, which holds the resumes: the user the backend signs in with.',
    inEnvExample: true,
  },
  { name: 'MINIO_ROOT_PASSWORD', readBy: 'compose', default: 'required (8+ characters)', description: "That user's password.", inEnvExample: true },
  {
    name: 'RESUME_BUCKET',
    readBy: 'compose',
    default: '`brightwave-resumes`',
    description: 'The bucket of the resumes, created at first start.',
    inEnvExample: true,
  },
  { name: 'HTTP_PORT', readBy: 'compose', default: '`8080`', description: 'The published port of nginx.', inEnvExample: true },
  { name: 'MAILPIT_UI_PORT', readBy: 'compose', default: '`8025`', description: "The mail catcher's web page, bound to 127.0.0.1.", inEnvExample: true },
  {
    name: 'VITE_API_BASE_URL',
    readBy: 'build',
    default: 'unset: the same origin',
    description: 'Origin of the API, for a site or admin app served from another host.',
    inEnvExample: false,
  },
  {
    name: 'VITE_SITE_URL',
    readBy: 'build',
    default: '`https://www.brightwave.example`',
    description: "The site's public origin: canonical URLs, Open Graph and the sitemap.",
    inEnvExample: false,
  },
];
