import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { RETENTION_ENV, RETENTION_KINDS, type AdminRole, type PasswordSignInPolicy, type RetentionPeriods } from '@brightwave/common';
import { ConfigError, requireMinLength } from './env-readers';
import type { KeyDerivationCost } from './key-derivation';
import { BACKUP_PASSPHRASE_MIN_LENGTH } from './operations';
import type { ResumeBucketConfig } from './resume-bucket-url';
import { type NodeEnv, readVariables } from './variables';

export { ConfigError } from './env-readers';

export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * Environment parsed and validated once at start (each variable defined in variables.ts), nested by concern; a bad
 * value stops the process with its name.
 */
export interface AppConfig {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  logLevel: string;
  server: {
    port: number;
    host: string;
    /** Where the product is reached, for links in mails (the admin app at PUBLIC_URL/admin/…). */
    publicUrl: string;
    /** Fastify `trustProxy`: false, true, a hop count or a list of addresses. */
    trustProxy: boolean | number | string;
    corsOrigins: string[];
    apiDocs: boolean;
  };
  /** Folders of the built site and admin app, served on the API's port; undefined = not served. */
  apps: {
    siteDistDir: string | undefined;
    adminDistDir: string | undefined;
    /** The site's server entry and template (site/dist-ssr): GET /portfolio is rendered with the current projects. */
    siteSsrDir: string | undefined;
  };
  /** PostgreSQL (DATABASE_URL); undefined = PGlite under `storage.dataDir`. */
  database: { url: string | undefined };
  /** Rate-limit counts and the analytics' unique visitors, shared by instances (REDIS_URL); undefined = in memory. */
  redis: { url: string | undefined };
  storage: {
    dataDir: string;
    uploadsDir: string;
    /** Resumes in an S3-compatible bucket (STORAGE_URL); undefined = files under `uploadsDir`. */
    resumeBucket: ResumeBucketConfig | undefined;
    /** Applications and picture uploads are refused while the uploads' file system has less free space. */
    uploadsMinFreeBytes: number;
  };
  /** Keys derived from JWT_SECRET, one per use, so that no output of one use can help against another. */
  keys: {
    /** Only for deriving the keys below (and the tests that prove it signs nothing itself). */
    jwtSecret: string;
    jwtSigning: Buffer;
    loginCodeHash: Buffer;
    formToken: Buffer;
    privacyEmailHash: Buffer;
    /** Signs the site-content preview links. */
    contentPreview: Buffer;
    /** Signs the booking links of quote requests and contact messages (booking/booking-links.ts). */
    bookingLinks: Buffer;
    /** What each day's key of the site analytics' visitor ids derives from (visitor-key.ts); never leaves the process. */
    analyticsVisitors: Buffer;
    /**
     * Of webhook signing secrets at rest: the key everything is encrypted with first (from DATA_KEY when set, else
     * JWT_SECRET), then, with DATA_KEY, the one from JWT_SECRET, which still opens what was stored before DATA_KEY.
     */
    webhookSecrets: readonly [current: Buffer, ...earlier: Buffer[]];
    /** Of the chat URLs of notification routes at rest (Slack, Teams): like `webhookSecrets`, a key of their own. */
    chatUrls: readonly [current: Buffer, ...earlier: Buffer[]];
    /** Of the busy calendar feeds' addresses at rest (booking): like `webhookSecrets`, a key of their own. */
    busyCalendarUrls: readonly [current: Buffer, ...earlier: Buffer[]];
    /** Of the admins' authenticator app secrets at rest (TOTP): like `webhookSecrets`, a key of their own. */
    authenticatorSecrets: readonly [current: Buffer, ...earlier: Buffer[]];
    /**
     * Keys the recovery codes' HMACs are made with: the current one (from DATA_KEY when set, else JWT_SECRET) for new
     * codes, then, with DATA_KEY, the one from JWT_SECRET, which still checks the codes made before DATA_KEY was set.
     */
    recoveryCodeHash: readonly [current: Buffer, ...earlier: Buffer[]];
    /**
     * What the current key of data stored encrypted (webhook signing secrets, chat URLs, busy calendar URLs,
     * authenticator secrets) and of the recovery codes' hashes derives from: DATA_KEY when set, else JWT_SECRET (then
     * changing JWT_SECRET makes those secrets unreadable and those codes unusable).
     */
    dataKeySource: 'DATA_KEY' | 'JWT_SECRET';
    /** How much work password hashes and backup keys take (KEY_DERIVATION_COST; key-derivation.ts). */
    derivationCost: KeyDerivationCost;
  };
  /** Single sign-on with an OpenID Connect provider (OIDC_*; decision 093). */
  sso: {
    /** The provider and this site's client there; undefined = no single sign-on. */
    provider: SsoProviderConfig | undefined;
    /** Who may sign in with a password: everyone, or owners only (OIDC_PASSWORD_SIGN_IN). */
    passwordSignIn: PasswordSignInPolicy;
  };
  mail: {
    /** Undefined = the development outbox (files under `storage.dataDir`). */
    smtpUrl: string | undefined;
    from: string;
    /** Staff who get the notification of a submission whose route is empty (comma-separated in NOTIFY_TO); empty = every active owner. */
    notifyTo: string[];
    /** Whether visitors get a confirmation of their quote request, message or application. */
    sendConfirmations: boolean;
  };
  webhooks: {
    /** Webhook endpoints may be plain http:// (ALLOW_HTTP_WEBHOOKS); otherwise https:// only. */
    allowHttp: boolean;
    /** Webhooks may call loopback, private and link-local addresses (ALLOW_PRIVATE_WEBHOOKS; for tests). */
    allowPrivate: boolean;
  };
  spam: {
    /** A public form sent sooner than this after its form token was issued is suspected spam (0: no time check). */
    formMinFillMs: number;
  };
  limits: {
    publicPerMinute: number;
    authPer15Min: number;
    applyPerHour: number;
    /** Site searches per address per minute, the page and the API each. */
    searchPerMinute: number;
    /** Site analytics reports per address per minute (past it: 204, counted as nothing). */
    collectPerMinute: number;
    /** Booking page calls per address, and per booking link, per minute, on each route. */
    bookingPerMinute: number;
    /** Picture uploads per admin per hour. */
    mediaUploadsPerHour: number;
    /** Admin API calls per API key per minute. */
    apiKeyPerMinute: number;
    /** Caps over a rolling 24 hours for all visitors together; beyond them applications answer 503. */
    applyDailyMaxApplications: number;
    applyDailyMaxResumeBytes: number;
  };
  /** Days each kind of personal data is kept (RETENTION_*_DAYS); the daily purge removes what is older. */
  retention: RetentionPeriods;
  /** Periods with production defaults (timings.ts) that the tests shorten rather than wait out. */
  timings: {
    /** A claimed outbox row is taken again after this if its sender died (OUTBOX_LEASE_SECONDS). */
    outboxLeaseMs: number;
    /** The wait before a failed message's first retry; each next one doubles (OUTBOX_FIRST_RETRY_SECONDS). */
    outboxFirstRetryMs: number;
    /** How long after a code was mailed another may be asked for (OTP_RESEND_MIN_INTERVAL_SECONDS). */
    codeResendIntervalSeconds: number;
    /** How long the rest of a refused request's body is read after its answer, at most (REFUSED_BODY_READ_SECONDS). */
    refusedBodyReadMs: number;
    /** Between two rounds of the retention purge (RETENTION_PURGE_INTERVAL_HOURS). */
    retentionPurgeIntervalMs: number;
    /** Between two looks for due scheduled content publishes (CONTENT_SCHEDULE_POLL_SECONDS). */
    contentSchedulePollMs: number;
    /** Between two looks for follow-ups that came due (FOLLOW_UP_REMINDER_POLL_SECONDS). */
    followUpReminderPollMs: number;
    /** Between two writes of the site analytics counted in memory (ANALYTICS_FLUSH_SECONDS). */
    analyticsFlushMs: number;
    /** How long a busy calendar feed once read is used before it is read again (BUSY_FEED_REFRESH_SECONDS). */
    busyFeedRefreshMs: number;
  };
  /** What a start puts in an empty database: the first admin (ADMIN_*) and demo content. */
  bootstrap: {
    adminEmail: string | undefined;
    adminPassword: string | undefined;
    adminName: string;
    seedDemo: boolean;
  };
  metrics: {
    /** GET /metrics on a listener of its own (METRICS_PORT, METRICS_HOST); undefined = none. */
    listen: { port: number; host: string } | undefined;
    /** GET /metrics on the main port for `Authorization: Bearer <METRICS_TOKEN>`; undefined = not served there. */
    token: string | undefined;
  };
  backup: {
    /** `npm run backup` encrypts the archive with it, `npm run restore` decrypts (BACKUP_PASSPHRASE); undefined = plain. */
    passphrase: string | undefined;
  };
  /** Beyond any of these requests are answered 503 with Retry-After (0 = not checked); see operations.ts. */
  pressure: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number; maxRssBytes: number };
}

/** The OpenID Connect provider admins may sign in with (decision 093). */
export interface SsoProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the login page's button names (OIDC_PROVIDER_NAME, else the issuer's host). */
  name: string;
  /** E-mail domains that may sign in, lower-cased; empty = nobody. */
  allowedDomains: string[];
  /** The claim holding the person's groups or roles. */
  roleClaim: string;
  /** Claim value → role; undefined = a value equal to a role's name is that role. */
  roleMap: Map<string, AdminRole> | undefined;
  autoCreate: boolean;
  /** Where the provider sends the browser back: PUBLIC_URL/admin/sso/callback. */
  redirectUri: string;
}

const SSO_REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/** The provider when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are all set; none set = no single sign-on. */
function ssoProviderOf(v: ReturnType<typeof readVariables>, publicUrl: string, isProduction: boolean): SsoProviderConfig | undefined {
  const missing = SSO_REQUIRED.filter((name) => v[name] === undefined);
  if (missing.length === SSO_REQUIRED.length) return undefined;
  if (missing.length > 0)
    throw new ConfigError(`Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together: ${missing.join(' and ')} missing`);
  const issuer = new URL(v.OIDC_ISSUER as string);
  if (isProduction && issuer.protocol !== 'https:') throw new ConfigError('OIDC_ISSUER must start with https:// in production');
  return {
    // As given: the ID token's `iss` must equal it to the character.
    issuer: v.OIDC_ISSUER as string,
    clientId: v.OIDC_CLIENT_ID as string,
    clientSecret: v.OIDC_CLIENT_SECRET as string,
    name: v.OIDC_PROVIDER_NAME ?? issuer.host,
    allowedDomains: v.OIDC_ALLOWED_DOMAINS.map((domain) => domain.toLowerCase()),
    roleClaim: v.OIDC_ROLE_CLAIM,
    roleMap:
      v.OIDC_ROLE_MAP.length === 0
        ? undefined
        : new Map(
            v.OIDC_ROLE_MAP.map((pair) => {
              const [value = '', role = ''] = pair.split('=').map((part) => part.trim());
              return [value, role as AdminRole];
            }),
          ),
    autoCreate: v.OIDC_AUTO_CREATE,
    redirectUri: `${publicUrl}/admin/sso/callback`,
  };
}

/** In development the JWT secret is generated once and kept in the data folder. */
function developmentJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A backup passphrase (BACKUP_PASSPHRASE, or the backup command's --passphrase-file) long enough to resist guessing. */
export function checkBackupPassphrase(passphrase: string, source: string): string {
  return requireMinLength(passphrase, BACKUP_PASSPHRASE_MIN_LENGTH, source);
}

/** HKDF-SHA256 of the secret for one named use. */
function derivedKey(secret: string, use: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'brightwave', use, 32));
}

const MB = 1024 * 1024;

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const v = readVariables(env);
  const isProduction = v.NODE_ENV === 'production';

  // The rules that involve more than one variable, once each variable is valid on its own.
  if (isProduction && !v.SMTP_URL) {
    throw new ConfigError('SMTP_URL is required in production: admin login codes are sent by e-mail');
  }
  if (v.JWT_SECRET === undefined && isProduction) {
    throw new ConfigError('JWT_SECRET is required in production (at least 32 bytes)');
  }
  if (isProduction && v.KEY_DERIVATION_COST !== 'standard') {
    throw new ConfigError('KEY_DERIVATION_COST=test is for the test suites: production hashes passwords and backup keys at the standard cost');
  }
  if ((v.ADMIN_EMAIL === undefined) !== (v.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const publicUrl = (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/(?<!\/)\/+$/, '');
  const ssoProvider = ssoProviderOf(v, publicUrl, isProduction);
  if (v.OIDC_PASSWORD_SIGN_IN === 'owners' && !ssoProvider) {
    throw new ConfigError('OIDC_PASSWORD_SIGN_IN=owners needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET): no one else could sign in');
  }
  const jwtSecret = v.JWT_SECRET ?? developmentJwtSecret(v.DATA_DIR);

  return {
    nodeEnv: v.NODE_ENV,
    isProduction,
    logLevel: v.LOG_LEVEL ?? (v.NODE_ENV === 'test' ? 'silent' : 'info'),
    server: {
      port: v.PORT,
      host: v.HOST,
      publicUrl,
      trustProxy: v.TRUST_PROXY,
      corsOrigins: v.CORS_ORIGINS,
      apiDocs: v.API_DOCS ?? !isProduction,
    },
    apps: { siteDistDir: v.SITE_DIST_DIR, adminDistDir: v.ADMIN_DIST_DIR, siteSsrDir: v.SITE_SSR_DIR },
    database: { url: v.DATABASE_URL },
    redis: { url: v.REDIS_URL },
    storage: {
      dataDir: v.DATA_DIR,
      uploadsDir: path.resolve(v.UPLOADS_DIR ?? path.join(v.DATA_DIR, 'uploads')),
      resumeBucket: v.STORAGE_URL,
      uploadsMinFreeBytes: v.UPLOADS_MIN_FREE_MB * MB,
    },
    keys: {
      jwtSecret,
      jwtSigning: derivedKey(jwtSecret, 'jwt-signing'),
      loginCodeHash: derivedKey(jwtSecret, 'login-code-hash'),
      formToken: derivedKey(jwtSecret, 'form-token'),
      privacyEmailHash: derivedKey(jwtSecret, 'privacy-email-hash'),
      contentPreview: derivedKey(jwtSecret, 'content-preview'),
      bookingLinks: derivedKey(jwtSecret, 'booking-link'),
      analyticsVisitors: derivedKey(jwtSecret, 'analytics-visitors'),
      webhookSecrets: [derivedKey(v.DATA_KEY ?? jwtSecret, 'webhook-secret'), ...(v.DATA_KEY === undefined ? [] : [derivedKey(jwtSecret, 'webhook-secret')])],
      chatUrls: [derivedKey(v.DATA_KEY ?? jwtSecret, 'chat-url'), ...(v.DATA_KEY === undefined ? [] : [derivedKey(jwtSecret, 'chat-url')])],
      busyCalendarUrls: [
        derivedKey(v.DATA_KEY ?? jwtSecret, 'busy-calendar-url'),
        ...(v.DATA_KEY === undefined ? [] : [derivedKey(jwtSecret, 'busy-calendar-url')]),
      ],
      authenticatorSecrets: [
        derivedKey(v.DATA_KEY ?? jwtSecret, 'authenticator-secret'),
        ...(v.DATA_KEY === undefined ? [] : [derivedKey(jwtSecret, 'authenticator-secret')]),
      ],
      recoveryCodeHash: [
        derivedKey(v.DATA_KEY ?? jwtSecret, 'recovery-code-hash'),
        ...(v.DATA_KEY === undefined ? [] : [derivedKey(jwtSecret, 'recovery-code-hash')]),
      ],
      dataKeySource: v.DATA_KEY === undefined ? 'JWT_SECRET' : 'DATA_KEY',
      derivationCost: v.KEY_DERIVATION_COST,
    },
    sso: { provider: ssoProvider, passwordSignIn: v.OIDC_PASSWORD_SIGN_IN },
    mail: { smtpUrl: v.SMTP_URL, from: v.MAIL_FROM, notifyTo: v.NOTIFY_TO, sendConfirmations: v.SEND_CONFIRMATIONS },
    webhooks: { allowHttp: v.ALLOW_HTTP_WEBHOOKS, allowPrivate: v.ALLOW_PRIVATE_WEBHOOKS },
    spam: { formMinFillMs: v.FORM_MIN_FILL_SECONDS * 1000 },
    limits: {
      publicPerMinute: v.RATE_LIMIT_PUBLIC_PER_MINUTE,
      authPer15Min: v.RATE_LIMIT_AUTH_PER_15_MIN,
      applyPerHour: v.RATE_LIMIT_APPLY_PER_HOUR,
      searchPerMinute: v.RATE_LIMIT_SEARCH_PER_MINUTE,
      collectPerMinute: v.RATE_LIMIT_COLLECT_PER_MINUTE,
      bookingPerMinute: v.RATE_LIMIT_BOOKING_PER_MINUTE,
      mediaUploadsPerHour: v.RATE_LIMIT_MEDIA_UPLOADS_PER_HOUR,
      apiKeyPerMinute: v.RATE_LIMIT_API_KEY_PER_MINUTE,
      applyDailyMaxApplications: v.APPLY_DAILY_MAX_APPLICATIONS,
      applyDailyMaxResumeBytes: v.APPLY_DAILY_MAX_RESUME_MB * MB,
    },
    retention: Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, v[RETENTION_ENV[kind]]])) as RetentionPeriods,
    timings: {
      outboxLeaseMs: v.OUTBOX_LEASE_SECONDS * 1000,
      outboxFirstRetryMs: v.OUTBOX_FIRST_RETRY_SECONDS * 1000,
      codeResendIntervalSeconds: v.OTP_RESEND_MIN_INTERVAL_SECONDS,
      refusedBodyReadMs: v.REFUSED_BODY_READ_SECONDS * 1000,
      retentionPurgeIntervalMs: v.RETENTION_PURGE_INTERVAL_HOURS * 3600_000,
      contentSchedulePollMs: v.CONTENT_SCHEDULE_POLL_SECONDS * 1000,
      followUpReminderPollMs: v.FOLLOW_UP_REMINDER_POLL_SECONDS * 1000,
      analyticsFlushMs: v.ANALYTICS_FLUSH_SECONDS * 1000,
      busyFeedRefreshMs: v.BUSY_FEED_REFRESH_SECONDS * 1000,
    },
    bootstrap: { adminEmail: v.ADMIN_EMAIL, adminPassword: v.ADMIN_PASSWORD, adminName: v.ADMIN_NAME, seedDemo: v.SEED_DEMO ?? !isProduction },
    metrics: {
      listen: v.METRICS_PORT === undefined ? undefined : { port: v.METRICS_PORT, host: v.METRICS_HOST },
      token: v.METRICS_TOKEN,
    },
    backup: { passphrase: v.BACKUP_PASSPHRASE },
    pressure: {
      maxEventLoopDelayMs: v.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: v.PRESSURE_MAX_HEAP_MB * MB,
      maxRssBytes: v.PRESSURE_MAX_RSS_MB * MB,
    },
  };
}
