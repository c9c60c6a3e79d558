import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { MESSAGES } from '@brightwave/common';
import { count } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { jobApplications } from '../src/database/schema';
import { ORPHAN_MIN_AGE_MS, ResumeSweeper } from '../src/jobs/resume-sweeper';
import { dataUrl, pdfOfSize, samplePdf } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TestApp } from './support/test-app';

// Booting the app and signing in (argon2id) can take long on a busy 2-core machine.
const BOOT_TIMEOUT_MS = 120_000;
const KB = 1024;

const validJob = {
  title: 'Site Reliability Engineer',
  department: 'engineering',
  location: 'remote',
  type: 'full-time',
  experience: '3+ years',
  description: 'Keep it running.',
  requirements: ['Linux'],
};


async function openJob(t: TestApp): Promise<string> {
  const token = await loginAsAdmin(t);
  const job = await t.http.post('/api/jobs/admin').set({ Authorization: `Bearer ${token}` }).send(validJob).expect(201);
  return job.body.data.id as string;
}

const application = (job: string, email: string, resume = samplePdf()) => ({
  job,
  fullName: 'Flood Tester',
  email,
  phone: '+15550100',
  experience: '1 year',
  resume: dataUrl(resume),
  isResumeBase64: true,
});

const storedFiles = (t: TestApp) => (fs.existsSync(t.config.uploadsDir) ? fs.readdirSync(t.config.uploadsDir) : []);
const storedBytes = (t: TestApp) =>
  storedFiles(t).reduce((sum, name) => sum + fs.statSync(path.join(t.config.uploadsDir, name)).size, 0);
const countApplications = async (t: TestApp) => {
  const [{ total }] = await t.app.get<symbol, Database>(DATABASE).select({ total: count() }).from(jobApplications);
  return total;
};

describe('Applications cannot fill the disk', () => {
  describe('the daily cap on applications', () => {
    let t: TestApp;
    let job: string;
    beforeAll(async () => {
      t = await createTestApp({ APPLY_DAILY_MAX_APPLICATIONS: '3' });
      job = await openJob(t);
    }, BOOT_TIMEOUT_MS);
    afterAll(() => t.close());

    it('stops a flood of applications at the cap with 503 and Retry-After, storing nothing beyond it', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const response = await t.http.post('/api/jobs/apply').send(application(job, `flood-${i}@example.com`));
        statuses.push(response.status);
        if (response.status === 503) {
          expect(response.body).toEqual({ success: false, message: MESSAGES.applicationsPaused });
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([201, 201, 201, 503, 503, 503, 503, 503]);
      expect(await countApplications(t)).toBe(3);
      expect(storedFiles(t)).toHaveLength(3);
    });
  });

  describe('the daily cap on resume bytes', () => {
    let t: TestApp;
    let job: string;
    beforeAll(async () => {
      t = await createTestApp({ APPLY_DAILY_MAX_RESUME_MB: '1' });
      job = await openJob(t);
    }, BOOT_TIMEOUT_MS);
    afterAll(() => t.close());

    it('refuses the resume that would take the day past the cap; the disk holds no more than the cap', async () => {
      const resume = pdfOfSize(400 * KB);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await t.http.post('/api/jobs/apply').send(application(job, `bytes-${i}@example.com`, resume))).status);
      }
      expect(statuses).toEqual([201, 201, 503, 503, 503]);
      expect(storedBytes(t)).toBe(2 * 400 * KB);
      // A smaller file still fits under the cap.
      await t.http.post('/api/jobs/apply').send(application(job, 'small@example.com', pdfOfSize(100 * KB))).expect(201);
    });
  });

  describe('low free space', () => {
    let t: TestApp;
    let job: string;
    beforeAll(async () => {
      // More free space required than any test machine has: every application meets a "full" disk.
      t = await createTestApp({ UPLOADS_MIN_FREE_MB: '100000000' });
      job = await openJob(t);
    }, BOOT_TIMEOUT_MS);
    afterAll(() => t.close());

    it('refuses applications with 503 while the uploads folder has less free space than UPLOADS_MIN_FREE_MB', async () => {
      const response = await t.http.post('/api/jobs/apply').send(application(job, 'full@example.com')).expect(503);
      expect(response.body).toEqual({ success: false, message: MESSAGES.applicationsPaused });
      expect(await countApplications(t)).toBe(0);
      expect(storedFiles(t)).toEqual([]);
    });
  });

  describe('one application per e-mail and job', () => {
    let t: TestApp;
    let job: string;
    beforeAll(async () => {
      t = await createTestApp();
      job = await openJob(t);
    }, BOOT_TIMEOUT_MS);
    afterAll(() => t.close());

    it('answers a second application of the same e-mail (any case) with 409 and keeps only the first file', async () => {
      await t.http.post('/api/jobs/apply').send(application(job, 'twice@example.com')).expect(201);
      const again = await t.http.post('/api/jobs/apply').send(application(job, 'TWICE@Example.com')).expect(409);
      expect(again.body).toEqual({ success: false, message: MESSAGES.alreadyApplied, errors: { email: MESSAGES.alreadyApplied } });
      expect(storedFiles(t)).toHaveLength(1);
    });

    it('stores one application when the same person submits several times at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => t.http.post('/api/jobs/apply').send(application(job, 'racing@example.com'))),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
      expect(storedFiles(t)).toHaveLength(2);
    });

    it('lets the same e-mail apply to another job', async () => {
      const other = await openJob(t);
      await t.http.post('/api/jobs/apply').send(application(other, 'twice@example.com')).expect(201);
    });
  });

  describe('the sweeper', () => {
    let t: TestApp;
    let job: string;
    beforeAll(async () => {
      t = await createTestApp();
      job = await openJob(t);
    }, BOOT_TIMEOUT_MS);
    afterAll(() => t.close());

    it('removes old orphan files and .partial leftovers, and keeps every referenced and every recent file', async () => {
      await t.http.post('/api/jobs/apply').send(application(job, 'kept@example.com')).expect(201);
      const [referenced] = storedFiles(t);
      const dir = t.config.uploadsDir;
      const orphan = '5a1b2c3d-0000-4000-8000-00000000000a';
      const recentOrphan = '5a1b2c3d-0000-4000-8000-00000000000b';
      const partial = '5a1b2c3d-0000-4000-8000-00000000000c.partial';
      for (const name of [orphan, recentOrphan, partial]) fs.writeFileSync(path.join(dir, name), 'leftover');
      const old = new Date(Date.now() - ORPHAN_MIN_AGE_MS - 60_000);
      for (const name of [referenced, orphan, partial]) fs.utimesSync(path.join(dir, name), old, old);

      const removed = await t.app.get(ResumeSweeper).sweep();
      expect(removed).toBe(1);
      expect(storedFiles(t).sort()).toEqual([referenced, recentOrphan].sort());
    });
  });
});

describe('Per-address limits are checked before the body is read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_APPLY_PER_HOUR: '1', TRUST_PROXY: 'true' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  const port = () => (t.app.getHttpServer().address() as net.AddressInfo).port;

  /** Sends only the headers of a 6 MB application, and answers the status line the server replies with (if any). */
  function headersOnly(forwardedFor: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port(), '127.0.0.1');
      let answer = '';
      socket.setTimeout(3000, () => (socket.destroy(), resolve('no answer while the body was pending')));
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        if (answer.includes('\r\n')) {
          socket.destroy();
          resolve(answer.split('\r\n')[0]);
        }
      });
      socket.on('error', reject);
      socket.write(
        'POST /api/jobs/apply HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${6 * 1024 * 1024}\r\nX-Forwarded-For: ${forwardedFor}\r\n\r\n{"job":`,
      );
    });
  }

  it('answers an address over its limit with 429 while its body is still on the way', async () => {
    expect(await headersOnly('198.51.100.7')).toBe('no answer while the body was pending');
    expect(await headersOnly('198.51.100.7')).toBe('HTTP/1.1 429 Too Many Requests');
  });

  it('counts every address of one IPv6 /64 together, and other networks apart', async () => {
    expect(await headersOnly('2001:db8:42:1::10')).toBe('no answer while the body was pending');
    expect(await headersOnly('2001:db8:42:1:ffff::99')).toBe('HTTP/1.1 429 Too Many Requests');
    expect(await headersOnly('2001:db8:42:2::10')).toBe('no answer while the body was pending');
  });
});
