import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, required } from '@brightwave/common';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { DATABASE, type Database } from '../src/database/database';
import { jobApplications, media } from '../src/database/schema';
import { ResumeStorage } from '../src/storage/resume-storage';
import { dataUrl, pdfOfSize } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TestApp } from './support/test-app';

const KB = 1024;

/** A real full file system: a 1 MB tmpfs of our own (root only, as in CI; elsewhere the suite is skipped). */
function mountSmallFolder(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-full-uploads-'));
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', dir]).status === 0) return dir;
  fs.rmdirSync(dir);
  return undefined;
}
const uploadsDir = mountSmallFolder();

(uploadsDir ? describe : describe.skip)('A full uploads folder (1 MB tmpfs)', () => {
  const folder = uploadsDir as string;
  const filler = path.join(folder, 'filler');
  let t: TestApp;
  let job: string;
  let auth: { Authorization: string };
  const countApplications = async () =>
    required((await t.app.get<symbol, Database>(DATABASE).select({ total: count() }).from(jobApplications))[0], 'the count').total;
  const countPictures = async () => required((await t.app.get<symbol, Database>(DATABASE).select({ total: count() }).from(media))[0], 'the count').total;
  const application = (email: string) => ({
    job,
    fullName: 'Full Disk',
    email,
    phone: '+15550100',
    experience: '1 year',
    resume: dataUrl(pdfOfSize(300 * KB)),
    isResumeBase64: true,
  });

  beforeAll(async () => {
    // No free-space margin: only the file system itself refuses.
    t = await createTestApp({ UPLOADS_DIR: folder, UPLOADS_MIN_FREE_MB: '0' });
    auth = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
    const created = await t.http
      .post('/api/jobs/admin')
      .set(auth)
      .send({
        title: 'Storage Engineer',
        department: 'engineering',
        location: 'remote',
        type: 'full-time',
        experience: '3+ years',
        description: 'Disks.',
        requirements: ['Linux'],
      })
      .expect(201);
    job = created.body.data.id;
  });
  afterAll(async () => {
    await t.close();
    spawnSync('umount', [folder]);
    fs.rmdirSync(folder);
  });

  it('a resume write that runs out of space mid-file fails with ENOSPC and leaves no partial file', async () => {
    await expect(t.app.get(ResumeStorage).save(pdfOfSize(2 * 1024 * KB))).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('an application to the full folder is answered 503 with the message and stores no row; once space is back it is taken', async () => {
    const stats = fs.statfsSync(folder);
    fs.writeFileSync(filler, Buffer.alloc(stats.bavail * stats.bsize - 64 * KB));
    const before = await countApplications();
    const refused = await t.http.post('/api/jobs/apply').send(application('full@example.test'));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.applicationsPaused });
    expect(await countApplications()).toBe(before);
    expect(fs.readdirSync(folder)).toEqual(['filler']);

    fs.rmSync(filler);
    await t.http.post('/api/jobs/apply').send(application('full@example.test')).expect(201);
    expect(await countApplications()).toBe(before + 1);
  });

  it('a picture whose files would not fit is answered 503 with the message and stores nothing; once space is back it is taken', async () => {
    // Noise: its files (AVIF, WebP and JPEG at four widths) are far more than the 64 KB left.
    const photo = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg()
      .toBuffer();
    const stats = fs.statfsSync(folder);
    fs.writeFileSync(filler, Buffer.alloc(stats.bavail * stats.bsize - 64 * KB));
    const before = await countPictures();
    const refused = await t.http.post('/api/admin/media').set(auth).attach('file', photo, 'photo.jpg');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.mediaStorageFull });
    expect(await countPictures()).toBe(before);
    expect(fs.readdirSync(path.join(folder, 'media'))).toEqual([]);

    fs.rmSync(filler);
    const small = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    await t.http.post('/api/admin/media').set(auth).attach('file', small, 'small.png').expect(201);
    expect(await countPictures()).toBe(before + 1);
  });
});
