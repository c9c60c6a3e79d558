import { required } from '@brightwave/common';
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { outboxMails, pollUntil } from '@brightwave/testing';
import { Client } from 'pg';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { startBuiltServer, waitUntilHealthy } from './support/built-server';
import { freePort } from './support/free-port';

// The built server and commands as `npm start`, `npm run backup` and `npm run restore` run them, each a process of
// its own started with the test runner's umask (022): what they write must be private whatever the umask.
const DIST = path.resolve(__dirname, '..', 'dist');
const backupCli = path.join(DIST, 'cli', 'backup-cli.js');
const AS_NOBODY = ['--reuid=nobody', '--regid=nogroup', '--clear-groups'];
const asRoot = process.getuid?.() === 0;
const itAsRoot = asRoot ? it : it.skip;

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

/** What `find DIR -perm /077` lists: every file or folder the group or other users have any permission on. */
const openToOthers = (dir: string) => execFileSync('find', [dir, '-perm', '/077'], { encoding: 'utf8' }).split('\n').filter(Boolean);

const everyEntry = (dir: string) => execFileSync('find', [dir], { encoding: 'utf8' }).split('\n').filter(Boolean);

/**
 * The entries among `paths` that the user `nobody` can read (a file's bytes, a folder's listing), tried by one
 * process running as nobody.
 */
function readableByNobody(paths: string[]): string[] {
  const probe = `
    const fs = require('node:fs');
    const readable = [];
    for (const entry of JSON.parse(fs.readFileSync(0, 'utf8'))) {
      try {
        if (fs.lstatSync(entry).isDirectory()) fs.readdirSync(entry); else fs.readFileSync(entry);
        readable.push(entry);
      } catch {}
    }
    process.stdout.write(JSON.stringify(readable));`;
  const result = spawnSync('setpriv', [...AS_NOBODY, process.execPath, '-e', probe], { input: JSON.stringify(paths), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the probe as nobody failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as string[];
}

function runBackupCli(args: string[], dataDir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [backupCli, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', STORAGE_URL: '', UPLOADS_DIR: '' },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const post = (base: string, route: string, body: unknown) =>
  fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * A contact message and an application with a resume (a demo job's), then the staff's notification of each written
 * to the outbox: so that the outbox and the uploads hold files, and the database rows.
 */
async function submitThroughTheSite(base: string, dataDir: string): Promise<void> {
  const contact = await post(base, '/api/contacts', { name: 'Private Person', email: 'private@example.com', department: 'sales', message: 'Hello' });
  expect(contact.status).toBe(201);
  const { jobs } = (await (await fetch(`${base}/api/jobs`)).json()) as { jobs: { _id: string }[] };
  const application = await post(base, '/api/jobs/apply', {
    job: required(jobs[0], 'a job')._id,
    fullName: 'Private Applicant',
    email: 'applicant@example.com',
    phone: '+15550100',
    experience: '2 years',
    resume: dataUrl(samplePdf()),
    isResumeBase64: true,
  });
  expect(application.status).toBe(201);
  await pollUntil(() => outboxMails(path.join(dataDir, 'outbox')).length >= 2, { what: 'the two notifications in the outbox' });
}

/** What the submissions wrote, besides the database: the outbox's mails, the resume, the development secret. */
function expectOutboxUploadsAndSecret(dataDir: string): void {
  expect(fs.readdirSync(path.join(dataDir, 'outbox')).length).toBeGreaterThanOrEqual(2);
  expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(1);
  expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
}

const SITE_ENV = { LOG_LEVEL: 'warn', SEED_DEMO: 'true', NOTIFY_TO: 'staff@example.com', FORM_MIN_FILL_SECONDS: '0' };
const SERVER_URL = process.env.TEST_DATABASE_URL;

/** A folder whose parent is open to everyone, so that only the data folder's own permissions keep `nobody` out. */
function openParent(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-private-e2e-'));
  fs.chmodSync(root, 0o755);
  return root;
}

(SERVER_URL ? describe.skip : describe)('The data folder is private (built server, embedded database)', () => {
  let root = '';
  let dataDir = '';
  let port = 0;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    root = openParent();
    dataDir = path.join(root, 'data');
    port = await freePort();
  });
  afterEach(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await exited(server);
    }
  });
  afterAll(() => root && fs.rmSync(root, { recursive: true, force: true }));

  const base = () => `http://127.0.0.1:${port}`;
  const start = (stdout: 'ignore' | 'pipe' = 'ignore') => startBuiltServer({ port, dataDir, stdout, env: SITE_ENV });
  const stop = async (child: ChildProcess) => {
    child.kill('SIGTERM');
    await exited(child);
  };

  it('writes the database, the outbox, the uploads and the secret readable by their owner only, and nobody else can read any of them', async () => {
    server = start();
    await waitUntilHealthy(base(), server);
    await submitThroughTheSite(base(), dataDir);
    await stop(server);

    expectOutboxUploadsAndSecret(dataDir);
    expect(everyEntry(path.join(dataDir, 'db')).length).toBeGreaterThan(1000);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    if (asRoot) {
      // The probe itself works: a file left open beside the data folder is read.
      const control = path.join(root, 'open.txt');
      fs.writeFileSync(control, 'anyone', { mode: 0o644 });
      expect(readableByNobody([control, ...everyEntry(dataDir)])).toEqual([control]);
    }
  }, 180_000);

  it('repairs at the next start a data folder an older version left open to others, and says so once', async () => {
    execFileSync('chmod', ['-R', 'go+rwX', dataDir]);
    expect(openToOthers(dataDir).length).toBeGreaterThan(1000);
    server = start('pipe');
    let stdout = '';
    server.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await waitUntilHealthy(base(), server);
    await stop(server);

    const repairs = stdout.split('\n').filter((line) => line.includes('could be read by other users'));
    expect(repairs).toEqual([expect.stringContaining(`"level":"warn","msg":"${dataDir}: `)]);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);

  it('keeps the archive of a backup and the data folder it is restored into readable by their owner only', () => {
    const archive = path.join(root, 'backup.tar');
    const backup = runBackupCli(['backup', '--out', archive], dataDir);
    expect(backup).toEqual({ status: 0, output: expect.stringContaining(`Wrote ${archive}`) });
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    const restored = path.join(root, 'restored');
    const restore = runBackupCli(['restore', archive], restored);
    expect(restore).toEqual({ status: 0, output: expect.stringContaining('Restored the backup') });
    expect(fs.readdirSync(path.join(restored, 'uploads'))).toHaveLength(1);
    expect(everyEntry(path.join(restored, 'db')).length).toBeGreaterThan(1000);
    expect(openToOthers(restored)).toEqual([]);
    if (asRoot) expect(readableByNobody(everyEntry(restored))).toEqual([]);
  }, 180_000);

  itAsRoot(
    "refuses to start on a data folder open to others that it may not change (another user's), naming it and what to run",
    async () => {
      // A folder of another user (nobody), left 0755, used by a server that is not its owner and may not override
      // that: root without CAP_FOWNER, so that it can still read the checkout wherever it is (a clone in a 0700
      // folder is out of nobody's reach) but, like any other user, cannot change another user's folder.
      const foreign = path.join(root, 'foreign');
      fs.mkdirSync(foreign, { mode: 0o755 });
      fs.chmodSync(foreign, 0o755);
      fs.writeFileSync(path.join(foreign, 'jwt-secret'), 'a development secret of at least 32 bytes', { mode: 0o644 });
      const nobody = {
        uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })),
      };
      for (const entry of [foreign, path.join(foreign, 'jwt-secret')]) fs.chownSync(entry, nobody.uid, nobody.gid);
      const child = spawn('setpriv', ['--bounding-set', '-fowner', '--inh-caps', '-fowner', process.execPath, path.join(DIST, 'main.js')], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: foreign,
          DATABASE_URL: '',
          SITE_DIST_DIR: 'none',
          ADMIN_DIST_DIR: 'none',
        },
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      expect(await exited(child)).toBe(1);
      expect(stderr.trim()).toBe(
        `Configuration error: ${foreign} is open to other users (mode 755) and this process cannot change that (EPERM): ` +
          `run chmod -R go-rwx '${foreign}' as its owner (or chown -R root '${foreign}')`,
      );
      expect(fs.readdirSync(foreign)).toEqual(['jwt-secret']);
    },
    60_000,
  );
});

(SERVER_URL ? describe : describe.skip)('The data folder is private (built server, PostgreSQL)', () => {
  let root = '';
  const database = `bw_private_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const client = new Client({ connectionString: SERVER_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  afterAll(async () => {
    await onServer(`drop database if exists ${database} with (force)`);
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes the outbox, the uploads and the secret readable by their owner only, and nobody else can read any of them', async () => {
    root = openParent();
    const dataDir = path.join(root, 'data');
    await onServer(`create database ${database}`);
    const url = new URL(SERVER_URL ?? '');
    url.pathname = `/${database}`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startBuiltServer({ port, dataDir, stdout: 'ignore', env: { ...SITE_ENV, DATABASE_URL: url.toString() } });
    try {
      await waitUntilHealthy(base, server);
      await submitThroughTheSite(base, dataDir);
    } finally {
      server.kill('SIGTERM');
      await exited(server);
    }
    expectOutboxUploadsAndSecret(dataDir);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(openToOthers(dataDir)).toEqual([]);
    if (asRoot) expect(readableByNobody(everyEntry(dataDir))).toEqual([]);
  }, 180_000);
});
