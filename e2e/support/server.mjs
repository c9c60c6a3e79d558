// Starts the built backend for the Playwright run on a fresh data folder (development outbox) and a fresh database:
// one of its own on the machine's PostgreSQL when one answers on 127.0.0.1:5432 (as on the CI machines), else the
// embedded one (PGlite); E2E_DATABASE=pglite always takes the embedded one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(os.tmpdir(), `brightwave-e2e-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

/**
 * The URL of a new, empty database `bw_e2e_<port>` on the local PostgreSQL (dropped first when a run left it), or ''
 * when none answers. A browser test costs the server about 40 % less CPU there than on PGlite, which runs as
 * WebAssembly in the server's process, and the suites are CPU-bound on two cores.
 */
async function scratchPostgres() {
  if (process.env.E2E_DATABASE === 'pglite') return '';
  const serverUrl = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return '';
  }
  try {
    const name = `bw_e2e_${port}`;
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  } finally {
    await client.end();
  }
}
const databaseUrl = await scratchPostgres();

// The single sign-on suite's server (E2E_SSO=1) trusts a real OpenID provider started here, in this process, over https
// with a certificate of a private authority.
async function singleSignOn() {
  if (process.env.E2E_SSO !== '1') return {};
  const { startOidcProvider, SSO_CLIENT, SSO_PROVIDER_NAME } = await import('./oidc-provider.mjs');
  const { issuer, caFile } = await startOidcProvider({ publicUrl: `http://localhost:${port}`, dir: dataDir, roles: { 'new.recruiter@example.test': 'eng' } });
  return {
    // The provider's certificate authority is trusted by the backend through this alone.
    NODE_EXTRA_CA_CERTS: caFile,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: SSO_CLIENT.clientId,
    OIDC_CLIENT_SECRET: SSO_CLIENT.clientSecret,
    OIDC_PROVIDER_NAME: SSO_PROVIDER_NAME,
    OIDC_ALLOWED_DOMAINS: 'example.test',
    OIDC_ROLE_CLAIM: 'roles',
    OIDC_ROLE_MAP: 'eng=recruiter',
    OIDC_AUTO_CREATE: 'true',
  };
}
const ssoEnvironment = await singleSignOn();

const backendMain = fileURLToPath(new URL('../../backend/dist/main.js', import.meta.url));
const child = spawn(process.execPath, [backendMain], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    // Cheap password hashes (the suites sign in many times); production refuses it.
    KEY_DERIVATION_COST: 'test',
    PORT: String(port),
    // The relying party of passkeys: WebAuthn refuses an IP address, so localhost (admin/passkeys.spec.ts browses it).
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: '',
    REDIS_URL: '',
    ADMIN_EMAIL: 'admin@example.test',
    ADMIN_PASSWORD: 'e2e-admin-password-123',
    ADMIN_NAME: 'E2E Admin',
    SEED_DEMO: 'true',
    // Browser suites submit many forms and log in many times from one address.
    RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '1000',
    RATE_LIMIT_AUTH_PER_15_MIN: '1000',
    RATE_LIMIT_APPLY_PER_HOUR: '1000',
    // A code may be sent again after 5 s instead of 30: the resend test waits it out (admin/auth.spec.ts), holding
    // the sign-in lock every admin test takes.
    OTP_RESEND_MIN_INTERVAL_SECONDS: '5',
    // The site analytics are written every second instead of every 5 (admin/analytics.spec.ts reads them back).
    ANALYTICS_FLUSH_SECONDS: '1',
    // No overload shedding, as in the backend's test apps: nine servers and three browsers share two cores, and a
    // server held up by that for over a second would answer the next requests 503 for reasons of the machine's. The
    // shedding is tested by the backend's suites (readiness, static files).
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...ssoEnvironment,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
