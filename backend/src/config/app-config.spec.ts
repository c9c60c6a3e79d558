import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe(loadConfig.name, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-config-'));
  const base = { DATA_DIR: dataDir };

  it('defaults to port 3000, PGlite under DATA_DIR and a development secret kept in DATA_DIR', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.uploadsDir).toBe(path.join(dataDir, 'uploads'));
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(base).jwtSecret).toBe(config.jwtSecret);
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
  ])('stops on a bad value %p, naming it', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(name);
  });

  it('requires JWT_SECRET and SMTP_URL in production', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toThrow(/JWT_SECRET/);
    const config = loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', JWT_SECRET: 'x'.repeat(32) });
    expect(config.apiDocs).toBe(false);
  });

  it('seeds demo content by default in development only', () => {
    const production = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).seedDemo).toBe(true);
  });

  it('derives a separate key for each use of JWT_SECRET', () => {
    const { keys, jwtSecret } = loadConfig({ ...base, JWT_SECRET: 'y'.repeat(40) });
    expect(keys.jwtSigning).toHaveLength(32);
    expect(keys.jwtSigning.equals(keys.loginCodeHash)).toBe(false);
    expect(keys.jwtSigning.equals(Buffer.from(jwtSecret))).toBe(false);
    expect(loadConfig({ ...base, JWT_SECRET: 'y'.repeat(40) }).keys.loginCodeHash.equals(keys.loginCodeHash)).toBe(true);
  });

  it('derives the key of webhook secrets at rest from DATA_KEY when set, so it survives a new JWT_SECRET', () => {
    const fromJwt = loadConfig({ ...base, JWT_SECRET: 'y'.repeat(40) });
    expect(fromJwt.dataKeySource).toBe('JWT_SECRET');
    expect(fromJwt.keys.webhookSecrets).toHaveLength(1);
    expect(fromJwt.keys.webhookSecrets[0].equals(loadConfig({ ...base, JWT_SECRET: 'z'.repeat(40) }).keys.webhookSecrets[0])).toBe(false);
    const withDataKey = loadConfig({ ...base, JWT_SECRET: 'y'.repeat(40), DATA_KEY: 'd'.repeat(40) });
    expect(withDataKey.dataKeySource).toBe('DATA_KEY');
    // The key from JWT_SECRET comes second: it opens what was stored before DATA_KEY was set.
    expect(withDataKey.keys.webhookSecrets[1].equals(fromJwt.keys.webhookSecrets[0])).toBe(true);
    const rotated = loadConfig({ ...base, JWT_SECRET: 'z'.repeat(40), DATA_KEY: 'd'.repeat(40) });
    expect(rotated.keys.webhookSecrets[0].equals(withDataKey.keys.webhookSecrets[0])).toBe(true);
    expect(rotated.keys.webhookSecrets[0].equals(rotated.keys.jwtSigning)).toBe(false);
  });

  it('reads proxy trust as a flag, a hop count or addresses', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8');
    expect(loadConfig(base).trustProxy).toBe(false);
  });
});
