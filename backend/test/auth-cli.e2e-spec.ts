import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, type AuditEntry } from '@brightwave/common';
import { generateSync } from 'otplib';
import request from 'supertest';
import { runAdminCli } from '../src/cli/admin-cli';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { loginAsAdmin } from './support/admin-session';
import type { TestApp } from './support/test-app';

const BACKEND = path.resolve(__dirname, '..');
const SWC = path.resolve(BACKEND, '..', 'node_modules', '.bin', 'swc');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

describe('Admin CLI (npm run admin -- create|reset-password|disable|enable|remove-authenticator|remove-passkeys|list)', () => {
  let buildDir: string;
  let dataDir: string;
  const jwtSecret = randomBytes(32).toString('hex');

  beforeAll(() => {
    // The CLI runs as shipped: compiled by the project's build tool (swc), started with node, on a PGlite folder.
    // Under node_modules so the compiled files resolve the packages; drizzle/ beside dist/ as in the backend.
    buildDir = fs.mkdtempSync(path.join(BACKEND, 'node_modules', '.cache-admin-cli-test-'));
    execFileSync(SWC, ['src', '-d', path.join(buildDir, 'dist'), '--strip-leading-paths', '--ignore', '**/*.spec.ts'], {
      cwd: BACKEND,
      stdio: 'pipe',
    });
    fs.symlinkSync(path.join(BACKEND, 'drizzle'), path.join(buildDir, 'drizzle'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-cli-test-'));
  }, 120_000);
  afterAll(() => {
    fs.rmSync(buildDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const environment = (extra: Record<string, string>) => {
    // The server's own settings stay out: the CLI must work from what each test gives it.
    const { DATABASE_URL: _db, ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, SMTP_URL: _smtp, NODE_OPTIONS: _options, ...inherited } = process.env;
    return { ...inherited, NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: jwtSecret, ...extra };
  };

  /** The CLI as shipped: the compiled entry point started with node, as `npm run admin` does. */
  function shippedCli(args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [path.join(buildDir, 'dist', 'cli', 'admin-cli.js'), ...args],
        // npm runs the script inside backend/, as `npm run admin -w @brightwave/backend` does.
        { env: environment(extraEnv), cwd: BACKEND, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      // Not a terminal: the password can only come from ADMIN_PASSWORD, with --password-env.
      child.stdin?.end();
    });
  }

  /**
   * A command run in this process by runAdminCli, the function the entry point calls (each would otherwise start
   * Node, Nest and the database anew: seconds of CPU per command). What it prints, one line per call, and its exit code.
   */
  async function cli(args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
    const lines = { out: [] as string[], error: [] as string[] };
    const code = await runAdminCli(args, environment(extraEnv), { out: (line) => lines.out.push(line), error: (line) => lines.error.push(line) });
    const text = (printed: string[]) => printed.map((line) => `${line}\n`).join('');
    return { code, stdout: text(lines.out), stderr: text(lines.error) };
  }

  /** The server on the same folder, as `npm start` would run it (only one process may open PGlite at a time). */
  async function startServer(): Promise<TestApp> {
    const config = loadConfig({
      NODE_ENV: 'test',
      KEY_DERIVATION_COST: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      SEED_DEMO: 'false',
      SITE_DIST_DIR: 'none',
      ADMIN_DIST_DIR: 'none',
      API_DOCS: 'false',
      // As createTestApp sets it: on a loaded machine the start may hold the event loop for over a second, which would
      // count as overload and answer the next sign-in 503 (it did, twice, in npm test on 2026-11-30).
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    const app = await createApp(config);
    await app.getHttpAdapter().getInstance().ready();
    const outboxDir = path.join(dataDir, 'outbox');
    return {
      app,
      http: request(app.getHttpServer()),
      config,
      outbox: () =>
        fs.existsSync(outboxDir)
          ? fs
              .readdirSync(outboxDir)
              .sort()
              .map((file) => path.join(outboxDir, file))
          : [],
      close: () => app.close(),
    };
  }

  const ops = { email: 'ops@example.com', password: 'first-password-0001', name: 'Ops Person' };

  it('prints the usage with --help', async () => {
    const result = await shippedCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('create --email <email> --name <name>');
    expect(result.stdout).toContain('reset-password --email <email>');
  });

  it('as shipped, exits 1 with a message saying what to do and no stack trace when it refuses (no terminal for the password)', async () => {
    const result = await shippedCli(['create', '--email', 'new@example.com', '--name', 'New']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/run the command in a terminal, or pass --password-env/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('lists no admins on a new database and says how to create one', async () => {
    const result = await cli(['list']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('No admins yet. Create one with: npm run admin -- create');
  });

  it('creates an admin with the password of ADMIN_PASSWORD, e-mail lower-cased, and lists it', async () => {
    const created = await cli(['create', '--email', 'Ops@Example.com', '--name', ops.name, '--password-env'], { ADMIN_PASSWORD: ops.password });
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(created.stdout).toContain(`Created the admin ${ops.email} (${ops.name})`);
    const listed = await cli(['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${ops.email}\\t${ops.name}\\tcreated \\d{4}-\\d{2}-\\d{2}T`, 'm'));
  });

  it.each([
    [
      ['create', '--email', 'ops@example.com', '--name', 'Again', '--password-env'],
      { ADMIN_PASSWORD: 'another-password-01' },
      /already exists; use reset-password/,
    ],
    [['create', '--email', 'new@example.com', '--name', 'New', '--password-env'], { ADMIN_PASSWORD: 'short' }, /at least 12 characters/],
    [['create', '--email', 'not-an-email', '--name', 'New', '--password-env'], { ADMIN_PASSWORD: 'long-enough-password' }, /not a valid email address/],
    [['create', '--email', 'new@example.com', '--password-env'], { ADMIN_PASSWORD: 'long-enough-password' }, /Please give --name/],
    [['create', '--name', 'New', '--password-env'], { ADMIN_PASSWORD: 'long-enough-password' }, /Please give --email/],
    [['create', '--email', 'new@example.com', '--name', 'New'], {}, /run the command in a terminal, or pass --password-env/],
    [
      ['create', '--email', 'new@example.com', '--name', 'New'],
      { ADMIN_PASSWORD: 'long-enough-password' },
      /run the command in a terminal, or pass --password-env/,
    ],
    [['create', '--email', 'new@example.com', '--name', 'New', '--password-env'], {}, /ADMIN_PASSWORD, which is not set/],
    [
      ['reset-password', '--email', 'nobody@example.com', '--password-env'],
      { ADMIN_PASSWORD: 'long-enough-password' },
      /No admin has the email nobody@example.com/,
    ],
    [['delete', '--email', 'ops@example.com'], {}, /Unknown command "delete"/],
    [['list', '--emial', 'x'], {}, /run "npm run admin -- --help"/],
  ])('refuses %j with exit code 1 and a message saying what to do', async (args, env, message) => {
    const result = await cli(args, env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('changes nothing when it refuses: still one admin', async () => {
    const listed = await cli(['list']);
    expect(listed.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('reads a relative DATA_DIR from the folder npm was started in (INIT_CWD), as npm start does', async () => {
    const startedIn = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-cli-cwd-'));
    try {
      const result = await cli(['list'], { DATA_DIR: 'relative-data', INIT_CWD: startedIn });
      expect(result.code).toBe(0);
      expect(fs.existsSync(path.join(startedIn, 'relative-data', 'db'))).toBe(true);
      expect(fs.existsSync(path.join(BACKEND, 'relative-data'))).toBe(false);
    } finally {
      fs.rmSync(startedIn, { recursive: true, force: true });
    }
  });

  it('reset-password sets the new password and signs the admin out of open sessions', async () => {
    let server = await startServer();
    let token: string;
    try {
      token = await loginAsAdmin(server, ops);
      await server.http.get('/api/leads').set('Authorization', `Bearer ${token}`).expect(200);
    } finally {
      await server.close();
    }

    const newPassword = 'second-password-0002';
    const reset = await cli(['reset-password', '--email', 'OPS@example.com', '--password-env'], { ADMIN_PASSWORD: newPassword });
    expect(reset).toMatchObject({ code: 0, stderr: '' });
    expect(reset.stdout).toContain(`Set a new password for ${ops.email}`);

    server = await startServer();
    try {
      await server.http.get('/api/leads').set('Authorization', `Bearer ${token}`).expect(401);
      await server.http.post('/admin/login').send({ email: ops.email, password: ops.password }).expect(401);
      const newToken = await loginAsAdmin(server, { email: ops.email, password: newPassword });
      await server.http.get('/api/leads').set('Authorization', `Bearer ${newToken}`).expect(200);
    } finally {
      await server.close();
    }
  });

  it('disable refuses the last active owner; it signs another admin out and keeps them out until enable', async () => {
    const refused = await cli(['disable', '--email', ops.email]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(MESSAGES.lastOwner);

    const second = { email: 'second@example.com', password: 'second-admin-pass-01', name: 'Second Person' };
    expect((await cli(['create', '--email', second.email, '--name', second.name, '--password-env'], { ADMIN_PASSWORD: second.password })).code).toBe(0);
    let server = await startServer();
    let token: string;
    try {
      token = await loginAsAdmin(server, second);
    } finally {
      await server.close();
    }

    const disabled = await cli(['disable', '--email', 'Second@Example.com']);
    expect(disabled).toMatchObject({ code: 0, stderr: '' });
    expect(disabled.stdout).toContain(`Disabled ${second.email}: their sessions are signed out`);
    expect((await cli(['disable', '--email', second.email])).stdout).toContain(`${second.email} is already disabled; nothing was changed.`);
    expect((await cli(['list'])).stdout).toMatch(new RegExp(`^${second.email}\\t${second.name}\\tcreated \\S+\\tdisabled$`, 'm'));
    server = await startServer();
    try {
      await server.http.get('/api/admin/account').set('Authorization', `Bearer ${token}`).expect(401);
      const login = await server.http.post('/admin/login').send({ email: second.email, password: second.password }).expect(403);
      expect(login.body.message).toBe(MESSAGES.accountDisabled);
    } finally {
      await server.close();
    }

    expect((await cli(['enable', '--email', second.email])).stdout).toContain(`Enabled ${second.email}: they can sign in again.`);
    server = await startServer();
    try {
      await loginAsAdmin(server, second);
    } finally {
      await server.close();
    }
  });

  it('writes an audit entry for each command with the actor cli and the operating-system user, and none for list', async () => {
    expect((await cli(['purge'])).code).toBe(0);
    const server = await startServer();
    try {
      const token = await loginAsAdmin(server, { email: ops.email, password: 'second-password-0002' });
      const { entries } = (await server.http.get('/api/admin/audit?actor=cli').set('Authorization', `Bearer ${token}`).expect(200)).body as {
        entries: AuditEntry[];
      };
      const osUser = os.userInfo().username;
      expect(entries.map((entry) => [entry.action, entry.details.email ?? null])).toEqual([
        ['retention.purged', null],
        ['admin.updated', 'second@example.com'],
        ['admin.updated', 'second@example.com'],
        ['admin.created', 'second@example.com'],
        ['admin.password_reset', ops.email],
        ['admin.created', ops.email],
      ]);
      expect(entries.every((entry) => entry.actor === 'cli' && entry.adminId === null && entry.details.osUser === osUser && entry.address === null)).toBe(true);
      expect(entries[1]?.details).toMatchObject({ disabled: { from: true, to: false } });
      expect(entries[2]?.details).toMatchObject({ disabled: { from: false, to: true } });
    } finally {
      await server.close();
    }
  });

  it('refuses to open the embedded database while the server has it open', async () => {
    const server = await startServer();
    try {
      // Another process, as a second `npm run admin` beside `npm start` would be.
      const result = await shippedCli(['list']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('is open: stop the server first');
    } finally {
      await server.close();
    }
  });

  it('remove-authenticator turns off the authenticator app of an admin who lost it and their recovery codes: a mailed code again', async () => {
    const credentials = { email: ops.email, password: 'second-password-0002' };
    let server = await startServer();
    try {
      const auth = { Authorization: `Bearer ${await loginAsAdmin(server, credentials)}` };
      const { secret } = (await server.http.post('/api/admin/me/totp').set(auth).send({ password: credentials.password }).expect(201)).body as {
        secret: string;
      };
      await server.http
        .post('/api/admin/me/totp/confirm')
        .set(auth)
        .send({ code: generateSync({ secret }) })
        .expect(200);
      expect((await server.http.post('/admin/login').send(credentials).expect(200)).body.factors).toEqual(['authenticator', 'recovery-code']);
    } finally {
      await server.close();
    }

    const removed = await cli(['remove-authenticator', '--email', 'OPS@example.com']);
    expect(removed).toMatchObject({ code: 0, stderr: '' });
    expect(removed.stdout).toContain(`Turned off the authenticator app of ${ops.email} and its recovery codes`);
    expect((await cli(['remove-authenticator', '--email', ops.email])).stdout).toContain(`${ops.email} has no authenticator app; nothing was changed.`);
    expect((await cli(['remove-authenticator', '--email', 'nobody@example.com'])).code).toBe(1);
    // Passkeys (the suite of passkeys removes some through the same service): none here.
    expect((await cli(['remove-passkeys', '--email', 'OPS@example.com'])).stdout).toContain(`${ops.email} has no passkeys; nothing was changed.`);
    expect((await cli(['remove-passkeys', '--email', 'nobody@example.com'])).stderr).toContain('No admin has the email nobody@example.com');

    server = await startServer();
    try {
      // The mailed code signs in again; the removal is the command line's in the audit log.
      const token = await loginAsAdmin(server, credentials);
      const { entries } = (await server.http.get('/api/admin/audit?action=account.authenticator_removed').set('Authorization', `Bearer ${token}`).expect(200))
        .body as { entries: AuditEntry[] };
      expect(entries).toEqual([
        expect.objectContaining({ actor: 'cli', details: expect.objectContaining({ email: ops.email, osUser: os.userInfo().username }) }),
      ]);
    } finally {
      await server.close();
    }
  });
});
