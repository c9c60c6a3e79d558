// PostgreSQL pass: dumps with pg_dump and restores with pg_restore, against the server version.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { CopyObjectCommand, DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DAY_MS, DEFAULT_CONTENT, emptyBlock, emptyNotificationRoutes, required } from '@brightwave/common';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { generateSync } from 'otplib';
import { Client } from 'pg';
import sharp from 'sharp';
import { create, extract } from 'tar';
import { BACKUP_EXIT } from '../src/backup/backup-error';
import { BACKUP_FORMAT, DATABASE_FILES, describeFile, MANIFEST_FILE, RESUMES_FOLDER, type BackupManifest } from '../src/backup/backup-manifest';
import { buildMigrationLevel, countRows, listTables, migrationLevel, qualified, type Query } from '../src/backup/database-state';
import { signBookingLink } from '../src/booking/booking-links';
import { runBackupCli } from '../src/cli/backup-cli';
import { loadConfig } from '../src/config/app-config';
import { MIGRATIONS_FOLDER, PGLITE_START_PARAMS } from '../src/database/database';
import { openPgliteFolder, PGLITE_EXTENSIONS } from '../src/database/private-pglite';
import { LocalResumeStorage } from '../src/storage/local-resume-storage';
import { localMediaStorage } from '../src/storage/media-storage';
import { dataUrl, sampleDocx, samplePdf } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { FIXTURE_JOB } from './support/fuzz-fixtures';
import { filledOnSite } from './support/form-token';
import { S3RVER_CREDENTIALS, startS3Server } from './support/s3-server';
import { SoftwarePasskey } from './support/software-authenticator';
import { SsoRepository } from '../src/sso/sso.repository';
import { createTestApp, describeOnOneEngine, TEST_ADMIN, TEST_DATABASE_KIND, type TestApp } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const SERVER_URL = process.env.TEST_DATABASE_URL;

/** A database and data folder to back up from or restore into: DATA_DIR, plus a scratch database on PostgreSQL. */
interface Place {
  dataDir: string;
  databaseUrl: string;
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function freshPlace(): Promise<Place> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-backup-test-'));
  if (!SERVER_URL) return { dataDir, databaseUrl: '' };
  const name = `bw_backup_${randomBytes(6).toString('hex')}`;
  await onServer(SERVER_URL, `create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

async function removePlace(place: Place): Promise<void> {
  if (place.databaseUrl) await onServer(SERVER_URL!, `drop database if exists ${new URL(place.databaseUrl).pathname.slice(1)} with (force)`);
  fs.rmSync(place.dataDir, { recursive: true, force: true });
}

/** Runs `query` on the place's database (the embedded one is opened by this process: no server may run on it). */
async function withDatabase<T>(place: Place, use: (query: Query) => Promise<T>): Promise<T> {
  if (place.databaseUrl) {
    const client = new Client({ connectionString: place.databaseUrl });
    await client.connect();
    try {
      return await use(async <Row>(sql: string) => (await client.query(sql)).rows as Row[]);
    } finally {
      await client.end();
    }
  }
  // As the product opens it: the files it writes stay private, so the commands have nothing to repair afterwards; and
  // with its shared buffers (16 MB, not PostgreSQL's 128 MB, which PGlite zeroes at every open).
  const client = await openPgliteFolder(path.join(place.dataDir, 'db'), { startParams: PGLITE_START_PARAMS });
  try {
    return await use(async <Row>(sql: string) => (await client.query<Row>(sql)).rows);
  } finally {
    await client.close();
  }
}

/** Every row of every table, all columns, as sorted JSON text per table. */
const everyRow = (place: Place) =>
  withDatabase(place, async (query) => {
    const tables: Record<string, string[]> = {};
    for (const table of await listTables(query)) {
      tables[table] = (await query<{ row: string }>(`select to_jsonb(t)::text as row from ${qualified(table)} t`)).map((row) => row.row).sort();
    }
    return tables;
  });

/** The audit entries of backups and restores, written after the archive was made or restored, are not in it. */
const BACKUP_ENTRY = /"action": "backup\.(created|restored)"/;
const archivedRows = (rows: Record<string, string[]>) =>
  Object.fromEntries(
    Object.entries(rows).map(([table, list]) => [table, table.endsWith('audit_entries') ? list.filter((row) => !BACKUP_ENTRY.test(row)) : list]),
  );
const backupEntriesOf = (rows: Record<string, string[]>) =>
  (rows['public.audit_entries'] ?? [])
    .filter((row) => BACKUP_ENTRY.test(row))
    .map((row) => JSON.parse(row) as { action: string; actor: string; admin_id: string | null; details: Record<string, unknown> });

const storageOf = (place: Place) => new LocalResumeStorage(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: place.dataDir }));
/** The files of the uploaded pictures, beside the resumes. */
const picturesOf = (place: Place) => localMediaStorage(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: place.dataDir }));

async function everyResume(place: Place, storage: LocalResumeStorage = storageOf(place)): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const key of (await storage.allKeys()).sort()) files.set(key, (await storage.read(key))!);
  return files;
}

/**
 * A folder with stand-ins for PostgreSQL's client tools of the given major version (the real ones are never made
 * to fail on demand): pg_dump and pg_restore answer --version, and pg_restore fails like a full disk.
 */
function fakeTools(dir: string, major: number): string {
  const bin = fs.mkdtempSync(path.join(dir, 'bin-'));
  for (const tool of ['pg_dump', 'pg_restore']) {
    const script = `#!/bin/sh\nif [ "$1" = --version ]; then echo "${tool} (PostgreSQL) ${major}.0"; exit 0; fi\necho "${tool}: error: could not write to the database: disk full" >&2\nexit 1\n`;
    fs.writeFileSync(path.join(bin, tool), script, { mode: 0o755 });
  }
  return bin;
}

async function manifestOf(archive: string): Promise<BackupManifest> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-manifest-'));
  try {
    await extract({ file: archive, cwd: dir, filter: (entry) => entry === MANIFEST_FILE });
    return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes the archive `npm run backup` writes for an embedded database without resumes, from an open PGlite. */
async function writePgliteArchive(client: PGlite, file: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-archive-'));
  try {
    const query: Query = async <Row>(sql: string) => (await client.query<Row>(sql)).rows;
    const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    fs.writeFileSync(path.join(dir, DATABASE_FILES.pglite), dump);
    fs.mkdirSync(path.join(dir, RESUMES_FOLDER));
    const [server] = await query<{ version: string }>("select current_setting('server_version') as version");
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      appVersion: '0.9.0',
      database: { kind: 'pglite', file: DATABASE_FILES.pglite, serverVersion: required(server, 'the server version').version, ...describeFile(dump) },
      migrations: await migrationLevel(query),
      rows: await countRows(query),
      resumes: {},
      missingResumes: [],
    };
    fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(manifest));
    await create({ file, cwd: dir, portable: true }, [MANIFEST_FILE, DATABASE_FILES.pglite, RESUMES_FOLDER]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function cli(argv: string[], place: Place, env: NodeJS.ProcessEnv = {}) {
  const lines = { out: [] as string[], error: [] as string[] };
  const output = { out: (line: string) => lines.out.push(line), error: (line: string) => lines.error.push(line) };
  const environment = {
    NODE_ENV: 'test',
    KEY_DERIVATION_COST: 'test',
    JWT_SECRET: 'x'.repeat(32),
    PATH: process.env.PATH,
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl,
    ...env,
  };
  return runBackupCli(argv, environment, output).then((code) => ({ code, ...lines }));
}

describe('Backup and restore', () => {
  let source: TestApp;
  let sourcePlace: Place;
  let sourceStopped = false;
  const scratch: Place[] = [];
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-backup-archives-'));
  const archive = path.join(workDir, 'brightwave.tar');
  const newPlace = async () => {
    const place = await freshPlace();
    scratch.push(place);
    return place;
  };

  beforeAll(async () => {
    source = await createTestApp({ SEED_DEMO: 'true', SEND_CONFIRMATIONS: 'true', ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOKS: 'true' });
    sourcePlace = { dataDir: source.config.storage.dataDir, databaseUrl: source.config.database.url ?? '' };
    const http = source.http;
    await http.post('/admin/login').send({ email: 'admin@example.test', password: 'not the password' }).expect(401);
    const auth = { authorization: `Bearer ${await loginAsAdmin(source)}` };
    // Every kind of row: content, submissions with their deliveries, applications with resumes, admins, invites,
    // sessions and challenges, sign-in failures, audit entries, settings and webhooks.
    // Sent from our own forms (a fresh form token each), so each has its confirmation in the outbox, and a spent token.
    await http
      .post('/api/leads')
      .set(filledOnSite(source))
      .send({ name: 'Lee', email: 'lee@example.com', service: 'web', message: 'Hello ünïcode ✓' })
      .expect(201);
    const contact = await http
      .post('/api/contacts')
      .set(filledOnSite(source))
      .send({ name: 'Cy', email: 'cy@example.com', department: 'sales', message: 'Hi' })
      .expect(201);
    // A staff note on it (the workspace).
    await http.post(`/api/contacts/${contact.body.data._id}/notes`).set(auth).send({ text: 'Called back ✓' }).expect(201);
    const job = { ...FIXTURE_JOB, requirements: ['TypeScript'] };
    const jobId = (await http.post('/api/jobs/admin').set(auth).send(job).expect(201)).body.data.id as string;
    const resumes: [Buffer, string][] = [
      [samplePdf('Ann Applicant'), 'application/pdf'],
      [sampleDocx('Bo Applicant'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ];
    let firstApplicationId = '';
    for (const [index, [bytes, type]] of resumes.entries()) {
      const body = {
        job: jobId,
        fullName: 'Applicant',
        email: `applicant-${index}@example.com`,
        phone: '+15551234567',
        experience: '1 year',
        resume: dataUrl(bytes, type),
        isResumeBase64: true,
      };
      const applied = await http.post('/api/jobs/apply').send(body).expect(201);
      // Hiring: a rating, and a rejection scheduled for tomorrow (a candidate mail in the outbox).
      if (index === 0) {
        const applicationId = applied.body.data._id as string;
        firstApplicationId = applicationId;
        await http.put(`/api/jobs/applications/${applicationId}/rating`).set(auth).send({ score: 3, comment: 'Solid ✓' }).expect(200);
        await http
          .post(`/api/jobs/applications/${applicationId}/emails`)
          .set(auth)
          .send({ subject: 'About {{jobTitle}}', body: 'Hello {{firstName}}', sendAt: new Date(Date.now() + DAY_MS).toISOString() })
          .expect(201);
      }
    }
    await http.post('/api/admin/admins').set(auth).send({ email: 'sam@example.com', name: 'Sam Sales', role: 'sales' }).expect(201);
    await http
      .put('/api/admin/settings/notifications')
      .set(auth)
      .send({ routes: { ...emptyNotificationRoutes(), lead: ['sales@example.com'] } })
      .expect(200);
    // Site content: a draft scheduled for tomorrow (a row in every content table).
    const services = structuredClone(DEFAULT_CONTENT.services);
    services.hero.title = 'Everything We Build';
    await http.put('/api/admin/content/services').set(auth).send({ fields: services }).expect(200);
    await http
      .post('/api/admin/content/services/publish')
      .set(auth)
      .send({ at: new Date(Date.now() + DAY_MS).toISOString() })
      .expect(200);
    // An uploaded picture: a row, and its files (one width in three formats).
    const picture = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#4338ca' } })
      .png()
      .toBuffer();
    const uploaded = (await http.post('/api/admin/media').set(auth).attach('file', picture, 'logo.png').expect(201)).body.data as { src: string };
    // A page built from blocks, published with the picture (a row in built_pages).
    const page = (await http.post('/api/admin/pages').set(auth).send({ title: 'Cloud audit', slug: 'cloud-audit' }).expect(201)).body.page;
    const hero = { ...emptyBlock('hero'), heading: 'Audit your cloud', image: uploaded.src, imageAlt: 'Our logo' };
    await http
      .put(`/api/admin/pages/${page._id}`)
      .set(auth)
      .send({ draft: { ...page.draft, blocks: [hero] } })
      .expect(200);
    await http.post(`/api/admin/pages/${page._id}/publish`).set(auth).send({}).expect(200);
    // A news post, published with the picture as its cover (a row in posts).
    const post = (await http.post('/api/admin/posts').set(auth).send({ title: 'Our new office', slug: 'our-new-office' }).expect(201)).body.post;
    await http
      .put(`/api/admin/posts/${post._id}`)
      .set(auth)
      .send({ draft: { ...post.draft, cover: uploaded.src, coverAlt: 'Our logo', tags: ['company'] } })
      .expect(200);
    await http.post(`/api/admin/posts/${post._id}/publish`).set(auth).send({}).expect(200);
    // A redirect (a row in redirects).
    await http.post('/api/admin/redirects').set(auth).send({ from: '/old-cloud-audit', to: '/cloud-audit', status: 301 }).expect(201);
    // Custom questions of the quote form (a row in form_questions).
    await http
      .put('/api/admin/forms/quote')
      .set(auth)
      .send({ questions: [{ id: 'budget', label: 'Budget', type: 'select', required: false, options: ['Under 10k', 'Over 10k'] }] })
      .expect(200);
    // A call booked with the link of a quote request's answer (a row in meetings): the round-robin gives the request to
    // the admin, who takes calls at any time of any day (first without a busy calendar, whose address is not reached).
    const me = (await http.get('/api/admin/account').set(auth).expect(200)).body.account._id as string;
    const anyTime = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' }));
    await http
      .put('/api/admin/me/availability')
      .set(auth)
      .send({ timeZone: 'UTC', weekly: anyTime, meetingMinutes: 30, bufferMinutes: 10, minNoticeHours: 0, maxDaysAhead: 30 })
      .expect(200);
    await http
      .put('/api/admin/settings/notifications')
      .set(auth)
      .send({ routes: { ...emptyNotificationRoutes(), lead: ['sales@example.com'] }, assignees: { lead: [me] } })
      .expect(200);
    const quote = await http.post('/api/leads').send({ name: 'Bea', email: 'bea@example.com', service: 'web', message: 'A call, please' }).expect(201);
    const booking = `/api/booking/${String(quote.body.booking.url).slice('/book/'.length)}`;
    const [slot] = (await http.get(`${booking}/slots`).expect(200)).body.slots as { start: string }[];
    await http
      .post(booking)
      .send({ start: required(slot, 'a free slot').start })
      .expect(201);
    // An interview: the candidate invited (a row in interviews) books a time with the admin (one more in meetings).
    const invited = await http
      .post(`/api/jobs/applications/${firstApplicationId}/interview`)
      .set(auth)
      .send({ interviewerIds: [me], minutes: 30, statusOnBooking: 'shortlisted' })
      .expect(201);
    const interviewLink = signBookingLink(source.config.keys.bookingLinks, {
      kind: 'interview',
      itemId: invited.body.interview._id,
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    const [interviewSlot] = (await http.get(`/api/booking/${interviewLink}/slots`).expect(200)).body.slots as { start: string }[];
    await http
      .post(`/api/booking/${interviewLink}`)
      .send({ start: required(interviewSlot, 'a free interview slot').start })
      .expect(201);
    // The admin's availability for booked calls, with a busy calendar sealed at rest (a row in availabilities).
    await http
      .put('/api/admin/me/availability')
      .set(auth)
      .send({
        timeZone: 'Europe/London',
        weekly: [{ day: 1, start: '09:00', end: '17:00' }],
        meetingMinutes: 30,
        bufferMinutes: 10,
        minNoticeHours: 24,
        maxDaysAhead: 30,
        busyCalendarUrl: 'https://203.0.113.7/calendar/private.ics',
      })
      .expect(200);
    // A post published, then deleted: its address answers 410 (a row in gone_paths).
    const gone = (await http.post('/api/admin/posts').set(auth).send({ title: 'Old news', slug: 'old-news' }).expect(201)).body.post;
    await http.post(`/api/admin/posts/${gone._id}/publish`).set(auth).send({}).expect(200);
    await http.delete(`/api/admin/posts/${gone._id}`).set(auth).expect(200);
    // A search: what it looks through is stored (rows in search_documents).
    await http.get('/api/search').query({ q: 'cloud audit' }).expect(200);
    // Site analytics: a page view and a form's start, counted by day (written at the latest when the server stops).
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' };
    await http.post('/api/collect').set(browser).send({ type: 'view', path: '/contact', screen: 'desktop' }).expect(204);
    await http.post('/api/collect').set(browser).send({ type: 'start', form: 'contact', path: '/contact' }).expect(204);
    // The admin's authenticator app, turned on with its code (rows in admin_authenticators and admin_recovery_codes).
    const { secret } = (await http.post('/api/admin/me/totp').set(auth).send({ password: TEST_ADMIN.password }).expect(201)).body as { secret: string };
    await http
      .post('/api/admin/me/totp/confirm')
      .set(auth)
      .send({ code: generateSync({ secret }) })
      .expect(200);
    // A passkey of the admin (a row in passkeys), and the options of another one not answered (in passkey_challenges).
    const site = new URL(source.config.server.publicUrl);
    const passkeyOptions = async () =>
      (await http.post('/api/admin/me/passkeys/options').set(auth).send({ password: TEST_ADMIN.password }).expect(200)).body.options as { challenge: string };
    const response = new SoftwarePasskey().register(await passkeyOptions(), { origin: site.origin, rpId: site.hostname });
    await http.post('/api/admin/me/passkeys').set(auth).send({ name: 'Backup laptop', response }).expect(201);
    await passkeyOptions();
    // An API key of the admin (a row in api_keys).
    await http
      .post('/api/admin/api-keys')
      .set(auth)
      .send({ name: 'Backup sync', scopes: ['leads:read'] })
      .expect(201);
    // A single sign-on started and one finished but not exchanged (rows in sso_requests and sso_tickets): made through
    // the repository, as this app has no provider to sign in with.
    const sso = source.app.get(SsoRepository);
    const now = new Date();
    const later = new Date(now.getTime() + 600_000);
    await sso.addRequest(
      { stateHash: 'a'.repeat(64), nonce: 'nonce', codeVerifier: 'verifier', browserHash: 'b'.repeat(64), createdAt: now, expiresAt: later },
      now,
    );
    const [owner] = (await http.get('/api/admin/admins').set(auth).expect(200)).body.admins as { id: string }[];
    await sso.addTicket('c'.repeat(64), owner!.id, later, now);
    // Added last, so no delivery of it is pending while the backups are taken.
    await http
      .post('/api/admin/settings/webhooks')
      .set(auth)
      .send({ url: 'http://127.0.0.1:9/hook', events: ['lead.created'] })
      .expect(201);
  }, BOOT_TIMEOUT_MS);

  afterAll(async () => {
    // The source's own close also removes its database and folder; once stopped, they are removed as scratch.
    if (!sourceStopped) await source?.close();
    for (const place of scratch) await removePlace(place);
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  if (TEST_DATABASE_KIND === 'pglite') {
    it('refuses to back up the embedded database while the server has it open, saying to stop the server', async () => {
      const result = await cli(['backup', '--out', path.join(workDir, 'while-running.tar')], sourcePlace);
      expect(result.code).toBe(BACKUP_EXIT.failed);
      expect(result.error.join('\n')).toContain('is open: stop the server first');
      expect(fs.existsSync(path.join(workDir, 'while-running.tar'))).toBe(false);
    });
  } else {
    it("backs up PostgreSQL while the server is up; the archive restores with its manifest's row counts", async () => {
      const out = path.join(workDir, 'while-running.tar');
      const result = await cli(['backup', '--out', out], sourcePlace);
      expect(result).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
      expect(result.out.join('\n')).toContain('2 resumes');
      // The restore compares every table's count with the manifest's, which were read in the dump's snapshot.
      expect(await cli(['restore', out], await newPlace())).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
    });

    it('says clearly when pg_dump is not on the PATH', async () => {
      const result = await cli(['backup', '--out', path.join(workDir, 'no-tools.tar')], sourcePlace, { PATH: '/nonexistent' });
      expect(result.code).toBe(BACKUP_EXIT.failed);
      expect(result.error.join('\n')).toContain('pg_dump was not found on the PATH');
    });

    it('refuses a pg_dump older than the server, naming both versions', async () => {
      const result = await cli(['backup', '--out', path.join(workDir, 'old-tools.tar')], sourcePlace, { PATH: fakeTools(workDir, 9) });
      expect(result.code).toBe(BACKUP_EXIT.failed);
      expect(result.error.join('\n')).toMatch(/pg_dump 9 is older than the PostgreSQL server \(\d+\): install PostgreSQL's client tools/);
    });
  }

  describe('with the server stopped', () => {
    let sourceRows: Record<string, string[]>;
    let sourceFiles: Map<string, Buffer>;
    let sourcePictures: Map<string, Buffer>;
    /** The target of the first restore, reused as a target that holds data. */
    let restored: Place;

    beforeAll(async () => {
      // Stops the server and keeps its database and files (the TestApp's own close would remove them).
      await source.app.close();
      sourceStopped = true;
      scratch.push(sourcePlace);
      const result = await cli(['backup', '--out', archive], sourcePlace);
      expect(result).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
      sourceRows = await everyRow(sourcePlace);
      sourceFiles = await everyResume(sourcePlace);
      sourcePictures = await everyResume(sourcePlace, picturesOf(sourcePlace));
      restored = await newPlace();
    }, BOOT_TIMEOUT_MS);

    it('has every kind of row and resume in the backup: every table of the source holds rows, and two resumes', () => {
      expect(
        Object.entries(sourceRows)
          .filter(([, list]) => list.length === 0)
          .map(([table]) => table),
      ).toEqual([]);
      expect(sourceFiles.size).toBe(2);
      expect(sourcePictures.size).toBe(3);
    });

    it('restores into a fresh target: every row of every table and every resume, byte for byte', async () => {
      const result = await cli(['restore', archive], restored);
      expect(result).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
      expect(result.out.join('\n')).toContain(`at this version's migration level (${buildMigrationLevel().latestTag})`);
      expect(archivedRows(await everyRow(restored))).toEqual(archivedRows(sourceRows));
      const files = await everyResume(restored);
      expect([...files.keys()]).toEqual([...sourceFiles.keys()]);
      for (const [key, bytes] of sourceFiles) expect(files.get(key)!.equals(bytes)).toBe(true);
      const pictures = await everyResume(restored, picturesOf(restored));
      expect([...pictures.keys()]).toEqual([...sourcePictures.keys()]);
      for (const [key, bytes] of sourcePictures) expect(pictures.get(key)!.equals(bytes)).toBe(true);
    });

    it('records the backup in the database backed up and the restore in the restored one, as the command line with its operating-system user', async () => {
      const osUser = os.userInfo().username;
      // (PostgreSQL: the backup taken while the server was up is there too.)
      const backups = backupEntriesOf(sourceRows);
      expect(backups).toContainEqual(
        expect.objectContaining({
          action: 'backup.created',
          actor: 'cli',
          admin_id: null,
          details: expect.objectContaining({ file: archive, resumes: 2, osUser }),
        }),
      );
      expect(backups.every((entry) => entry.action === 'backup.created' && entry.actor === 'cli')).toBe(true);
      expect(backupEntriesOf(await everyRow(restored)).filter((entry) => entry.action === 'backup.restored')).toEqual([
        expect.objectContaining({
          action: 'backup.restored',
          actor: 'cli',
          admin_id: null,
          details: expect.objectContaining({ archive, force: false, osUser }),
        }),
      ]);
    });

    it('refuses a target that holds data unless --force, changing nothing; --force replaces it', async () => {
      const extra = await storageOf(restored).save(Buffer.from('not in the archive'));
      await withDatabase(restored, (query) => query(`update ${qualified('public.leads')} set name = 'Changed'`));
      const before = await everyRow(restored);

      const refused = await cli(['restore', archive], restored);
      expect(refused.code).toBe(BACKUP_EXIT.targetNotEmpty);
      expect(refused.error.join('\n')).toMatch(/The target is not empty \(.*\): nothing was changed. Give --force to replace it/);
      expect(await everyRow(restored)).toEqual(before);

      const forced = await cli(['restore', archive, '--force'], restored);
      expect(forced).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
      expect(forced.out.join('\n')).toContain('1 resumes not in the archive removed');
      expect(archivedRows(await everyRow(restored))).toEqual(archivedRows(sourceRows));
      expect((await everyResume(restored)).has(extra)).toBe(false);
    });

    // Like the bucket below, kind-independent code: it runs where a backup is quick (an embedded one takes ~6 s here).
    (SERVER_URL ? it : it.skip)('warns when an application names a resume the storage does not have, and lists it in the manifest', async () => {
      const [lost] = [...sourceFiles.keys()];
      await storageOf(restored).delete(required(lost, 'a resume'));
      const out = path.join(workDir, 'missing-resume.tar');
      const result = await cli(['backup', '--out', out], restored);
      expect(result.code).toBe(BACKUP_EXIT.done);
      expect(result.error).toEqual([`Warning: 1 applications name a resume the storage does not have: ${lost}`]);
      expect((await manifestOf(out)).missingResumes).toEqual([lost]);
    });

    // The resumes go through the storage the same way whatever the database; this runs where a restore is quick.
    (SERVER_URL ? it : it.skip)('restores the resumes into a bucket (STORAGE_URL) and backs them up from it, through the same storage interface', async () => {
      const s3 = await startS3Server();
      const savedEnv = { ...process.env };
      // The AWS SDK's default chain reads the credentials from the environment, as in production.
      Object.assign(process.env, S3RVER_CREDENTIALS);
      try {
        const target = await newPlace();
        const env = { STORAGE_URL: s3.storageUrl };
        expect(await cli(['restore', archive], target, env)).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
        expect(fs.existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);
        // One resume where a version before the bucket's key prefix stored it (the root), not yet moved: backed up too.
        const [legacy] = Object.keys((await manifestOf(archive)).resumes);
        const raw = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true });
        await raw.send(new CopyObjectCommand({ Bucket: s3.bucket, CopySource: `${s3.bucket}/resumes/${legacy}`, Key: legacy }));
        await raw.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `resumes/${legacy}` }));
        raw.destroy();
        const fromBucket = path.join(workDir, 'from-bucket.tar');
        expect(await cli(['backup', '--out', fromBucket], target, env)).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
        expect((await manifestOf(fromBucket)).resumes).toEqual((await manifestOf(archive)).resumes);
      } finally {
        process.env = savedEnv;
        await s3.close();
      }
    });

    (SERVER_URL ? it : it.skip)('says what pg_restore answered when it fails after --force dropped the tables, and a new restore recovers', async () => {
      const failed = await cli(['restore', archive, '--force'], restored, { PATH: fakeTools(workDir, 99) });
      expect(failed.code).toBe(BACKUP_EXIT.failed);
      expect(failed.error.join('\n')).toContain('pg_restore failed: pg_restore: error: could not write to the database: disk full');
      expect(failed.error.join('\n')).toContain('it is empty now; after fixing the cause, run the restore again with --force');
      expect(await withDatabase(restored, listTables)).toEqual([]);
      expect((await cli(['restore', archive, '--force'], restored)).code).toBe(BACKUP_EXIT.done);
      expect(archivedRows(await everyRow(restored))).toEqual(archivedRows(sourceRows));
    });

    it('verifies every checksum before touching the target: a damaged resume fails the restore and leaves the target empty', async () => {
      const bytes = fs.readFileSync(archive);
      const [key, resume] = required([...sourceFiles][0], 'a resume');
      const at = bytes.indexOf(resume);
      expect(at).toBeGreaterThan(0);
      const middle = at + Math.floor(resume.length / 2);
      bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
      const damaged = path.join(workDir, 'damaged.tar');
      fs.writeFileSync(damaged, bytes);

      const target = await newPlace();
      const result = await cli(['restore', damaged], target);
      expect(result.code).toBe(BACKUP_EXIT.damagedArchive);
      expect(result.error).toEqual([`Error: resumes/${key} does not match its checksum: the archive is damaged`]);
      expect(fs.existsSync(path.join(target.dataDir, 'db'))).toBe(false);
      expect((await everyResume(target)).size).toBe(0);
      if (target.databaseUrl) expect(await withDatabase(target, listTables)).toEqual([]);
    });

    // The passphrase seals and opens the archive whatever the engine whose dump it holds: on one engine only (20 s of
    // this suite on PGlite).
    describeOnOneEngine('encrypted with a passphrase', () => {
      const passphrase = 'correct horse battery staple, backed up';
      const sealed = path.join(workDir, 'sealed.tar.enc');
      /** The target is as untouched as before the command: no database, no resume. */
      const expectUntouched = async (target: Place) => {
        expect(fs.existsSync(path.join(target.dataDir, 'db'))).toBe(false);
        expect((await everyResume(target)).size).toBe(0);
        if (target.databaseUrl) expect(await withDatabase(target, listTables)).toEqual([]);
      };
      const restoreDamaged = async (bytes: Buffer, name: string) => {
        const file = path.join(workDir, name);
        fs.writeFileSync(file, bytes);
        const target = await newPlace();
        const result = await cli(['restore', file], target, { BACKUP_PASSPHRASE: passphrase });
        expect(result.code).toBe(BACKUP_EXIT.damagedArchive);
        await expectUntouched(target);
        return result.error.join('\n');
      };

      beforeAll(async () => {
        expect(await cli(['backup', '--out', sealed], sourcePlace, { BACKUP_PASSPHRASE: passphrase })).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
      }, BOOT_TIMEOUT_MS);

      it('writes with BACKUP_PASSPHRASE an archive only its owner may read, holding nothing readable, which restores with it', async () => {
        expect(fs.statSync(sealed).mode & 0o777).toBe(0o600);
        const bytes = fs.readFileSync(sealed);
        expect(bytes.subarray(0, 12).toString('latin1')).toBe('BWBACKUP-ENC');
        expect(bytes.includes(MANIFEST_FILE)).toBe(false);
        for (const resume of sourceFiles.values()) expect(bytes.includes(resume.subarray(0, 200))).toBe(false);

        const target = await newPlace();
        expect(await cli(['restore', sealed], target, { BACKUP_PASSPHRASE: passphrase })).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
        expect(archivedRows(await everyRow(target))).toEqual(archivedRows(sourceRows));
        const files = await everyResume(target);
        for (const [key, resume] of sourceFiles) expect(files.get(key)?.equals(resume)).toBe(true);
      });

      it('reads the passphrase from --passphrase-file instead, for the backup and for the restore', async () => {
        const passphraseFile = path.join(workDir, 'passphrase.txt');
        fs.writeFileSync(passphraseFile, `${passphrase}\n`, { mode: 0o600 });
        const fromFile = path.join(workDir, 'sealed-from-file.tar.enc');
        expect(await cli(['backup', '--out', fromFile, '--passphrase-file', passphraseFile], sourcePlace)).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
        expect(fs.readFileSync(fromFile).subarray(0, 12).toString('latin1')).toBe('BWBACKUP-ENC');
        const target = await newPlace();
        expect(await cli(['restore', fromFile, '--passphrase-file', passphraseFile], target)).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
        expect(archivedRows(await everyRow(target))).toEqual(archivedRows(sourceRows));
      });

      it('says that an encrypted archive needs its passphrase, and how to give it, changing nothing', async () => {
        const target = await newPlace();
        const result = await cli(['restore', sealed], target);
        expect(result.code).toBe(BACKUP_EXIT.failed);
        expect(result.error).toEqual([`Error: ${sealed} is encrypted: give its passphrase in BACKUP_PASSPHRASE or with --passphrase-file FILE`]);
        await expectUntouched(target);
      });

      it('refuses, with a passphrase set, an archive that is not encrypted unless --allow-unencrypted, saying so and changing nothing', async () => {
        const target = await newPlace();
        const refused = await cli(['restore', archive], target, { BACKUP_PASSPHRASE: passphrase });
        expect(refused.code).toBe(BACKUP_EXIT.failed);
        expect(refused.error).toEqual([
          `Error: ${archive} is not encrypted, though a backup passphrase is set (BACKUP_PASSPHRASE or --passphrase-file): ` +
            'if you trust this archive, restore it with --allow-unencrypted',
        ]);
        await expectUntouched(target);
        // With the flag the archive is unpacked and verified, and the restore goes on to its next check (the first
        // restore's target holds data): no second full restore is needed to show the flag lets it through.
        const allowed = await cli(['restore', archive, '--allow-unencrypted'], restored, { BACKUP_PASSPHRASE: passphrase });
        expect(allowed.code).toBe(BACKUP_EXIT.targetNotEmpty);
        expect(allowed.error.join('\n')).toMatch(/The target is not empty/);
      });

      it('refuses a wrong passphrase as a damaged archive (exit 3), changing nothing', async () => {
        const target = await newPlace();
        const result = await cli(['restore', sealed], target, { BACKUP_PASSPHRASE: 'not the passphrase, though long enough' });
        expect(result.code).toBe(BACKUP_EXIT.damagedArchive);
        expect(result.error).toEqual([`Error: ${sealed} cannot be decrypted: the passphrase is wrong (or the archive's header was altered)`]);
        await expectUntouched(target);
      });

      it('refuses an archive with one byte flipped, in its header, its first part or its last, changing nothing', async () => {
        const bytes = fs.readFileSync(sealed);
        for (const at of [20, 100, bytes.length - 1]) {
          const flipped = Buffer.from(bytes);
          flipped.writeUInt8(flipped.readUInt8(at) ^ 0x01, at);
          expect(await restoreDamaged(flipped, `flipped-${at}.tar.enc`)).toMatch(
            /cannot be decrypted: (the passphrase is wrong|part \d+ fails its authentication check)/,
          );
        }
      });

      it('refuses an archive cut short, changing nothing', async () => {
        const bytes = fs.readFileSync(sealed);
        expect(await restoreDamaged(bytes.subarray(0, bytes.length - 100), 'cut.tar.enc')).toMatch(
          /part \d+ fails its authentication check: the archive was altered, reordered or cut short/,
        );
        expect(await restoreDamaged(bytes.subarray(0, 40), 'cut-in-header.tar.enc')).toContain('cut short inside its header');
      });

      it('refuses a passphrase shorter than 16 characters', async () => {
        const result = await cli(['backup', '--out', path.join(workDir, 'short.tar.enc')], sourcePlace, { BACKUP_PASSPHRASE: 'too short' });
        expect(result.code).toBe(BACKUP_EXIT.failed);
        expect(result.error).toEqual(['Error: BACKUP_PASSPHRASE must be at least 16 characters long']);
      });
    });

    it('refuses a file that is not a backup, and an archive of the other database kind', async () => {
      const target = await newPlace();
      const notArchive = path.join(workDir, 'not-a-backup.tar');
      fs.writeFileSync(notArchive, 'hello');
      const refused = await cli(['restore', notArchive], target);
      expect(refused.code).toBe(BACKUP_EXIT.damagedArchive);
      expect(refused.error.join('\n')).toMatch(/not a backup of this application|not a readable backup archive/);

      const otherKind = SERVER_URL ? { DATABASE_URL: '' } : { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' };
      const wrongKind = await cli(['restore', archive], target, otherKind);
      expect(wrongKind.code).toBe(BACKUP_EXIT.failed);
      expect(wrongKind.error.join('\n')).toContain(SERVER_URL ? 'The archive holds a PostgreSQL database' : 'The archive holds an embedded (PGlite) database');
    });

    it("applies this version's newer migrations after restoring an archive made at an older level", async () => {
      // A database migrated by an "older version": this build's migrations without the newest one.
      const olderFolder = path.join(workDir, 'older-migrations');
      fs.cpSync(MIGRATIONS_FOLDER, olderFolder, { recursive: true });
      const journalFile = path.join(olderFolder, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const older = journal.entries.slice(0, -1);
      fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: older }));
      const olderArchive = path.join(workDir, 'older.tar');
      if (SERVER_URL) {
        const old = await newPlace();
        const client = new Client({ connectionString: old.databaseUrl });
        await client.connect();
        await migratePg(drizzlePg({ client }), { migrationsFolder: olderFolder });
        await client.end();
        expect((await cli(['backup', '--out', olderArchive], old)).code).toBe(BACKUP_EXIT.done);
      } else {
        // The archive an older build writes, made in memory from the source's cluster emptied: a new cluster's initdb
        // takes 4 to 20 s on the shared test machine.
        const dump = path.join(workDir, DATABASE_FILES.pglite);
        await extract({ file: archive, cwd: workDir, filter: (entry) => entry === DATABASE_FILES.pglite });
        const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(dump)]), extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
        await client.exec('drop schema drizzle cascade; drop schema public cascade; create schema public;');
        await migratePglite(drizzlePglite({ client }), { migrationsFolder: olderFolder });
        await writePgliteArchive(client, olderArchive);
        await client.close();
      }

      const target = await newPlace();
      const result = await cli(['restore', olderArchive], target);
      expect(result).toMatchObject({ code: BACKUP_EXIT.done, error: [] });
      const build = buildMigrationLevel();
      expect(result.out.join('\n')).toContain(`Migrations applied after restoring: ${older.at(-1)!.tag} → ${build.latestTag}.`);
      expect(await withDatabase(target, migrationLevel)).toEqual(build);
    });
  });
});
