import { required } from '@brightwave/common';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe(loadConfig.name, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-config-'));
  const base = { DATA_DIR: dataDir };

  it('defaults to port 3000, PGlite under DATA_DIR and a development secret kept in DATA_DIR', () => {
    const config = loadConfig(base);
    expect(config.server.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.storage.uploadsDir).toBe(path.join(dataDir, 'uploads'));
    expect(config.keys.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(base).keys.jwtSecret).toBe(config.keys.jwtSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ TRUST_PROXY: 'everyone' }, /TRUST_PROXY/],
    [{ CORS_ORIGINS: 'admin.example.com' }, /CORS_ORIGINS/],
    [{ ADMIN_EMAIL: 'a@example.com' }, /ADMIN_EMAIL and ADMIN_PASSWORD/],
    [{ ADMIN_EMAIL: '"a,b"@example.com', ADMIN_PASSWORD: 'long-enough-password' }, /ADMIN_EMAIL must be an email address/],
    [{ ADMIN_EMAIL: 'Boss <boss@example.com>', ADMIN_PASSWORD: 'long-enough-password' }, /ADMIN_EMAIL must be an email address/],
    [{ NOTIFY_TO: 'staff@example.com,"a@b"@example.com' }, /NOTIFY_TO/],
    [{ NOTIFY_TO: 'team:staff@example.com;' }, /NOTIFY_TO/],
    [{ DATA_KEY: 'too-short' }, /DATA_KEY must be at least 32 bytes/],
    [{ OUTBOX_LEASE_SECONDS: '1' }, /OUTBOX_LEASE_SECONDS/],
    [{ OUTBOX_FIRST_RETRY_SECONDS: '0' }, /OUTBOX_FIRST_RETRY_SECONDS/],
    [{ OTP_RESEND_MIN_INTERVAL_SECONDS: 'soon' }, /OTP_RESEND_MIN_INTERVAL_SECONDS/],
    [{ RETENTION_PURGE_INTERVAL_HOURS: '0' }, /RETENTION_PURGE_INTERVAL_HOURS/],
  ])('stops on a bad value %p, naming it', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(name);
  });

  it('keeps the production timings unless told otherwise: a 60 s outbox lease, a first retry after 15 s, a code resend after 30 s, a refused body read for 10 s, a daily purge, analytics written every 5 s, a busy calendar read every 5 minutes', () => {
    expect(loadConfig(base).timings).toEqual({
      outboxLeaseMs: 60_000,
      outboxFirstRetryMs: 15_000,
      codeResendIntervalSeconds: 30,
      refusedBodyReadMs: 10_000,
      retentionPurgeIntervalMs: 24 * 3600_000,
      contentSchedulePollMs: 10_000,
      followUpReminderPollMs: 30_000,
      analyticsFlushMs: 5000,
      busyFeedRefreshMs: 300_000,
    });
    const short = {
      OUTBOX_LEASE_SECONDS: '3',
      OUTBOX_FIRST_RETRY_SECONDS: '1',
      OTP_RESEND_MIN_INTERVAL_SECONDS: '2',
      REFUSED_BODY_READ_SECONDS: '1',
      RETENTION_PURGE_INTERVAL_HOURS: '1',
      CONTENT_SCHEDULE_POLL_SECONDS: '1',
      FOLLOW_UP_REMINDER_POLL_SECONDS: '2',
      ANALYTICS_FLUSH_SECONDS: '1',
      BUSY_FEED_REFRESH_SECONDS: '2',
    };
    expect(loadConfig({ ...base, ...short }).timings).toEqual({
      outboxLeaseMs: 3000,
      outboxFirstRetryMs: 1000,
      codeResendIntervalSeconds: 2,
      refusedBodyReadMs: 1000,
      retentionPurgeIntervalMs: 3600_000,
      contentSchedulePollMs: 1000,
      followUpReminderPollMs: 2000,
      analyticsFlushMs: 1000,
      busyFeedRefreshMs: 2000,
    });
  });

  it('hashes passwords and backup keys at the standard cost unless told test, which production refuses', () => {
    const production = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).keys.derivationCost).toBe('standard');
    expect(loadConfig({ ...base, KEY_DERIVATION_COST: 'test' }).keys.derivationCost).toBe('test');
    expect(() => loadConfig({ ...production, KEY_DERIVATION_COST: 'test' })).toThrow('KEY_DERIVATION_COST=test is for the test suites');
    expect(() => loadConfig({ ...base, KEY_DERIVATION_COST: 'cheap' })).toThrow('KEY_DERIVATION_COST must be standard or test (got "cheap")');
  });

  it('requires JWT_SECRET and SMTP_URL in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toThrow(/JWT_SECRET/);
    const config = loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', JWT_SECRET: 'x'.repeat(32) });
    expect(config.server.apiDocs).toBe(false);
  });

  it('seeds demo content by default in development only', () => {
    const production = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).bootstrap.seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).bootstrap.seedDemo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).bootstrap.seedDemo).toBe(true);
  });

  it('derives a separate key for each use of JWT_SECRET', () => {
    const { keys } = loadConfig({ ...base, JWT_SECRET: 'y'.repeat(40) });
    expect(keys.jwtSigning).toHaveLength(32);
    expect(keys.jwtSigning.equals(keys.loginCodeHash)).toBe(false);
    expect(keys.jwtSigning.equals(Buffer.from(keys.jwtSecret))).toBe(false);
    expect(loadConfig({ ...base, JWT_SECRET: 'y'.repeat(40) }).keys.loginCodeHash.equals(keys.loginCodeHash)).toBe(true);
  });

  it('derives the key of webhook secrets at rest from DATA_KEY when set, so it survives a new JWT_SECRET', () => {
    const fromJwt = loadConfig({ ...base, JWT_SECRET: 'y'.repeat(40) });
    expect(fromJwt.keys.dataKeySource).toBe('JWT_SECRET');
    expect(fromJwt.keys.webhookSecrets).toHaveLength(1);
    expect(fromJwt.keys.webhookSecrets[0].equals(loadConfig({ ...base, JWT_SECRET: 'z'.repeat(40) }).keys.webhookSecrets[0])).toBe(false);
    const withDataKey = loadConfig({ ...base, JWT_SECRET: 'y'.repeat(40), DATA_KEY: 'd'.repeat(40) });
    expect(withDataKey.keys.dataKeySource).toBe('DATA_KEY');
    // The key from JWT_SECRET comes second: it opens what was stored before DATA_KEY was set.
    expect(required(withDataKey.keys.webhookSecrets[1], 'the key from JWT_SECRET').equals(fromJwt.keys.webhookSecrets[0])).toBe(true);
    const rotated = loadConfig({ ...base, JWT_SECRET: 'z'.repeat(40), DATA_KEY: 'd'.repeat(40) });
    expect(rotated.keys.webhookSecrets[0].equals(withDataKey.keys.webhookSecrets[0])).toBe(true);
    expect(rotated.keys.webhookSecrets[0].equals(rotated.keys.jwtSigning)).toBe(false);
  });

  it("derives the busy calendar addresses' key apart from the other stored secrets', also from DATA_KEY when set", () => {
    const withDataKey = loadConfig({ ...base, JWT_SECRET: 'y'.repeat(40), DATA_KEY: 'd'.repeat(40) });
    const [busyCalendarKey] = withDataKey.keys.busyCalendarUrls;
    expect(busyCalendarKey.equals(withDataKey.keys.webhookSecrets[0]) || busyCalendarKey.equals(withDataKey.keys.chatUrls[0])).toBe(false);
    expect(withDataKey.keys.busyCalendarUrls).toHaveLength(2);
    const rotated = loadConfig({ ...base, JWT_SECRET: 'z'.repeat(40), DATA_KEY: 'd'.repeat(40) });
    expect(rotated.keys.busyCalendarUrls[0].equals(busyCalendarKey)).toBe(true);
  });

  it("derives the authenticator secrets' and the recovery codes' keys apart from every other, also from DATA_KEY when set", () => {
    const withDataKey = loadConfig({ ...base, JWT_SECRET: 'y'.repeat(40), DATA_KEY: 'd'.repeat(40) });
    const { authenticatorSecrets, recoveryCodeHash, webhookSecrets, chatUrls, busyCalendarUrls } = withDataKey.keys;
    const others = [webhookSecrets[0], chatUrls[0], busyCalendarUrls[0]];
    expect(others.some((key) => key.equals(authenticatorSecrets[0]) || key.equals(recoveryCodeHash[0]))).toBe(false);
    expect(authenticatorSecrets[0].equals(recoveryCodeHash[0])).toBe(false);
    // The key from JWT_SECRET comes second: it still opens the secrets and checks the codes made before DATA_KEY was set.
    const fromJwt = loadConfig({ ...base, JWT_SECRET: 'y'.repeat(40) }).keys;
    expect(required(authenticatorSecrets[1], 'the earlier key').equals(fromJwt.authenticatorSecrets[0])).toBe(true);
    expect(required(recoveryCodeHash[1], 'the earlier key').equals(fromJwt.recoveryCodeHash[0])).toBe(true);
    const rotated = loadConfig({ ...base, JWT_SECRET: 'z'.repeat(40), DATA_KEY: 'd'.repeat(40) }).keys;
    expect(rotated.authenticatorSecrets[0].equals(authenticatorSecrets[0]) && rotated.recoveryCodeHash[0].equals(recoveryCodeHash[0])).toBe(true);
  });

  it('reads proxy trust as a flag, a hop count or addresses', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).server.trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).server.trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).server.trustProxy).toBe('127.0.0.1,10.0.0.0/8');
    expect(loadConfig(base).server.trustProxy).toBe(false);
  });

  it('puts each variable in its concern, sizes in bytes and periods in milliseconds', () => {
    const MB = 1024 * 1024;
    const env = {
      ...base,
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      PORT: '4000',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://www.example.com/',
      CORS_ORIGINS: 'https://admin.example.com',
      API_DOCS: 'false',
      SITE_DIST_DIR: 'none',
      DATABASE_URL: 'postgres://db.example.com/brightwave',
      REDIS_URL: 'redis://redis:6379',
      UPLOADS_DIR: path.join(dataDir, 'resumes'),
      UPLOADS_MIN_FREE_MB: '5',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Us <us@example.com>',
      NOTIFY_TO: 'a@example.com, b@example.com',
      SEND_CONFIRMATIONS: 'false',
      ALLOW_HTTP_WEBHOOKS: 'true',
      ALLOW_PRIVATE_WEBHOOKS: 'yes',
      FORM_MIN_FILL_SECONDS: '7',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '11',
      RATE_LIMIT_AUTH_PER_15_MIN: '12',
      RATE_LIMIT_APPLY_PER_HOUR: '13',
      APPLY_DAILY_MAX_APPLICATIONS: '14',
      APPLY_DAILY_MAX_RESUME_MB: '15',
      RETENTION_LEADS_DAYS: '16',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'long-enough-password',
      ADMIN_NAME: 'Owner',
      SEED_DEMO: 'true',
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.0.1',
      METRICS_TOKEN: 't'.repeat(16),
      BACKUP_PASSPHRASE: 'p'.repeat(16),
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '17',
      PRESSURE_MAX_HEAP_MB: '18',
      PRESSURE_MAX_RSS_MB: '19',
    };
    expect(loadConfig(env)).toMatchObject({
      nodeEnv: 'test',
      isProduction: false,
      logLevel: 'debug',
      server: {
        port: 4000,
        host: '127.0.0.1',
        publicUrl: 'https://www.example.com',
        trustProxy: false,
        corsOrigins: ['https://admin.example.com'],
        apiDocs: false,
      },
      apps: { siteDistDir: undefined },
      database: { url: 'postgres://db.example.com/brightwave' },
      redis: { url: 'redis://redis:6379' },
      storage: { dataDir, uploadsDir: path.join(dataDir, 'resumes'), resumeBucket: undefined, uploadsMinFreeBytes: 5 * MB },
      mail: { smtpUrl: 'smtp://mail:25', from: 'Us <us@example.com>', notifyTo: ['a@example.com', 'b@example.com'], sendConfirmations: false },
      webhooks: { allowHttp: true, allowPrivate: true },
      spam: { formMinFillMs: 7000 },
      limits: { publicPerMinute: 11, authPer15Min: 12, applyPerHour: 13, applyDailyMaxApplications: 14, applyDailyMaxResumeBytes: 15 * MB },
      retention: { leads: 16, contacts: 730 },
      bootstrap: { adminEmail: 'owner@example.com', adminPassword: 'long-enough-password', adminName: 'Owner', seedDemo: true },
      metrics: { listen: { port: 9464, host: '10.0.0.1' }, token: 't'.repeat(16) },
      backup: { passphrase: 'p'.repeat(16) },
      pressure: { maxEventLoopDelayMs: 17, maxHeapUsedBytes: 18 * MB, maxRssBytes: 19 * MB },
    });
  });
});
