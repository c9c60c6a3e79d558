import { DAY_MS, MESSAGES, required, todayUtc } from '@brightwave/common';
import { count, eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { jobs } from '../src/database/schema';
import { JobsService } from '../src/jobs/jobs.service';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, type TestApp } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const validJob = {
  title: 'Closing Date Engineer',
  department: 'engineering',
  location: 'remote',
  type: 'full-time',
  experience: '2-3 years',
  description: 'Work on dates.',
  requirements: ['Patience'],
};
const dayFromToday = (days: number) => todayUtc(new Date(Date.now() + days * DAY_MS));

describe('Job closing dates', () => {
  let t: TestApp;
  let db: Database;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get<symbol, Database>(DATABASE);
    auth = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  const create = (changes: Record<string, unknown>) =>
    t.http
      .post('/api/jobs/admin')
      .set(auth)
      .send({ ...validJob, ...changes });
  const publicJobIds = async () => ((await t.http.get('/api/jobs').expect(200)).body.jobs as { _id: string }[]).map((job) => job._id);
  const apply = (jobId: string, email: string) =>
    t.http
      .post('/api/jobs/apply')
      .send({ job: jobId, fullName: 'Ada Applicant', email, phone: '+15550123', experience: '3 years', resume: dataUrl(samplePdf()), isResumeBase64: true });
  /** What time does to a job: its closing day is now in the past (a date the API itself refuses to set). */
  const letCloseYesterday = (id: string) =>
    db
      .update(jobs)
      .set({ closesAt: dayFromToday(-1) })
      .where(eq(jobs.id, id));

  it('takes an optional closing date on create and shows it; without one, closesAt is null', async () => {
    const closing = dayFromToday(10);
    const withDate = (await create({ closesAt: closing }).expect(201)).body.data;
    expect(withDate).toMatchObject({ closesAt: closing, status: 'active' });
    expect((await create({}).expect(201)).body.data.closesAt).toBeNull();
    expect((await create({ closesAt: null }).expect(201)).body.data.closesAt).toBeNull();
    expect(await publicJobIds()).toContain(withDate._id);
  });

  it('refuses a closing date that is not a date, or in the past, and stores nothing', async () => {
    const countJobs = async () => required((await db.select({ total: count() }).from(jobs))[0], 'the count of jobs').total;
    const before = await countJobs();
    for (const closesAt of ['2026-02-30', 'next friday', '31/12/2026', 20261231, '2026-12-31T00:00:00Z']) {
      const refused = await create({ closesAt }).expect(400);
      expect(refused.body).toMatchObject({ success: false, message: MESSAGES.jobClosesAtInvalid, errors: { closesAt: MESSAGES.jobClosesAtInvalid } });
    }
    const past = await create({ closesAt: dayFromToday(-1) }).expect(400);
    expect(past.body.errors).toEqual({ closesAt: MESSAGES.jobClosesAtPast });
    const after = await countJobs();
    expect(after).toBe(before);
    // Today is still open: the job closes at the end of its closing day.
    expect((await create({ closesAt: todayUtc() }).expect(201)).body.data.closesAt).toBe(todayUtc());
  });

  it('after its closing day a job leaves GET /api/jobs, refuses applications, and expires', async () => {
    const job = (await create({ closesAt: dayFromToday(3) }).expect(201)).body.data;
    await apply(job._id, 'before.closing@example.com').expect(201);
    await letCloseYesterday(job._id);

    expect(await publicJobIds()).not.toContain(job._id);
    const refused = await apply(job._id, 'after.closing@example.com').expect(409);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.jobNotOpen });

    expect(await t.app.get(JobsService).expireClosed()).toBeGreaterThanOrEqual(1);
    const row = required((await db.select().from(jobs).where(eq(jobs.id, job._id)))[0], 'the job');
    expect(row.status).toBe('expired');
    expect(row.inactiveSince).toBeInstanceOf(Date);
    expect(await t.app.get(JobsService).expireClosed()).toBe(0);

    const reopened = await t.http.put(`/api/jobs/admin/${job._id}/status`).set(auth).send({ status: 'active' }).expect(409);
    expect(reopened.body.message).toBe(MESSAGES.jobReopenClosed);
  });

  it('an edit keeps a passed closing date, refuses a new past one, and a later date lets the job reopen', async () => {
    const job = (await create({ closesAt: dayFromToday(3) }).expect(201)).body.data;
    await letCloseYesterday(job._id);
    const yesterday = dayFromToday(-1);
    await t.http
      .put(`/api/jobs/admin/${job._id}`)
      .set(auth)
      .send({ ...validJob, title: 'Renamed', closesAt: yesterday })
      .expect(200);
    const earlier = await t.http
      .put(`/api/jobs/admin/${job._id}`)
      .set(auth)
      .send({ ...validJob, closesAt: dayFromToday(-2) })
      .expect(400);
    expect(earlier.body.errors).toEqual({ closesAt: MESSAGES.jobClosesAtPast });
    await t.http
      .put(`/api/jobs/admin/${job._id}`)
      .set(auth)
      .send({ ...validJob, closesAt: dayFromToday(30) })
      .expect(200);
    await t.http.put(`/api/jobs/admin/${job._id}/status`).set(auth).send({ status: 'expired' }).expect(200);
    await t.http.put(`/api/jobs/admin/${job._id}/status`).set(auth).send({ status: 'active' }).expect(200);
    expect(await publicJobIds()).toContain(job._id);
  });
});
