// PostgreSQL pass, engine blocks: the scrub rewrites PostgreSQL's own table files (VACUUM FULL).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DAY_MS, FORM_TOKEN_HEADER, required } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { Logger } from '@nestjs/common';
import { inArray, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { extract } from 'tar';
import { BACKUP_EXIT } from '../src/backup/backup-error';
import { DATABASE_FILES } from '../src/backup/backup-manifest';
import { runBackupCli } from '../src/cli/backup-cli';
import { DATABASE, openDatabase, type Database } from '../src/database/database';
import { deliveries, jobApplications, leads } from '../src/database/schema';
import { DataScrub } from '../src/privacy/data-scrub';
import { RetentionPurge } from '../src/privacy/retention-purge';
import { ScrubRepository } from '../src/privacy/scrub.repository';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TEST_DATABASE_KIND, type TestApp, describeOnPostgres } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const SERVER_URL = process.env.TEST_DATABASE_URL;

/** A visitor whose every trace is looked for: a distinctive address, name and message. */
interface Person {
  email: string;
  name: string;
  marker: string;
}
const ERASED: Person = { email: 'Zelda.Quimbyfax@Example.com', name: 'Zelda Quimbyfax', marker: 'xylophone-lighthouse-4471' };
const PURGED: Person = { email: 'Orvil.Plunkett@Example.net', name: 'Orvil Plunkett', marker: 'tangerine-submarine-9032' };

/** The seeded template "Kind rejection" (migration 0015). */
const REJECTION_TEMPLATE_ID = '6f0c7a52-5d0e-4f0a-9a51-0c1b7d3e2a03';

/** The texts that would betray the person, as bytes: the address (as typed and as stored), the name, the message. */
const needlesOf = (person: Person) => [person.email, person.email.toLowerCase(), person.name, person.marker].map((text) => Buffer.from(text));

/** Which needles each file holds, as `file: needle` (binary-safe: the database's own files are read byte for byte). */
function tracesIn(files: Map<string, Buffer>, person: Person): string[] {
  const found: string[] = [];
  for (const [file, bytes] of files) {
    for (const needle of needlesOf(person)) if (bytes.includes(needle)) found.push(`${file}: ${needle.toString()}`);
  }
  return found;
}

/** Every file under `dir`, read as it is now. */
function filesUnder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), fs.readFileSync(file));
  }
  return files;
}

/**
 * Every file of a backup archive, the database's dump opened up: PGlite's is a gzipped tar of its folder (read as
 * the tar's bytes), PostgreSQL's custom-format dump is compressed, so it is read as the SQL pg_restore makes of it.
 */
async function archiveContents(archive: string): Promise<Map<string, Buffer>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-erasure-archive-'));
  try {
    await extract({ file: archive, cwd: dir });
    const files = filesUnder(dir);
    for (const [file, bytes] of files) {
      if (file === DATABASE_FILES.pglite) files.set(file, gunzipSync(bytes));
      if (file === DATABASE_FILES.postgres) files.set(file, execFileSync('pg_restore', ['--file=-', path.join(dir, file)], { maxBuffer: 256 * 1024 * 1024 }));
    }
    return files;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('Erasure and purge leave no trace in the data folder or in a backup', () => {
  let t: TestApp;
  let db: Database;
  let auth: { authorization: string };
  let stopped = false;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-erasure-'));

  /** A form token fetched as the site does, so the submission is verified and its confirmation is mailed. */
  const formToken = async () => ({ [FORM_TOKEN_HEADER]: (await t.http.get('/api/form-token').expect(200)).body.token as string });
  const submitAll = async (person: Person, job?: string) => {
    // Over 2 KB of text that does not compress: PostgreSQL keeps it out of line, in the table's TOAST table.
    const message = `${person.marker} ${randomBytes(1800).toString('base64')}`;
    await t.http
      .post('/api/leads')
      .set(await formToken())
      .send({ name: person.name, email: person.email, service: 'web', message })
      .expect(201);
    await t.http
      .post('/api/contacts')
      .set(await formToken())
      .send({ name: person.name, email: person.email, department: 'sales', phone: '+15550100', message })
      .expect(201);
    if (job) {
      const resume = dataUrl(samplePdf(`${person.name} - Resume`));
      const body = {
        job,
        fullName: person.name,
        email: person.email,
        phone: '+15550100',
        experience: '3 years',
        coverLetter: message,
        resume,
        isResumeBase64: true,
      };
      await t.http
        .post('/api/jobs/apply')
        .set(await formToken())
        .send(body)
        .expect(201);
    }
  };
  /** Until the outbox worker has written every mail (the confirmations and staff notifications hold the person). */
  const outboxSent = () =>
    pollUntil(
      async () => {
        const [counted] = await db
          .select({ waiting: sql<number>`count(*)`.mapWith(Number) })
          .from(deliveries)
          .where(inArray(deliveries.status, ['pending', 'sending']));
        return required(counted, 'the count of waiting deliveries').waiting === 0;
      },
      { what: 'the outbox sent', intervalMs: 50 },
    );

  /** The id of the person's lead or application. */
  const idOf = async (kind: 'lead' | 'application', person: Person) => {
    const table = kind === 'lead' ? leads : jobApplications;
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(sql`lower(${table.email}) = ${person.email.toLowerCase()}`);
    return required(row, `the ${kind} of ${person.name}`).id;
  };
  /**
   * What the staff add about a person's application (hiring, the workspace): a note and a rating comment naming them,
   * a mail to them sent now, and one scheduled for tomorrow whose text names them too.
   */
  const workOn = async (person: Person) => {
    const application = await idOf('application', person);
    await t.http
      .post(`/api/jobs/applications/${application}/notes`)
      .set(auth)
      .send({ text: `${person.name} asked about ${person.marker}` })
      .expect(201);
    await t.http
      .put(`/api/jobs/applications/${application}/rating`)
      .set(auth)
      .send({ score: 3, comment: `${person.name}: ${person.marker}` })
      .expect(200);
    await t.http.post(`/api/jobs/applications/${application}/emails`).set(auth).send({ templateId: REJECTION_TEMPLATE_ID }).expect(201);
    await t.http
      .post(`/api/jobs/applications/${application}/emails`)
      .set(auth)
      .send({ subject: 'About {{jobTitle}}', body: `Hello {{firstName}}, about ${person.marker}.`, sendAt: new Date(Date.now() + DAY_MS).toISOString() })
      .expect(201);
  };

  beforeAll(async () => {
    // Follow-ups come due within a second: their reminders are mails about the person too.
    t = await createTestApp({
      SEND_CONFIRMATIONS: 'true',
      NOTIFY_TO: 'staff@brightwave.test',
      FORM_MIN_FILL_SECONDS: '0',
      FOLLOW_UP_REMINDER_POLL_SECONDS: '1',
    });
    db = t.app.get<symbol, Database>(DATABASE);
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
    const job = {
      title: 'Erasure Engineer',
      department: 'engineering',
      location: 'remote',
      type: 'full-time',
      experience: '2 years',
      description: 'Forget.',
      requirements: [],
    };
    const jobId = (await t.http.post('/api/jobs/admin').set(auth).send(job).expect(201)).body.data.id as string;
    // The purged person applied for a position that was filled since: the purge removes the application.
    const filledJobId = (
      await t.http
        .post('/api/jobs/admin')
        .set(auth)
        .send({ ...job, title: 'Filled Position' })
        .expect(201)
    ).body.data.id as string;
    await submitAll(ERASED, jobId);
    await submitAll(PURGED, filledJobId);
    await workOn(ERASED);
    await workOn(PURGED);
    await t.http.put(`/api/jobs/admin/${filledJobId}/status`).set(auth).send({ status: 'filled' }).expect(200);
    // A status change leaves an older version of the row behind, as dead as the deleted one.
    const lead = await idOf('lead', ERASED);
    await t.http.patch(`/api/leads/${lead}/status`).set(auth).send({ status: 'contacted' }).expect(200);
    // A follow-up that came due: its reminder to the admin who set it names the person.
    await t.http
      .put(`/api/leads/${lead}/follow-up`)
      .set(auth)
      .send({ at: new Date(Date.now() - 60_000).toISOString() })
      .expect(200);
    await pollUntil(
      async () =>
        (
          await db
            .select({ id: deliveries.id })
            .from(deliveries)
            .where(sql`${deliveries.subjectId} = ${lead} and ${deliveries.topic} = 'lead.reminder'`)
        ).length > 0,
      { what: 'the reminder queued', intervalMs: 50 },
    );
    await outboxSent();
    // As a running server does every few minutes: the rows are in the tables' files too, not only in the WAL.
    await db.execute(sql`checkpoint`);
  }, BOOT_TIMEOUT_MS);

  afterAll(async () => {
    if (!stopped) await t.close();
    else {
      if (SERVER_URL) {
        const admin = new Client({ connectionString: SERVER_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${new URL(t.config.database.url!).pathname.slice(1)} with (force)`);
        await admin.end();
      }
      fs.rmSync(t.config.storage.dataDir, { recursive: true, force: true });
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('finds the people in the data folder before (the search works): in the outbox mails, the resume, the tables and the WAL', () => {
    expect(t.config.storage.uploadsDir).toBe(path.join(t.config.storage.dataDir, 'uploads'));
    const traces = tracesIn(filesUnder(t.config.storage.dataDir), ERASED);
    expect(traces.filter((trace) => trace.startsWith('outbox/')).length).toBeGreaterThan(0);
    expect(traces.filter((trace) => trace.startsWith('uploads/')).length).toBeGreaterThan(0);
    if (TEST_DATABASE_KIND === 'pglite') {
      expect(traces.filter((trace) => trace.startsWith('db/base/')).length).toBeGreaterThan(0);
      expect(traces.filter((trace) => trace.startsWith('db/pg_wal/')).length).toBeGreaterThan(0);
    }
    expect(tracesIn(filesUnder(t.config.storage.dataDir), PURGED).length).toBeGreaterThan(0);
  });

  it('after an erasure, no file under DATA_DIR holds the address, the name or the message', async () => {
    const started = Date.now();
    const answer = await t.http.post('/api/admin/privacy/erase').set(auth).send({ email: ERASED.email }).expect(200);
    expect(answer.body.erased).toEqual({ leads: 1, contacts: 1, applications: 1, resumes: 1 });
    console.log(`Erasure with its scrub on ${TEST_DATABASE_KIND}: ${Date.now() - started} ms`);
    expect(tracesIn(filesUnder(t.config.storage.dataDir), ERASED)).toEqual([]);
    // Someone else's rows are still there (and still found).
    expect(tracesIn(filesUnder(t.config.storage.dataDir), PURGED).length).toBeGreaterThan(0);
  });

  it('after a purge that removes rows, no file under DATA_DIR holds what it removed', async () => {
    const counts = await t.app.get(RetentionPurge).purge(new Date(Date.now() + 800 * DAY_MS));
    expect(counts).toMatchObject({ leads: 1, contacts: 1, applications: 1, resumes: 1 });
    expect(counts!.outboxMails).toBeGreaterThan(0);
    expect(tracesIn(filesUnder(t.config.storage.dataDir), PURGED)).toEqual([]);
  });

  it('holds neither person in a backup taken afterwards (the dump opened up), although it holds the rest', async () => {
    // The embedded database is backed up with the server stopped; its database and folder stay for the backup.
    await t.app.close();
    stopped = true;
    const archive = path.join(workDir, 'after.tar');
    const env = {
      NODE_ENV: 'test',
      KEY_DERIVATION_COST: 'test',
      JWT_SECRET: 'x'.repeat(32),
      PATH: process.env.PATH,
      DATA_DIR: t.config.storage.dataDir,
      DATABASE_URL: t.config.database.url ?? '',
    };
    const lines: string[] = [];
    const code = await runBackupCli(['backup', '--out', archive], env, { out: (line) => lines.push(line), error: (line) => lines.push(line) });
    expect({ code, lines }).toMatchObject({ code: BACKUP_EXIT.done });
    const contents = await archiveContents(archive);
    expect(tracesIn(contents, { email: 'staff@brightwave.test', name: 'Erasure Engineer', marker: 'Forget.' }).length).toBeGreaterThan(0);
    expect(tracesIn(contents, ERASED)).toEqual([]);
    expect(tracesIn(contents, PURGED)).toEqual([]);
  });
});

describeOnPostgres('The scrub on PostgreSQL', () => {
  let owner: Client;
  const role = `bw_scrub_${randomBytes(4).toString('hex')}`;
  let url: string;
  let connection: Awaited<ReturnType<typeof openDatabase>>;
  let warnings: string[];
  let warn: jest.SpyInstance;

  beforeAll(async () => {
    owner = new Client({ connectionString: SERVER_URL });
    await owner.connect();
    // An ordinary database user, as in most deployments: it owns its tables, but CHECKPOINT and pg_switch_wal() are
    // for superusers (or the pg_checkpoint role and a grant).
    await owner.query(`create role ${role} login`);
    await owner.query(`create database ${role} owner ${role}`);
    const target = new URL(SERVER_URL!);
    target.username = role;
    target.pathname = `/${role}`;
    url = target.toString();
    connection = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir() });
  }, BOOT_TIMEOUT_MS);
  beforeEach(() => {
    warnings = [];
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
  });
  afterEach(() => warn.mockRestore());
  afterAll(async () => {
    await connection?.close();
    await owner.query(`drop database if exists ${role} with (force)`);
    await owner.query(`drop role if exists ${role}`);
    await owner.end();
  });

  it('rewrites the tables as an ordinary user and skips the WAL steps it may not run, saying so once', async () => {
    const scrub = new DataScrub(new ScrubRepository(connection.db));
    await scrub.after([leads, deliveries]);
    await scrub.after([leads]);
    expect(warnings).toEqual([
      expect.stringContaining('"select pg_switch_wal()" is not permitted to this database user, skipped'),
      expect.stringContaining('"checkpoint" is not permitted to this database user, skipped'),
    ]);
  });

  it('gives way to a long read of a table (a plain VACUUM, said in the log) and rewrites it with the next scrub', async () => {
    const scrub = new DataScrub(new ScrubRepository(connection.db));
    const reader = new Client({ connectionString: url });
    await reader.connect();
    try {
      await reader.query('begin');
      await reader.query('select count(*) from leads');
      await scrub.after([leads]);
      expect(warnings.filter((line) => line.startsWith('leads had a plain VACUUM'))).toHaveLength(1);
      await reader.query('commit');
      await scrub.after([]);
      expect(warnings.filter((line) => line.startsWith('leads had a plain VACUUM'))).toHaveLength(1);
    } finally {
      await reader.end();
    }
  });
});
