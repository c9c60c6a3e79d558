import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  APPLY_DAILY_MAX_APPLICATIONS,
  APPLY_DAILY_MAX_RESUME_MB,
  APPLY_LIMIT_PER_HOUR,
  PUBLIC_FORM_LIMIT_PER_MINUTE,
  RETENTION_DEFAULT_DAYS,
  RETENTION_ENV,
  RETENTION_KINDS,
  type RetentionPeriods,
  SPAM_MIN_FILL_SECONDS,
  UPLOADS_MIN_FREE_MB,
} from '@brightwave/common';
import { isDeliverableAddress } from '../common/email-address';
import { BACKUP_PASSPHRASE_MIN_LENGTH, METRICS_TOKEN_MIN_LENGTH, PRESSURE_MAX_EVENT_LOOP_DELAY_MS } from './operations';

export const APP_CONFIG = Symbol('APP_CONFIG');

export type NodeEnv = 'development' | 'production' | 'test';

/** Environment parsed and validated once at start; a bad value stops the process with its name. */
export interface AppConfig {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  /** Resumes in an S3-compatible bucket (STORAGE_URL); undefined = files under `uploadsDir`. */
  resumeBucket: ResumeBucketConfig | undefined;
  databaseUrl: string | undefined;
  jwtSecret: string;
  /** Keys derived from JWT_SECRET, one per use, so that no output of one use can help against another. */
  keys: {
    jwtSigning: Buffer;
    loginCodeHash: Buffer;
    formToken: Buffer;
    privacyEmailHash: Buffer;
    /**
     * Of webhook signing secrets at rest: the key everything is encrypted with first (from DATA_KEY when set, else
     * JWT_SECRET), then, with DATA_KEY, the one from JWT_SECRET, which still opens what was stored before DATA_KEY.
     */
    webhookSecrets: readonly Buffer[];
  };
  /**
   * What the current key of data stored encrypted (webhook signing secrets) derives from: DATA_KEY when set, else
   * JWT_SECRET (then changing JWT_SECRET makes those secrets unreadable).
   */
  dataKeySource: 'DATA_KEY' | 'JWT_SECRET';
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Staff who get a notification of every submission (comma-separated in NOTIFY_TO); empty = nobody. */
  notifyTo: string[];
  /** Where the product is reached, for links in mails (the admin app at PUBLIC_URL/admin/…). */
  publicUrl: string;
  /** Whether visitors get a confirmation of their quote request, message or application. */
  sendConfirmations: boolean;
  /** Webhook endpoints may be plain http:// (ALLOW_HTTP_WEBHOOKS); otherwise https:// only. */
  allowHttpWebhooks: boolean;
  /** Webhooks may call loopback, private and link-local addresses (ALLOW_PRIVATE_WEBHOOKS; for tests). */
  allowPrivateWebhooks: boolean;
  /** A public form sent sooner than this after its form token was issued is suspected spam (0: no time check). */
  formMinFillMs: number;
  redisUrl: string | undefined;
  corsOrigins: string[];
  /** Fastify `trustProxy`: false, true, a hop count or a list of addresses. */
  trustProxy: boolean | number | string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  adminName: string;
  seedDemo: boolean;
  apiDocs: boolean;
  /** Folders of the built site and admin app, served on the API's port; undefined = not served. */
  siteDistDir: string | undefined;
  adminDistDir: string | undefined;
  /** The site's server entry and template (site/dist-ssr): GET /portfolio is rendered with the current projects. */
  siteSsrDir: string | undefined;
  rateLimitPublicPerMinute: number;
  rateLimitAuthPer15Min: number;
  rateLimitApplyPerHour: number;
  /** Caps over a rolling 24 hours for all visitors together; beyond them applications answer 503. */
  applyDailyMaxApplications: number;
  applyDailyMaxResumeBytes: number;
  /** Applications are refused while the uploads' file system has less free space. */
  uploadsMinFreeBytes: number;
  /** Days each kind of personal data is kept (RETENTION_*_DAYS); the daily purge removes what is older. */
  retention: RetentionPeriods;
  /** GET /metrics on a listener of its own (METRICS_PORT, METRICS_HOST); undefined = none. */
  metricsListen: { port: number; host: string } | undefined;
  /** GET /metrics on the main port for `Authorization: Bearer <METRICS_TOKEN>`; undefined = not served there. */
  metricsToken: string | undefined;
  /** `npm run backup` encrypts the archive with it, `npm run restore` decrypts (BACKUP_PASSPHRASE); undefined = plain. */
  backupPassphrase: string | undefined;
  /** Beyond any of these requests are answered 503 with Retry-After (0 = not checked); see operations.ts. */
  pressure: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number; maxRssBytes: number };
  logLevel: string;
}

/** Where STORAGE_URL puts resumes; credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID, …). */
export interface ResumeBucketConfig {
  bucket: string;
  /** An S3-compatible server (MinIO, Ceph, …), addressed path-style; undefined = Amazon S3 itself. */
  endpoint: string | undefined;
  /** Undefined = the SDK's default chain (AWS_REGION, the profile). */
  region: string | undefined;
  /** The product's objects are `<prefix><uuid>` (`?prefix=`, default `resumes/`); nothing else in the bucket is touched. */
  prefix: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function readString(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = readString(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = readString(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function readTrustProxy(env: Env): boolean | number | string {
  const raw = readString(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  // A comma-separated list of proxy addresses or CIDR ranges.
  if (/^[0-9a-fA-F:.,/\s]+$/.test(raw)) return raw;
  throw new ConfigError(`TRUST_PROXY must be false, true, a hop count or a list of proxy addresses (got "${raw}")`);
}

function readUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = readString(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(', ')})`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

const STORAGE_URL_FORMAT = 's3://bucket?endpoint=https://host:port&region=name&prefix=resumes/';
// Amazon's rules for bucket names (3 to 63 characters), which S3-compatible servers follow.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_NAME = /^[a-z0-9-]{1,32}$/;
const DEFAULT_RESUME_KEY_PREFIX = 'resumes/';
// Folder names of characters S3 keys carry unescaped everywhere; never empty: the bucket may hold others' objects.
const KEY_PREFIX = /^([A-Za-z0-9][A-Za-z0-9._-]*\/){1,8}$/;

function readStorageUrl(env: Env): ResumeBucketConfig | undefined {
  const raw = readString(env, 'STORAGE_URL');
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`STORAGE_URL must look like ${STORAGE_URL_FORMAT}`);
  }
  if (url.protocol !== 's3:') throw new ConfigError(`STORAGE_URL must start with s3:// (${STORAGE_URL_FORMAT})`);
  // Never echoed: the value may hold a secret.
  if (url.username || url.password) {
    throw new ConfigError('STORAGE_URL must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  if (url.port || (url.pathname !== '' && url.pathname !== '/')) {
    throw new ConfigError(`STORAGE_URL names only the bucket; the server goes in ?endpoint= (${STORAGE_URL_FORMAT})`);
  }
  if (!BUCKET_NAME.test(url.hostname)) {
    throw new ConfigError(`STORAGE_URL's bucket must be 3 to 63 lowercase letters, digits, dots or hyphens (got "${url.hostname}")`);
  }
  for (const name of url.searchParams.keys()) {
    if (name !== 'endpoint' && name !== 'region' && name !== 'prefix') {
      throw new ConfigError(`STORAGE_URL has an unknown parameter "${name}" (endpoint, region, prefix)`);
    }
  }
  const rawPrefix = url.searchParams.get('prefix') ?? DEFAULT_RESUME_KEY_PREFIX;
  const prefix = rawPrefix.endsWith('/') ? rawPrefix : `${rawPrefix}/`;
  if (prefix.length > 200 || !KEY_PREFIX.test(prefix)) {
    throw new ConfigError(
      `STORAGE_URL's prefix must be one or more folder names of letters, digits, dots, hyphens or underscores, like resumes/ (got "${rawPrefix}")`,
    );
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:$/.test(URL.parse(endpoint)?.protocol ?? '')) {
    throw new ConfigError(`STORAGE_URL's endpoint must be an http:// or https:// URL (got "${endpoint}")`);
  }
  const region = url.searchParams.get('region') ?? undefined;
  if (region !== undefined && !REGION_NAME.test(region)) {
    throw new ConfigError(`STORAGE_URL's region must be a name like eu-west-1 (got "${region}")`);
  }
  return {
    bucket: url.hostname,
    endpoint,
    // S3-compatible servers sign with a region too but rarely care which: theirs is us-east-1 unless configured.
    region: region ?? (endpoint !== undefined && !readString(env, 'AWS_REGION') ? 'us-east-1' : undefined),
    prefix,
  };
}

function optionalDir(env: Env, name: string, fallback: string): string | undefined {
  const raw = readString(env, name);
  if (raw === 'none') return undefined;
  const dir = path.resolve(raw ?? fallback);
  return fs.existsSync(dir) ? dir : undefined;
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

const MB = 1024 * 1024;

function readMetricsListen(env: Env): AppConfig['metricsListen'] {
  if (readString(env, 'METRICS_PORT') === undefined) return undefined;
  // 0 = any free port (the tests).
  return { port: readInt(env, 'METRICS_PORT', 0, 0, 65535), host: readString(env, 'METRICS_HOST') ?? '127.0.0.1' };
}

function readMetricsToken(env: Env): string | undefined {
  const token = readString(env, 'METRICS_TOKEN');
  if (token !== undefined && token.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long`);
  }
  return token;
}

/** A backup passphrase (BACKUP_PASSPHRASE, or the backup command's --passphrase-file) long enough to resist guessing. */
export function checkBackupPassphrase(passphrase: string, source: string): string {
  if (passphrase.length < BACKUP_PASSPHRASE_MIN_LENGTH) {
    throw new ConfigError(`${source} must be at least ${BACKUP_PASSPHRASE_MIN_LENGTH} characters long`);
  }
  return passphrase;
}

function readBackupPassphrase(env: Env): string | undefined {
  const passphrase = readString(env, 'BACKUP_PASSPHRASE');
  return passphrase === undefined ? undefined : checkBackupPassphrase(passphrase, 'BACKUP_PASSPHRASE');
}

/** HKDF-SHA256 of the secret for one named use. */
function derivedKey(secret: string, use: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'brightwave', use, 32));
}
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnvRaw = readString(env, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(`NODE_ENV must be development, production or test (got "${nodeEnvRaw}")`);
  }
  const nodeEnv = nodeEnvRaw as NodeEnv;
  const isProduction = nodeEnv === 'production';
  const dataDir = path.resolve(readString(env, 'DATA_DIR') ?? './data');

  const smtpUrl = readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  if (isProduction && !smtpUrl) {
    throw new ConfigError('SMTP_URL is required in production: admin login codes are sent by e-mail');
  }

  let jwtSecret = readString(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && Buffer.byteLength(jwtSecret) < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 bytes long');
  }
  if (jwtSecret === undefined) {
    if (isProduction) throw new ConfigError('JWT_SECRET is required in production (at least 32 bytes)');
    jwtSecret = developmentJwtSecret(dataDir);
  }
  const dataKey = readString(env, 'DATA_KEY');
  if (dataKey !== undefined && Buffer.byteLength(dataKey) < 32) {
    throw new ConfigError('DATA_KEY must be at least 32 bytes long');
  }

  const adminEmail = readString(env, 'ADMIN_EMAIL');
  const adminPassword = readString(env, 'ADMIN_PASSWORD');
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (adminEmail !== undefined && !isDeliverableAddress(adminEmail.toLowerCase())) {
    throw new ConfigError(`ADMIN_EMAIL must be an email address, one plain mailbox without name or quotes (got "${adminEmail}")`);
  }
  if (adminPassword !== undefined && adminPassword.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new ConfigError(`ADMIN_PASSWORD must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long`);
  }

  const notifyTo = (readString(env, 'NOTIFY_TO') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  for (const address of notifyTo) {
    if (!isDeliverableAddress(address)) throw new ConfigError(`NOTIFY_TO must list plain e-mail addresses, separated by commas (got "${address}")`);
  }
  const port = readInt(env, 'PORT', 3000, 0, 65535);
  const publicUrl = (readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const corsOrigins = (readString(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      throw new ConfigError(`CORS_ORIGINS must list origins like https://admin.example.com (got "${origin}")`);
    }
  }

  return {
    nodeEnv,
    isProduction,
    port,
    host: readString(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    uploadsDir: path.resolve(readString(env, 'UPLOADS_DIR') ?? path.join(dataDir, 'uploads')),
    resumeBucket: readStorageUrl(env),
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    jwtSecret,
    keys: {
      jwtSigning: derivedKey(jwtSecret, 'jwt-signing'),
      loginCodeHash: derivedKey(jwtSecret, 'login-code-hash'),
      formToken: derivedKey(jwtSecret, 'form-token'),
      privacyEmailHash: derivedKey(jwtSecret, 'privacy-email-hash'),
      webhookSecrets: [derivedKey(dataKey ?? jwtSecret, 'webhook-secret'), ...(dataKey === undefined ? [] : [derivedKey(jwtSecret, 'webhook-secret')])],
    },
    dataKeySource: dataKey === undefined ? 'JWT_SECRET' : 'DATA_KEY',
    smtpUrl,
    mailFrom: readString(env, 'MAIL_FROM') ?? 'Brightwave Technologies <no-reply@brightwave.example>',
    notifyTo,
    publicUrl,
    sendConfirmations: readBool(env, 'SEND_CONFIRMATIONS', true),
    allowHttpWebhooks: readBool(env, 'ALLOW_HTTP_WEBHOOKS', false),
    allowPrivateWebhooks: readBool(env, 'ALLOW_PRIVATE_WEBHOOKS', false),
    formMinFillMs: readInt(env, 'FORM_MIN_FILL_SECONDS', SPAM_MIN_FILL_SECONDS, 0, 600) * 1000,
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    corsOrigins,
    trustProxy: readTrustProxy(env),
    adminEmail,
    adminPassword,
    adminName: readString(env, 'ADMIN_NAME') ?? 'Administrator',
    // Demo jobs and projects on a company's live site would be taken for real ones.
    seedDemo: readBool(env, 'SEED_DEMO', !isProduction),
    apiDocs: readBool(env, 'API_DOCS', !isProduction),
    siteDistDir: optionalDir(env, 'SITE_DIST_DIR', path.join(REPO_ROOT, 'site', 'dist')),
    adminDistDir: optionalDir(env, 'ADMIN_DIST_DIR', path.join(REPO_ROOT, 'admin', 'dist')),
    siteSsrDir: optionalDir(env, 'SITE_SSR_DIR', path.join(REPO_ROOT, 'site', 'dist-ssr')),
    rateLimitPublicPerMinute: readInt(env, 'RATE_LIMIT_PUBLIC_PER_MINUTE', PUBLIC_FORM_LIMIT_PER_MINUTE, 1, 1_000_000),
    rateLimitAuthPer15Min: readInt(env, 'RATE_LIMIT_AUTH_PER_15_MIN', 20, 1, 1_000_000),
    rateLimitApplyPerHour: readInt(env, 'RATE_LIMIT_APPLY_PER_HOUR', APPLY_LIMIT_PER_HOUR, 1, 1_000_000),
    applyDailyMaxApplications: readInt(env, 'APPLY_DAILY_MAX_APPLICATIONS', APPLY_DAILY_MAX_APPLICATIONS, 1, 10_000_000),
    applyDailyMaxResumeBytes: readInt(env, 'APPLY_DAILY_MAX_RESUME_MB', APPLY_DAILY_MAX_RESUME_MB, 1, 10_000_000) * MB,
    uploadsMinFreeBytes: readInt(env, 'UPLOADS_MIN_FREE_MB', UPLOADS_MIN_FREE_MB, 0, 100_000_000) * MB,
    retention: Object.fromEntries(
      RETENTION_KINDS.map((kind) => [kind, readInt(env, RETENTION_ENV[kind], RETENTION_DEFAULT_DAYS[kind], 1, 36_500)]),
    ) as RetentionPeriods,
    metricsListen: readMetricsListen(env),
    metricsToken: readMetricsToken(env),
    backupPassphrase: readBackupPassphrase(env),
    pressure: {
      maxEventLoopDelayMs: readInt(env, 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS', PRESSURE_MAX_EVENT_LOOP_DELAY_MS, 0, 600_000),
      // Off by default: V8 keeps garbage until a full collection (README, "Memory"), so heap and RSS overstate the load.
      maxHeapUsedBytes: readInt(env, 'PRESSURE_MAX_HEAP_MB', 0, 0, 1_000_000) * MB,
      maxRssBytes: readInt(env, 'PRESSURE_MAX_RSS_MB', 0, 0, 1_000_000) * MB,
    },
    logLevel: readString(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
  };
}
