import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { HOUR_MS, DAY_MS, MESSAGES, required } from '@brightwave/common';
import { asc, count, eq } from 'drizzle-orm';
import { BACKUP_EXIT } from '../src/backup/backup-error';
import { runAdminCli } from '../src/cli/admin-cli';
import { runBackupCli } from '../src/cli/backup-cli';
import { DATABASE, type Database, openDatabase } from '../src/database/database';
import { auditEntries, jobApplications } from '../src/database/schema';
import { LegacyResumeObjects } from '../src/applications/legacy-resume-objects';
import { ResumeSweeper } from '../src/applications/resume-sweeper';
import { RetentionPurge } from '../src/privacy/retention-purge';
import { LocalResumeStorage } from '../src/storage/local-resume-storage';
import { ResumeStorage } from '../src/storage/resume-storage';
import { S3ResumeStorage } from '../src/storage/s3-resume-storage';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { FIXTURE_JOB } from './support/fuzz-fixtures';
import { S3RVER_CREDENTIALS, startS3Server, type S3Server } from './support/s3-server';
import { createTestApp, type TestApp } from './support/test-app';
import { rawBody } from './support/raw-body';

const BOOT_TIMEOUT_MS = 120_000;

describe('Resumes on S3-compatible storage (STORAGE_URL, a real s3rver)', () => {
  let s3: S3Server;
  let t: TestApp;
  let db: Database;
  let bucket: S3ResumeStorage;
  let auth: { authorization: string };
  let applicants = 0;
  const savedEnv = { ...process.env };

  const createJob = async () => {
    return (await t.http.post('/api/jobs/admin').set(auth).send(FIXTURE_JOB).expect(201)).body.data.id as string;
  };
  const application = (job: string, resume: Buffer) => ({
    job,
    fullName: 'Sam Bucket',
    email: `sam-${++applicants}@example.com`,
    phone: '+15551234567',
    experience: '2 years',
    resume: dataUrl(resume),
    isResumeBase64: true,
  });
  const apply = async (job: string, resume = samplePdf(`Resume ${applicants}`)) => {
    const id = (await t.http.post('/api/jobs/apply').send(application(job, resume)).expect(201)).body.data.id as string;
    const [row] = await db.select().from(jobApplications).where(eq(jobApplications.id, id));
    return { id, resumeKey: required(row, 'the application').resumeKey, resume };
  };
  const keysInBucket = async () => [...(await bucket.objects()).keys()];
  const countApplications = async () => required((await db.select({ total: count() }).from(jobApplications))[0], 'the count').total;

  beforeAll(async () => {
    s3 = await startS3Server();
    // The AWS SDK's default chain reads the credentials from the environment, as in production.
    Object.assign(process.env, S3RVER_CREDENTIALS);
    t = await createTestApp({ STORAGE_URL: s3.storageUrl });
    db = t.app.get<symbol, Database>(DATABASE);
    bucket = t.app.get(ResumeStorage) as S3ResumeStorage;
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    process.env = savedEnv;
  });

  it('uses the bucket when STORAGE_URL is set', () => {
    expect(bucket).toBeInstanceOf(S3ResumeStorage);
  });

  it('a bucket that refuses the write: the application is answered 503 with a clear message and no row is stored', async () => {
    const job = await createJob();
    const admin = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true });
    const rows = await countApplications();
    // The bucket is still empty here: removing it makes every write fail with NoSuchBucket.
    await admin.send(new DeleteBucketCommand({ Bucket: s3.bucket }));
    try {
      const response = await t.http.post('/api/jobs/apply').send(application(job, samplePdf()));
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ success: false, message: MESSAGES.applicationsPaused });
      expect(response.headers['retry-after']).toBeDefined();
      expect(await countApplications()).toBe(rows);
    } finally {
      await admin.send(new CreateBucketCommand({ Bucket: s3.bucket }));
      admin.destroy();
    }
    expect(await keysInBucket()).toEqual([]);
  });

  it('stores each resume in the bucket under a new random key, and nothing in the local folder', async () => {
    const job = await createJob();
    const first = await apply(job);
    const second = await apply(job);
    expect(first.resumeKey).not.toBe(second.resumeKey);
    const objects = await bucket.objects();
    expect(objects.get(first.resumeKey)?.size).toBe(first.resume.length);
    expect(objects.get(second.resumeKey)?.size).toBe(second.resume.length);
    expect(fs.existsSync(t.config.storage.uploadsDir)).toBe(false);
  });

  it('an admin downloads the same bytes through the admin-only route; the API names no bucket URL', async () => {
    const job = await createJob();
    const { resume } = await apply(job);
    const list = await t.http.get(`/api/jobs/applications/${job}`).set(auth).expect(200);
    const [item] = list.body.applications;
    expect(item.resume).toBe(`/api/jobs/applications/${item._id}/resume`);
    expect(JSON.stringify(list.body)).not.toContain('127.0.0.1');
    const download = await t.http.get(item.resume).set(auth).buffer(true).parse(rawBody);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.body as Buffer, resume)).toBe(0);
    await t.http.get(item.resume).expect(401);
  });

  it("deleting a job removes its applications' resumes from the bucket", async () => {
    const job = await createJob();
    const { resumeKey } = await apply(job);
    expect(await keysInBucket()).toContain(resumeKey);
    await t.http.delete(`/api/jobs/admin/${job}`).set(auth).expect(200);
    expect(await keysInBucket()).not.toContain(resumeKey);
    expect(await bucket.read(resumeKey)).toBeUndefined();
  });

  it('the retention purge removes resumes from the bucket once their job has been inactive past the period', async () => {
    const job = await createJob();
    const { resumeKey } = await apply(job);
    await t.http.put(`/api/jobs/admin/${job}/status`).set(auth).send({ status: 'expired' }).expect(200);
    const purge = t.app.get(RetentionPurge);
    expect(await purge.purge(new Date(Date.now() + 179 * DAY_MS))).toMatchObject({ applications: 0, resumes: 0 });
    expect(await keysInBucket()).toContain(resumeKey);
    expect(await purge.purge(new Date(Date.now() + 181 * DAY_MS))).toMatchObject({ applications: 1, resumes: 1 });
    expect(await keysInBucket()).not.toContain(resumeKey);
  });

  it('keysOlderThan lists the objects last written before a time, following the listing from page to page', async () => {
    // Two keys per page: five objects take three pages.
    const paged = new S3ResumeStorage(t.config, { listPageSize: 2 });
    try {
      const written = await Promise.all(Array.from({ length: 5 }, () => paged.save(Buffer.from('x'))));
      const objects = await paged.objects();
      expect([...objects.keys()]).toEqual(expect.arrayContaining(written));
      const lastWritten = Math.max(...[...objects.values()].map((object) => object.lastModified.getTime()));
      const firstWritten = Math.min(...written.map((key) => objects.get(key)!.lastModified.getTime()));
      expect((await paged.keysOlderThan(new Date(lastWritten + 1000))).sort()).toEqual([...objects.keys()].sort());
      expect(await paged.keysOlderThan(new Date(firstWritten))).toEqual(expect.not.arrayContaining(written));
      await Promise.all(written.map((key) => paged.delete(key)));
    } finally {
      paged.onApplicationShutdown();
    }
  });

  it('the orphan sweep removes objects no application references, an hour after they were written', async () => {
    const job = await createJob();
    const { resumeKey } = await apply(job);
    const orphan = await bucket.save(Buffer.from('%PDF-1.4 orphan'));
    const sweeper = t.app.get(ResumeSweeper);
    expect(await sweeper.sweep(new Date(Date.now() + HOUR_MS / 2))).toBe(0);
    expect(await sweeper.sweep(new Date(Date.now() + 2 * HOUR_MS))).toBe(1);
    const keys = await keysInBucket();
    expect(keys).toContain(resumeKey);
    expect(keys).not.toContain(orphan);
  });

  it('a key that is not a resume key is never read or written', async () => {
    expect(await bucket.read('../other-bucket/file')).toBeUndefined();
    await expect(bucket.saveAs('not-a-key', Buffer.from('x'))).rejects.toThrow(/Not a resume key/);
  });

  describe("only the product's own key prefix", () => {
    const foreignFolderObject = 'other-app/data.txt';
    const foreignUuidInFolder = `other-app/${randomUUID()}`;
    // Named like one of our resumes of before the prefix, but no application names it: it may be anyone's.
    const unnamedUuidAtRoot = randomUUID();
    let raw: S3Client;
    const allObjectNames = async () => {
      const names: string[] = [];
      for await (const page of paginateListObjectsV2({ client: raw }, { Bucket: s3.bucket })) names.push(...(page.Contents ?? []).map((object) => object.Key!));
      return names;
    };
    const foreignNames = [foreignFolderObject, foreignUuidInFolder, unnamedUuidAtRoot];

    beforeAll(async () => {
      raw = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true });
      for (const name of foreignNames) await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: name, Body: `not ours: ${name}` }));
    });
    afterAll(() => raw.destroy());

    it('stores every resume under resumes/, and lists nothing outside it', async () => {
      const { resumeKey } = await apply(await createJob());
      const names = await allObjectNames();
      expect(names).toContain(`resumes/${resumeKey}`);
      expect(names).not.toContain(resumeKey);
      const listed = await keysInBucket();
      expect(listed).toContain(resumeKey);
      expect(listed.some((key) => foreignNames.some((name) => name.endsWith(key)))).toBe(false);
    });

    it("the orphan sweep leaves alone another application's objects and a UUID-named object at the root that no application names", async () => {
      const orphan = await bucket.save(Buffer.from('%PDF-1.4 orphan'));
      await t.app.get(ResumeSweeper).sweep(new Date(Date.now() + 2 * HOUR_MS));
      const names = await allObjectNames();
      expect(names).not.toContain(`resumes/${orphan}`);
      expect(names).toEqual(expect.arrayContaining(foreignNames));
    });

    it("a resume an older version stored at the bucket's root is still downloaded, and moved under the prefix at start", async () => {
      const job = await createJob();
      const { id, resumeKey, resume } = await apply(job);
      // As an older version left it: the bare UUID at the root.
      await raw.send(new CopyObjectCommand({ Bucket: s3.bucket, CopySource: `${s3.bucket}/resumes/${resumeKey}`, Key: resumeKey }));
      await raw.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `resumes/${resumeKey}` }));
      const download = async () => {
        const response = await t.http.get(`/api/jobs/applications/${id}/resume`).set(auth).buffer(true).parse(rawBody);
        expect(response.status).toBe(200);
        return response.body as Buffer;
      };
      expect(Buffer.compare(await download(), resume)).toBe(0);

      expect(await t.app.get(LegacyResumeObjects).moveUnderPrefix()).toEqual({ moved: 1, leftAlone: 1 });
      const names = await allObjectNames();
      expect(names).toContain(`resumes/${resumeKey}`);
      expect(names).not.toContain(resumeKey);
      expect(names).toContain(unnamedUuidAtRoot);
      expect(Buffer.compare(await download(), resume)).toBe(0);
    });

    it('restore --force replaces the resumes under the prefix and nothing else in the bucket', async () => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-s3-restore-'));
      try {
        const lines: string[] = [];
        const output = { out: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
        const env = (dataDir: string, extra: Record<string, string> = {}) => ({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          JWT_SECRET: randomBytes(32).toString('hex'),
          ...extra,
        });
        // An archive of an empty embedded database and no resumes.
        const source = path.join(work, 'source');
        await (await openDatabase({ dataDir: source })).close();
        const archive = path.join(work, 'empty.tar');
        expect(await runBackupCli(['backup', '--out', archive], env(source), output)).toBe(BACKUP_EXIT.done);

        const ours = await keysInBucket();
        expect(ours.length).toBeGreaterThan(0);
        const target = (name: string) => env(path.join(work, name), { STORAGE_URL: s3.storageUrl });
        lines.length = 0;
        expect(await runBackupCli(['restore', archive], target('refused'), output)).toBe(BACKUP_EXIT.targetNotEmpty);
        expect(lines.join('\n')).toContain(`the resume storage holds ${ours.length} files`);
        expect(await runBackupCli(['restore', archive, '--force'], target('forced'), output)).toBe(BACKUP_EXIT.done);
        expect(await keysInBucket()).toEqual([]);
        expect(await allObjectNames()).toEqual(expect.arrayContaining(foreignNames));
        expect((await allObjectNames()).filter((name) => name.startsWith('resumes/'))).toEqual([]);
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    });
  });

  describe('npm run admin -- migrate-storage', () => {
    let uploadsDir: string;
    let output: string[];
    const migrate = (args: string[] = [], env: Record<string, string> = { STORAGE_URL: s3.storageUrl }) => {
      output = [];
      const lines = { out: (line: string) => output.push(line), error: (line: string) => output.push(line) };
      return runAdminCli(
        ['migrate-storage', ...args],
        { NODE_ENV: 'test', DATA_DIR: uploadsDir, UPLOADS_DIR: uploadsDir, JWT_SECRET: randomBytes(32).toString('hex'), ...env },
        lines,
      );
    };

    beforeEach(() => {
      uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-migrate-'));
    });
    afterEach(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));

    it('copies the local files under the same keys, skips what the bucket holds with the same size, and carries on after an interruption', async () => {
      const local = new LocalResumeStorage({ storage: { uploadsDir } } as never);
      const files = new Map(Array.from({ length: 3 }, (_, i) => [randomUUID(), samplePdf(`Local resume ${i}`)]));
      for (const [key, bytes] of files) await local.saveAs(key, bytes);
      const [copiedBefore, cutShort] = [...files];
      if (!copiedBefore || !cutShort) throw new Error('Expected three local files');
      // An earlier run copied one file, and was stopped while writing another (a different size).
      await bucket.saveAs(copiedBefore[0], copiedBefore[1]);
      await bucket.saveAs(cutShort[0], cutShort[1].subarray(0, 10));

      expect(await migrate()).toBe(0);
      expect(output).toEqual([`Copied 2 resume(s) from ${uploadsDir} to the bucket "${s3.bucket}"; 1 already there; 0 local file(s) removed.`]);
      for (const [key, bytes] of files) expect(Buffer.compare((await bucket.read(key))!, bytes)).toBe(0);

      expect(await migrate()).toBe(0);
      expect(output).toEqual([`Copied 0 resume(s) from ${uploadsDir} to the bucket "${s3.bucket}"; 3 already there; 0 local file(s) removed.`]);
      expect((await local.allKeys()).sort()).toEqual([...files.keys()].sort());

      expect(await migrate(['--remove-local'])).toBe(0);
      expect(output).toEqual([`Copied 0 resume(s) from ${uploadsDir} to the bucket "${s3.bucket}"; 3 already there; 3 local file(s) removed.`]);
      expect(await local.allKeys()).toEqual([]);
      // What the command wrote in the data folder (its database, for the audit entry) is its owner's alone.
      expect(execFileSync('find', [uploadsDir, '-perm', '/077'], { encoding: 'utf8' })).toBe('');
      for (const [key, bytes] of files) expect(Buffer.compare((await bucket.read(key))!, bytes)).toBe(0);
      await Promise.all([...files.keys()].map((key) => bucket.delete(key)));

      // Each run is in the audit log of the server's database (here the embedded one of DATA_DIR), as the command line's.
      const connection = await openDatabase({ dataDir: uploadsDir });
      try {
        const runs = await connection.db.select().from(auditEntries).where(eq(auditEntries.action, 'storage.migrated')).orderBy(asc(auditEntries.createdAt));
        const osUser = os.userInfo().username;
        expect(runs.map((run) => [run.actor, run.details])).toEqual([
          ['cli', { bucket: s3.bucket, copied: 2, skipped: 1, removedLocal: 0, osUser }],
          ['cli', { bucket: s3.bucket, copied: 0, skipped: 3, removedLocal: 0, osUser }],
          ['cli', { bucket: s3.bucket, copied: 0, skipped: 3, removedLocal: 3, osUser }],
        ]);
      } finally {
        await connection.close();
      }
    });

    it('says what to set when STORAGE_URL is missing, and what the bucket answered when it refuses', async () => {
      expect(await migrate([], {})).toBe(1);
      expect(output).toEqual([expect.stringMatching(/^Error: migrate-storage copies the resumes into the bucket of STORAGE_URL, which is not set/)]);
      await new LocalResumeStorage({ storage: { uploadsDir } } as never).save(samplePdf());
      const missing = s3.storageUrl.replace(`s3://${s3.bucket}?`, 's3://no-such-bucket?');
      expect(await migrate([], { STORAGE_URL: missing })).toBe(1);
      expect(output).toEqual([expect.stringMatching(/^Error: the bucket of STORAGE_URL answered NoSuchBucket/)]);
    });
  });
});
