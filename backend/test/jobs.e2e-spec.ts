import { JOB_STATUSES, MAX_LENGTH, MAX_REQUIREMENTS, MESSAGES, required } from '@brightwave/common';
import { count } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { jobs } from '../src/database/schema';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TestApp } from './support/test-app';

const validJob = {
  title: 'Senior Backend Engineer',
  department: 'engineering',
  location: 'remote',
  type: 'full-time',
  experience: '5+ years',
  description: 'Build and run our APIs.',
  requirements: ['TypeScript', 'PostgreSQL'],
};
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
// Booting the app and signing in (argon2id) can take long on a busy 2-core machine.
const BOOT_TIMEOUT_MS = 120_000;

describe('Jobs API', () => {
  let t: TestApp;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const countJobs = async () => {
    const [counted] = await t.app.get<symbol, Database>(DATABASE).select({ total: count() }).from(jobs);
    return required(counted, 'the count').total;
  };
  const createJob = async (changes: Partial<typeof validJob> = {}) =>
    (
      await t.http
        .post('/api/jobs/admin')
        .set(auth())
        .send({ ...validJob, ...changes })
        .expect(201)
    ).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginAsAdmin(t);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('creates a job (201) that is active, with _id and id alike and an ISO createdAt', async () => {
    const response = await t.http.post('/api/jobs/admin').set(auth()).send(validJob).expect(201);
    expect(response.body).toMatchObject({ success: true, message: MESSAGES.jobCreated });
    const job = response.body.data;
    expect(job).toMatchObject({ ...validJob, status: 'active' });
    expect(job._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(job.id).toBe(job._id);
    expect(new Date(job.createdAt).toISOString()).toBe(job.createdAt);
  });

  it('trims text fields and requirements', async () => {
    const job = await createJob({ title: '  Designer  ', requirements: ['  Figma  ', 'Taste '] });
    expect(job.title).toBe('Designer');
    expect(job.requirements).toEqual(['Figma', 'Taste']);
  });

  it('creates a job without requirements (the form starts with none)', async () => {
    const { requirements: _omitted, ...withoutRequirements } = validJob;
    const response = await t.http.post('/api/jobs/admin').set(auth()).send(withoutRequirements).expect(201);
    expect(response.body.data.requirements).toEqual([]);
  });

  it.each([
    ['title missing', { title: undefined }, 'title', 'Please provide a job title'],
    ['title blank', { title: '   ' }, 'title', 'Please provide a job title'],
    ['title too long', { title: 'x'.repeat(MAX_LENGTH.title + 1) }, 'title', `Job title must be at most ${MAX_LENGTH.title} characters`],
    ['department missing', { department: undefined }, 'department', 'Please select a department'],
    ['department unknown', { department: 'legal' }, 'department', 'Please select a department'],
    ['location unknown', { location: 'moon' }, 'location', 'Please select a location'],
    ['type unknown', { type: 'gig' }, 'type', 'Please select a job type'],
    ['type missing', { type: '' }, 'type', 'Please select a job type'],
    ['experience missing', { experience: '' }, 'experience', 'Please provide the experience required'],
    [
      'experience too long',
      { experience: 'x'.repeat(MAX_LENGTH.experience + 1) },
      'experience',
      `Experience must be at most ${MAX_LENGTH.experience} characters`,
    ],
    ['description missing', { description: undefined }, 'description', 'Please provide a job description'],
    [
      'description too long',
      { description: 'x'.repeat(MAX_LENGTH.description + 1) },
      'description',
      `Job description must be at most ${MAX_LENGTH.description} characters`,
    ],
    ['requirements not a list', { requirements: 'TypeScript' }, 'requirements', 'Requirements must be a list of text entries'],
    ['an empty requirement', { requirements: ['TypeScript', '   '] }, 'requirements', 'Requirements cannot be empty; remove the empty entry'],
    ['a requirement that is not text', { requirements: [42] }, 'requirements', 'Each requirement must be text'],
    [
      'a requirement too long',
      { requirements: ['x'.repeat(MAX_LENGTH.requirement + 1)] },
      'requirements',
      `Each requirement must be at most ${MAX_LENGTH.requirement} characters`,
    ],
    [
      'too many requirements',
      { requirements: Array.from({ length: MAX_REQUIREMENTS + 1 }, (_, i) => `R${i}`) },
      'requirements',
      `Please list at most ${MAX_REQUIREMENTS} requirements`,
    ],
    ['a NUL character in the title', { title: 'Engineer\u0000' }, 'title', 'Please remove the invisible NUL character from title'],
    ['a NUL character in a requirement', { requirements: ['Go', 'Rust\u0000'] }, 'requirements', 'Please remove the invisible NUL character from requirements'],
    ['status sent by the client', { status: 'filled' }, 'status', 'status is not an accepted field'],
    ['_id sent by the client', { _id: UNKNOWN_ID }, '_id', '_id is not an accepted field'],
    ['createdAt sent by the client', { createdAt: '2020-01-01T00:00:00.000Z' }, 'createdAt', 'createdAt is not an accepted field'],
  ])('rejects a job with %s (400, nothing stored)', async (_case, change, field, message) => {
    const before = await countJobs();
    const response = await t.http
      .post('/api/jobs/admin')
      .set(auth())
      .send({ ...validJob, ...change })
      .expect(400);
    expect(response.body).toMatchObject({ success: false, message });
    expect(response.body.errors[field]).toBe(message);
    expect(await countJobs()).toBe(before);
  });

  it('accepts exactly the maximum number of requirements of the maximum length', async () => {
    const requirements = Array.from({ length: MAX_REQUIREMENTS }, () => 'x'.repeat(MAX_LENGTH.requirement));
    expect((await createJob({ requirements })).requirements).toHaveLength(MAX_REQUIREMENTS);
  });

  it('updates every field of a job (PUT) and keeps its status', async () => {
    const job = await createJob();
    await t.http.put(`/api/jobs/admin/${job.id}/status`).set(auth()).send({ status: 'filled' }).expect(200);
    const changes = { title: 'Staff Engineer', location: 'hybrid', type: 'contract', requirements: ['Go'] };
    const response = await t.http
      .put(`/api/jobs/admin/${job.id}`)
      .set(auth())
      .send({ ...validJob, ...changes })
      .expect(200);
    expect(response.body).toMatchObject({ success: true, message: MESSAGES.jobUpdated });
    expect(response.body.data).toMatchObject({ ...changes, id: job.id, status: 'filled', createdAt: job.createdAt });
  });

  it('rejects an invalid update with 400 and leaves the job as it was', async () => {
    const job = await createJob();
    await t.http
      .put(`/api/jobs/admin/${job.id}`)
      .set(auth())
      .send({ ...validJob, title: '' })
      .expect(400);
    await t.http
      .put(`/api/jobs/admin/${job.id}`)
      .set(auth())
      .send({ ...validJob, status: 'expired' })
      .expect(400);
    const list = await t.http.get('/api/jobs/admin').set(auth()).expect(200);
    expect(list.body.jobs.find((item: { id: string }) => item.id === job.id)).toEqual(job);
  });

  it('sets any status from any status', async () => {
    const job = await createJob();
    for (const status of [...JOB_STATUSES, ...[...JOB_STATUSES].reverse()]) {
      const response = await t.http.put(`/api/jobs/admin/${job.id}/status`).set(auth()).send({ status }).expect(200);
      expect(response.body).toMatchObject({ success: true, message: MESSAGES.jobStatusUpdated, data: { id: job.id, status } });
    }
  });

  it.each([[{ status: 'closed' }], [{}], [{ status: 'active', title: 'x' }]])('rejects the status body %j with 400', async (body) => {
    const job = await createJob();
    const response = await t.http.put(`/api/jobs/admin/${job.id}/status`).set(auth()).send(body).expect(400);
    expect(response.body.success).toBe(false);
  });

  it('answers only active jobs to visitors, newest first, without authentication', async () => {
    const expired = await createJob({ title: 'Expired role' });
    const filled = await createJob({ title: 'Filled role' });
    await t.http.put(`/api/jobs/admin/${expired.id}/status`).set(auth()).send({ status: 'expired' }).expect(200);
    await t.http.put(`/api/jobs/admin/${filled.id}/status`).set(auth()).send({ status: 'filled' }).expect(200);
    const open = await createJob({ title: 'Open role' });

    const response = await t.http.get('/api/jobs').expect(200);
    expect(response.body.success).toBe(true);
    const listed: { id: string; status: string; createdAt: string }[] = response.body.jobs;
    expect(listed.every((job) => job.status === 'active')).toBe(true);
    expect(listed.map((job) => job.id)).toContain(open.id);
    expect(listed.map((job) => job.id)).not.toEqual(expect.arrayContaining([expired.id]));
    expect(listed.map((job) => job.id)).not.toEqual(expect.arrayContaining([filled.id]));
    expect(listed[0]?.id).toBe(open.id);
    const dates = listed.map((job) => job.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('lists every job to the admin without parameters, with the total', async () => {
    const response = await t.http.get('/api/jobs/admin').set(auth()).expect(200);
    expect(response.body.success).toBe(true);
    expect(response.body.total).toBe(await countJobs());
    expect(response.body.jobs).toHaveLength(response.body.total);
  });

  it('searches job descriptions too, as the admin search box says', async () => {
    await createJob({ title: 'Night Shift Lead', description: 'Run our platypus-themed hackathons.' });
    const search = await t.http.get('/api/jobs/admin?q=platypus').set(auth()).expect(200);
    expect(search.body.jobs.map((job: { title: string }) => job.title)).toEqual(['Night Shift Lead']);
  });

  it('pages, filters by status, searches titles and sorts the admin list', async () => {
    await createJob({ title: 'Zebra 100% Keeper_1' });
    const page = await t.http.get('/api/jobs/admin?page=2&limit=2').set(auth()).expect(200);
    expect(page.body.jobs).toHaveLength(2);
    expect(page.body.total).toBe(await countJobs());
    const search = await t.http
      .get(`/api/jobs/admin?q=${encodeURIComponent('zebra 100%')}`)
      .set(auth())
      .expect(200);
    expect(search.body.jobs.map((job: { title: string }) => job.title)).toEqual(['Zebra 100% Keeper_1']);
    expect(search.body.total).toBe(1);
    // `%` and `_` are searched literally.
    expect((await t.http.get('/api/jobs/admin?q=%25%25').set(auth()).expect(200)).body.total).toBe(0);
    const oldest = await t.http.get('/api/jobs/admin?sort=oldest&limit=1').set(auth()).expect(200);
    expect(oldest.body.jobs[0].title).toBe(validJob.title);
    const expired = await t.http.get('/api/jobs/admin?status=expired').set(auth()).expect(200);
    expect(expired.body.jobs.length).toBeGreaterThan(0);
    expect(expired.body.jobs.every((job: { status: string }) => job.status === 'expired')).toBe(true);
  });

  it.each([['limit=101'], ['page=0'], ['status=gone'], ['sort=sideways'], ['limit=abc'], ['q=%00']])(
    'rejects the admin list query %s with 400',
    async (query) => {
      const response = await t.http.get(`/api/jobs/admin?${query}`).set(auth()).expect(400);
      expect(response.body.success).toBe(false);
    },
  );

  it('deletes a job', async () => {
    const job = await createJob();
    const response = await t.http.delete(`/api/jobs/admin/${job.id}`).set(auth()).expect(200);
    expect(response.body).toEqual({ success: true, message: MESSAGES.jobDeleted });
    const list = await t.http.get('/api/jobs/admin').set(auth()).expect(200);
    expect(list.body.jobs.map((item: { id: string }) => item.id)).not.toContain(job.id);
    await t.http.delete(`/api/jobs/admin/${job.id}`).set(auth()).expect(404);
  });

  it.each([
    ['unknown', UNKNOWN_ID],
    ['malformed', 'not-an-id'],
    ['SQL-looking', "1' OR '1'='1"],
  ])('answers 404 Job not found for an %s id on update, status and delete', async (_case, id) => {
    const path = `/api/jobs/admin/${encodeURIComponent(id)}`;
    for (const response of [
      await t.http.put(path).set(auth()).send(validJob),
      await t.http.put(`${path}/status`).set(auth()).send({ status: 'filled' }),
      await t.http.delete(path).set(auth()),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, message: MESSAGES.jobNotFound });
    }
  });

  it('answers 401 Not authorized on every admin jobs route without a valid token, and stores nothing', async () => {
    const job = await createJob();
    const before = await countJobs();
    const calls = [
      () => t.http.get('/api/jobs/admin'),
      () => t.http.post('/api/jobs/admin').send(validJob),
      () => t.http.put(`/api/jobs/admin/${job.id}`).send({ ...validJob, title: 'Hijacked' }),
      () => t.http.put(`/api/jobs/admin/${job.id}/status`).send({ status: 'filled' }),
      () => t.http.delete(`/api/jobs/admin/${job.id}`),
    ];
    for (const call of calls) {
      for (const header of [undefined, 'Bearer not-a-token', `Basic ${token}`]) {
        const request = call();
        if (header) request.set('Authorization', header);
        const response = await request;
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ success: false, message: MESSAGES.notAuthorized });
      }
    }
    expect(await countJobs()).toBe(before);
    const list = await t.http.get('/api/jobs/admin').set(auth()).expect(200);
    expect(list.body.jobs.find((item: { id: string }) => item.id === job.id)).toEqual(job);
  });

  it('answers 413 to a body over the default limit on the job routes', async () => {
    const before = await countJobs();
    const response = await t.http
      .post('/api/jobs/admin')
      .set(auth())
      .send({ ...validJob, description: 'x'.repeat(200 * 1024) })
      .expect(413);
    expect(response.body).toEqual({ success: false, message: MESSAGES.bodyTooLarge });
    expect(await countJobs()).toBe(before);
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await t.http.post('/api/jobs/admin').set(auth()).set('Content-Type', 'application/json').send('{"title": ').expect(400);
    expect(response.body.success).toBe(false);
  });
});
