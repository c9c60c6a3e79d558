// PostgreSQL pass, engine blocks: applications racing a deletion of their job, on concurrent connections.
import fs from 'node:fs';
import path from 'node:path';
import { APPLICATION_STATUSES, APPLY_BODY_LIMIT_BYTES, MAX_LENGTH, MESSAGES, required, RESUME_MAX_BYTES } from '@brightwave/common';
import { count } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { jobApplications } from '../src/database/schema';
import { dataUrl, pdfOfSize } from './fixtures/resume-samples';
import { buildZip } from './fixtures/zip';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, describeEngineDependent, TestApp } from './support/test-app';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));
const RESUME_PDF = fixture('resume.pdf');
const RESUME_DOC = fixture('resume.doc');
const RESUME_DOCX = fixture('resume.docx');
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
// Booting the app and signing in (argon2id) can take long on a busy 2-core machine.
const BOOT_TIMEOUT_MS = 120_000;

const validJob = {
  title: 'Product Designer',
  department: 'design',
  location: 'hybrid',
  type: 'full-time',
  experience: '2-3 years',
  description: 'Design our products.',
  requirements: ['Figma'],
};

describe('Job applications API', () => {
  let t: TestApp;
  let token: string;
  let jobId: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  let applicants = 0;
  // A new e-mail each time: one address may apply to a job once.
  const application = (changes: Record<string, unknown> = {}) => ({
    job: jobId,
    fullName: 'Jane Doe',
    email: `jane-${++applicants}@example.com`,
    phone: '+15551234567',
    experience: '3 years',
    coverLetter: 'I would love to join.',
    portfolio: 'https://jane.example.com',
    resume: dataUrl(RESUME_PDF),
    isResumeBase64: true,
    ...changes,
  });
  const countApplications = async () => {
    const [counted] = await t.app.get<symbol, Database>(DATABASE).select({ total: count() }).from(jobApplications);
    return required(counted, 'the count').total;
  };
  const storedFiles = () => (fs.existsSync(t.config.storage.uploadsDir) ? fs.readdirSync(t.config.storage.uploadsDir).sort() : []);
  const createJob = async () => (await t.http.post('/api/jobs/admin').set(auth()).send(validJob).expect(201)).body.data.id as string;
  const apply = async (changes: Record<string, unknown> = {}) => (await t.http.post('/api/jobs/apply').send(application(changes)).expect(201)).body.data;
  /** The request must be refused with `status`, storing neither a row nor a file. */
  const expectRefused = async (body: unknown, status: number) => {
    const rows = await countApplications();
    const files = storedFiles();
    const response = await t.http.post('/api/jobs/apply').send(body as object);
    expect(response.status).toBe(status);
    expect(response.body.success).toBe(false);
    expect(await countApplications()).toBe(rows);
    expect(storedFiles()).toEqual(files);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' });
    token = await loginAsAdmin(t);
    jobId = await createJob();
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  describe('applying', () => {
    it('files an application to an active job without authentication (201, the success text, no file bytes)', async () => {
      const sent = application();
      const response = await t.http.post('/api/jobs/apply').send(sent).expect(201);
      expect(response.body).toMatchObject({ success: true, message: MESSAGES.applicationSuccess });
      const data = response.body.data;
      const { resume: _resume, isResumeBase64: _flag, ...fields } = sent;
      expect(data).toMatchObject({ ...fields, status: 'pending' });
      expect(data.id).toBe(data._id);
      expect(data.resume).toBe(`/api/jobs/applications/${data.id}/resume`);
      expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
      expect(JSON.stringify(response.body)).not.toContain(RESUME_PDF.toString('base64').slice(0, 40));
    });

    it('stores the resume under the uploads folder named by a random id, byte for byte', async () => {
      const before = storedFiles();
      await apply();
      const added = storedFiles().filter((file) => !before.includes(file));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(fs.readFileSync(path.join(t.config.storage.uploadsDir, required(added[0], 'the stored resume')))).toEqual(RESUME_PDF);
      expect(path.relative(t.config.storage.dataDir, t.config.storage.uploadsDir)).toBe('uploads');
    });

    it('accepts the optional fields left out or left empty, and does not trust isResumeBase64', async () => {
      const data = await apply({ coverLetter: '', portfolio: '   ', isResumeBase64: false });
      expect(data.coverLetter).toBeUndefined();
      expect(data.portfolio).toBeUndefined();
      const { coverLetter: _c, portfolio: _p, isResumeBase64: _f, ...required } = application();
      expect((await t.http.post('/api/jobs/apply').send(required).expect(201)).body.data.status).toBe('pending');
    });

    it('keeps the phone as digits with one leading +, removing the spaces, dashes and brackets people type', async () => {
      expect((await apply({ phone: ' +1 (555) 123-45.67 ' })).phone).toBe('+15551234567');
    });

    it('trims text and lower-cases the e-mail', async () => {
      const data = await apply({ fullName: '  Jane Doe ', email: ' Jane@Example.COM ', experience: ' 3 years ' });
      expect(data).toMatchObject({ fullName: 'Jane Doe', email: 'jane@example.com', experience: '3 years' });
    });

    it.each([
      ['fullName missing', { fullName: undefined }, 'fullName', 'Please provide your full name'],
      ['fullName blank', { fullName: '  ' }, 'fullName', 'Please provide your full name'],
      ['fullName too long', { fullName: 'x'.repeat(MAX_LENGTH.name + 1) }, 'fullName', `Full name must be at most ${MAX_LENGTH.name} characters`],
      ['email missing', { email: '' }, 'email', 'Please provide your email address'],
      ['email invalid', { email: 'jane@' }, 'email', 'Please provide a valid email address'],
      ['phone missing', { phone: undefined }, 'phone', 'Please provide your phone number'],
      ['phone with letters', { phone: '555-CALL-NOW' }, 'phone', 'Phone may contain only digits and one leading +'],
      ['phone with a + inside', { phone: '555+123' }, 'phone', 'Phone may contain only digits and one leading +'],
      ['phone too long', { phone: '1'.repeat(MAX_LENGTH.phone + 1) }, 'phone', `Phone must be at most ${MAX_LENGTH.phone} characters`],
      ['experience missing', { experience: '' }, 'experience', 'Please provide your years of experience'],
      [
        'experience too long',
        { experience: 'x'.repeat(MAX_LENGTH.experience + 1) },
        'experience',
        `Experience must be at most ${MAX_LENGTH.experience} characters`,
      ],
      [
        'cover letter too long',
        { coverLetter: 'x'.repeat(MAX_LENGTH.coverLetter + 1) },
        'coverLetter',
        `Cover letter must be at most ${MAX_LENGTH.coverLetter} characters`,
      ],
      [
        'portfolio a javascript: link',
        { portfolio: 'javascript:alert(1)' },
        'portfolio',
        'Please provide a valid portfolio link starting with http:// or https://',
      ],
      ['portfolio not a link', { portfolio: 'my portfolio' }, 'portfolio', 'Please provide a valid portfolio link starting with http:// or https://'],
      [
        'portfolio an ftp link',
        { portfolio: 'ftp://jane.example.com' },
        'portfolio',
        'Please provide a valid portfolio link starting with http:// or https://',
      ],
      ['job missing', { job: undefined }, 'job', 'Please choose the position you are applying for'],
      ['resume missing', { resume: undefined }, 'resume', 'Please attach your resume'],
      ['resume not text', { resume: { name: 'cv.pdf' } }, 'resume', 'Please attach your resume'],
      ['isResumeBase64 not a boolean', { isResumeBase64: 'yes' }, 'isResumeBase64', 'isResumeBase64 must be true or false'],
      ['a NUL character in the name', { fullName: 'Jane\u0000Doe' }, 'fullName', 'Please remove the invisible NUL character from fullName'],
      ['a NUL character in the cover letter', { coverLetter: '\u0000' }, 'coverLetter', 'Please remove the invisible NUL character from coverLetter'],
      ['status sent by the client', { status: 'hired' }, 'status', 'status is not an accepted field'],
      ['_id sent by the client', { _id: UNKNOWN_ID }, '_id', '_id is not an accepted field'],
    ])('refuses an application with %s (400, nothing stored)', async (_case, change, field, message) => {
      const body = await expectRefused(application(change), 400);
      expect(body.message).toBe(message);
      expect(body.errors[field]).toBe(message);
    });

    it.each([
      ['an unknown job', UNKNOWN_ID],
      ['a malformed job id', 'job-42'],
    ])('refuses an application to %s with 404 Job not found', async (_case, job) => {
      expect(await expectRefused(application({ job }), 404)).toEqual({ success: false, message: MESSAGES.jobNotFound });
    });

    it.each([['expired'], ['filled']])('refuses an application to an %s job with 409 and says it is closed', async (status) => {
      const closedJob = await createJob();
      await t.http.put(`/api/jobs/admin/${closedJob}/status`).set(auth()).send({ status }).expect(200);
      expect(await expectRefused(application({ job: closedJob }), 409)).toEqual({
        success: false,
        message: MESSAGES.jobNotOpen,
      });
    });
  });

  describe('resume rules', () => {
    it.each([
      ['a real PDF', RESUME_PDF, 'pdf', 'application/pdf'],
      ['a real DOC (OLE compound file)', RESUME_DOC, 'doc', 'application/msword'],
      ['a real DOCX (zip holding word/document.xml)', RESUME_DOCX, 'docx', DOCX_MIME],
    ])('accepts %s, whatever type the data URL declares, and downloads the same bytes', async (_case, bytes, extension, mimeType) => {
      const data = await apply({ fullName: 'Jane Doe', resume: dataUrl(bytes, 'application/octet-stream') });
      const download = await t.http.get(data.resume).set(auth()).responseType('blob').expect(200);
      expect(download.body).toEqual(bytes);
      expect(download.headers['content-type']).toBe(mimeType);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Jane Doe_resume.${extension}"; filename*=UTF-8''Jane%20Doe_resume.${extension}`,
      );
      expect(download.headers['cache-control']).toBe('no-store');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(download.headers['content-length'])).toBe(bytes.length);
    });

    it('accepts a file one byte under 5 MB', async () => {
      const bytes = pdfOfSize(RESUME_MAX_BYTES - 1);
      const data = await apply({ resume: dataUrl(bytes) });
      const download = await t.http.get(data.resume).set(auth()).responseType('blob').expect(200);
      expect(download.body.equals(bytes)).toBe(true);
    });

    it.each([
      ['exactly 5 MB', RESUME_MAX_BYTES],
      ['larger than 5 MB', RESUME_MAX_BYTES + 1024],
    ])('refuses a resume of %s with the size message (400, nothing stored)', async (_case, size) => {
      const body = await expectRefused(application({ resume: dataUrl(pdfOfSize(size)) }), 400);
      expect(body).toMatchObject({ message: MESSAGES.resumeTooLarge, errors: { resume: MESSAGES.resumeTooLarge } });
    });

    it.each([
      ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>')],
      ['a PNG image', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
      ['a zip without word/ (e.g. a spreadsheet)', buildZip([{ name: 'xl/workbook.xml', data: '<workbook/>' }])],
      ['an executable', Buffer.from('7f454c460201010000000000', 'hex')],
    ])('refuses %s sent as data:application/pdf (400, nothing stored)', async (_case, bytes) => {
      const body = await expectRefused(application({ resume: dataUrl(bytes, 'application/pdf') }), 400);
      expect(body).toMatchObject({ message: MESSAGES.resumeWrongType, errors: { resume: MESSAGES.resumeWrongType } });
    });

    it.each([
      ['plain base64 without a data URL header', RESUME_PDF.toString('base64')],
      ['a data URL that is not base64', 'data:application/pdf,%25PDF-1.4'],
      ['broken base64', 'data:application/pdf;base64,JVBERi0x*jQK'],
      ['an empty file', 'data:application/pdf;base64,'],
    ])('refuses %s with an actionable message (400, nothing stored)', async (_case, resume) => {
      const body = await expectRefused(application({ resume }), 400);
      expect(body).toMatchObject({ message: MESSAGES.resumeInvalid, errors: { resume: MESSAGES.resumeInvalid } });
    });

    it('answers 413 to a body beyond the apply limit, storing nothing', async () => {
      const filler = 'A'.repeat(APPLY_BODY_LIMIT_BYTES);
      const body = await expectRefused(application({ resume: `data:application/pdf;base64,${filler}` }), 413);
      expect(body).toEqual({ success: false, message: MESSAGES.bodyTooLarge });
    });

    it('keeps the small default limit on the other routes: 200 KB to the status route is 413', async () => {
      const data = await apply();
      const response = await t.http
        .put(`/api/jobs/applications/${data.id}/status`)
        .set(auth())
        .send({ status: 'reviewed', padding: 'x'.repeat(200 * 1024) })
        .expect(413);
      expect(response.body).toEqual({ success: false, message: MESSAGES.bodyTooLarge });
    });
  });

  describe('admin', () => {
    it('lists a job’s applications newest first, without parameters, with the total, and only that job’s', async () => {
      const otherJob = await createJob();
      await apply({ job: otherJob, fullName: 'Other Applicant' });
      const response = await t.http.get(`/api/jobs/applications/${jobId}`).set(auth()).expect(200);
      expect(response.body.success).toBe(true);
      const listed: { job: string; createdAt: string; fullName: string }[] = response.body.applications;
      expect(listed.length).toBeGreaterThan(1);
      expect(response.body.total).toBe(listed.length);
      expect(listed.every((item) => item.job === jobId)).toBe(true);
      const dates = listed.map((item) => item.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      const other = await t.http.get(`/api/jobs/applications/${otherJob}`).set(auth()).expect(200);
      expect(other.body).toMatchObject({ total: 1, applications: [{ fullName: 'Other Applicant', job: otherJob }] });
    });

    it('pages, filters by status, searches name and e-mail, and sorts', async () => {
      const grace = await apply({ fullName: 'Grace Hopper', email: 'grace@navy.example' });
      await t.http.put(`/api/jobs/applications/${grace.id}/status`).set(auth()).send({ status: 'shortlisted' }).expect(200);
      const all = (await t.http.get(`/api/jobs/applications/${jobId}`).set(auth()).expect(200)).body;

      const page = await t.http.get(`/api/jobs/applications/${jobId}?page=2&limit=2`).set(auth()).expect(200);
      expect(page.body.applications).toEqual(all.applications.slice(2, 4));
      expect(page.body.total).toBe(all.total);
      for (const q of ['hopper', 'NAVY.example']) {
        const search = await t.http.get(`/api/jobs/applications/${jobId}?q=${q}`).set(auth()).expect(200);
        expect(search.body).toMatchObject({ total: 1, applications: [{ id: grace.id }] });
      }
      const shortlisted = await t.http.get(`/api/jobs/applications/${jobId}?status=shortlisted`).set(auth()).expect(200);
      expect(shortlisted.body).toMatchObject({ total: 1, applications: [{ id: grace.id, status: 'shortlisted' }] });
      const oldest = await t.http.get(`/api/jobs/applications/${jobId}?sort=oldest`).set(auth()).expect(200);
      expect(oldest.body.applications).toEqual([...all.applications].reverse());
    });

    it("lists every job's applications with their job's title, searches them by name or e-mail, and pages them", async () => {
      const otherJob = await createJob();
      const ada = await apply({ job: otherJob, fullName: 'Ada Lovelace', email: 'ada@engines.example' });
      const all = (await t.http.get('/api/jobs/applications').set(auth()).expect(200)).body;
      expect(all.total).toBe(all.applications.length);
      expect(all.total).toBe(await countApplications());
      expect(new Set(all.applications.map((item: { job: string }) => item.job))).toContain(otherJob);
      expect(all.applications[0]).toMatchObject({ id: ada.id, job: otherJob, jobTitle: validJob.title, fullName: 'Ada Lovelace' });
      for (const q of ['lovelace', 'ENGINES.example']) {
        const search = await t.http.get(`/api/jobs/applications?q=${q}&page=1&limit=5`).set(auth()).expect(200);
        expect(search.body).toMatchObject({ total: 1, applications: [{ id: ada.id, jobTitle: validJob.title }] });
      }
      const page = await t.http.get('/api/jobs/applications?page=2&limit=2').set(auth()).expect(200);
      expect(page.body.applications).toEqual(all.applications.slice(2, 4));
      await t.http.get('/api/jobs/applications?limit=101').set(auth()).expect(400);
    });

    it.each([['limit=101'], ['page=0'], ['status=accepted'], ['sort=random'], ['q=a%00']])('rejects the list query %s with 400', async (query) => {
      const response = await t.http.get(`/api/jobs/applications/${jobId}?${query}`).set(auth()).expect(400);
      expect(response.body.success).toBe(false);
    });

    it.each([
      ['unknown', UNKNOWN_ID],
      ['malformed', 'nope'],
    ])('answers 404 Job not found for the applications of an %s job', async (_case, id) => {
      const response = await t.http.get(`/api/jobs/applications/${id}`).set(auth()).expect(404);
      expect(response.body).toEqual({ success: false, message: MESSAGES.jobNotFound });
    });

    it('sets any application status from any status', async () => {
      const data = await apply();
      for (const status of [...APPLICATION_STATUSES].reverse()) {
        const response = await t.http.put(`/api/jobs/applications/${data.id}/status`).set(auth()).send({ status }).expect(200);
        expect(response.body).toMatchObject({
          success: true,
          message: MESSAGES.applicationStatusUpdated,
          data: { id: data.id, status, resume: data.resume },
        });
      }
    });

    it.each([[{ status: 'accepted' }], [{}], [{ status: 'hired', fullName: 'Changed' }]])(
      'rejects the application status body %j with 400 and leaves the status as it was',
      async (body) => {
        const data = await apply();
        await t.http.put(`/api/jobs/applications/${data.id}/status`).set(auth()).send(body).expect(400);
        const list = await t.http.get(`/api/jobs/applications/${jobId}`).set(auth()).expect(200);
        // The list adds the workspace's fields to what the form answered.
        expect(list.body.applications.find((item: { id: string }) => item.id === data.id)).toEqual({ ...data, owner: null, followUpAt: null, overdue: false });
      },
    );

    it.each([
      ['unknown', UNKNOWN_ID],
      ['malformed', '../../etc/passwd'],
    ])('answers 404 Application not found for an %s application id (status and resume)', async (_case, id) => {
      const encoded = encodeURIComponent(id);
      const status = await t.http.put(`/api/jobs/applications/${encoded}/status`).set(auth()).send({ status: 'hired' });
      const resume = await t.http.get(`/api/jobs/applications/${encoded}/resume`).set(auth());
      for (const response of [status, resume]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ success: false, message: MESSAGES.applicationNotFound });
      }
    });

    it('answers 404 Resume not found when the stored file has gone', async () => {
      const before = storedFiles();
      const data = await apply();
      const [added] = storedFiles().filter((file) => !before.includes(file));
      fs.rmSync(path.join(t.config.storage.uploadsDir, required(added, 'the stored resume')));
      const response = await t.http.get(data.resume).set(auth()).expect(404);
      expect(response.body).toEqual({ success: false, message: MESSAGES.resumeNotFound });
    });

    it('names the download after the applicant, safely encoded (RFC 6266)', async () => {
      const data = await apply({ fullName: 'Zoë "Z" Ñúñez' });
      const download = await t.http.get(data.resume).set(auth()).responseType('blob').expect(200);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Zoe _Z_ Nunez_resume.pdf"; filename*=UTF-8''Zo%C3%AB%20%22Z%22%20%C3%91%C3%BA%C3%B1ez_resume.pdf`,
      );
    });

    it('answers 401 Not authorized on every admin application route without a valid token, changing nothing', async () => {
      const data = await apply();
      const calls = [
        () => t.http.get(`/api/jobs/applications/${jobId}`),
        () => t.http.put(`/api/jobs/applications/${data.id}/status`).send({ status: 'hired' }),
        () => t.http.get(data.resume),
      ];
      for (const call of calls) {
        for (const header of [undefined, 'Bearer forged.token.value', token]) {
          const request = call();
          if (header) request.set('Authorization', header);
          const response = await request;
          expect(response.status).toBe(401);
          expect(response.body).toEqual({ success: false, message: MESSAGES.notAuthorized });
        }
      }
      const list = await t.http.get(`/api/jobs/applications/${jobId}`).set(auth()).expect(200);
      expect(list.body.applications.find((item: { id: string }) => item.id === data.id).status).toBe('pending');
    });

    it('deleting a job deletes its applications and their stored files, and nothing of other jobs', async () => {
      const doomedJob = await createJob();
      const keptJob = await createJob();
      const filesBefore = storedFiles();
      await apply({ job: doomedJob, resume: dataUrl(RESUME_PDF) });
      await apply({ job: doomedJob, resume: dataUrl(RESUME_DOCX) });
      const doomedFiles = storedFiles().filter((file) => !filesBefore.includes(file));
      expect(doomedFiles).toHaveLength(2);
      const kept = await apply({ job: keptJob });
      const rowsBefore = await countApplications();

      await t.http.delete(`/api/jobs/admin/${doomedJob}`).set(auth()).expect(200);

      expect(await countApplications()).toBe(rowsBefore - 2);
      expect(storedFiles()).toEqual(expect.not.arrayContaining([doomedFiles[0]]));
      expect(storedFiles()).toEqual(expect.not.arrayContaining([doomedFiles[1]]));
      expect(storedFiles()).toHaveLength(filesBefore.length + 1);
      await t.http.get(`/api/jobs/applications/${doomedJob}`).set(auth()).expect(404);
      await t.http.get(kept.resume).set(auth()).expect(200);
    });

    describeEngineDependent('on concurrent connections', () => {
      it('leaves no row and no file behind when applications race with the deletion of their job', async () => {
        const rowsBefore = await countApplications();
        const filesBefore = storedFiles();
        const statuses: number[] = [];
        for (let round = 0; round < 5; round++) {
          const racedJob = await createJob();
          const applies = Array.from({ length: 3 }, () => t.http.post('/api/jobs/apply').send(application({ job: racedJob })));
          // Each round starts the deletion a little later, so both orders (and their overlap) are met.
          const deleteLater = new Promise<Awaited<ReturnType<TestApp['http']['delete']>>>((resolve, reject) =>
            setTimeout(() => t.http.delete(`/api/jobs/admin/${racedJob}`).set(auth()).then(resolve, reject), round * 5),
          );
          const [deletion, ...answers] = await Promise.all([deleteLater, ...applies]);
          expect(deletion.status).toBe(200);
          statuses.push(...answers.map((answer) => answer.status));
        }
        expect(statuses.every((status) => status === 201 || status === 404)).toBe(true);
        expect(await countApplications()).toBe(rowsBefore);
        expect(storedFiles()).toEqual(filesBefore);
      });
    });
  });

  it(
    'counts applications per address before reading the body: beyond the hourly limit, 429 with Retry-After and nothing stored',
    async () => {
      const limited = await createTestApp({ RATE_LIMIT_APPLY_PER_HOUR: '2' });
      try {
        const adminToken = await loginAsAdmin(limited);
        const job = await limited.http
          .post('/api/jobs/admin')
          .set({ Authorization: `Bearer ${adminToken}` })
          .send(validJob);
        const body = (email: string) => application({ job: job.body.data.id, email });
        await limited.http.post('/api/jobs/apply').send(body('first@example.com')).expect(201);
        await limited.http.post('/api/jobs/apply').send(body('second@example.com')).expect(201);
        const refused = await limited.http.post('/api/jobs/apply').send(body('third@example.com')).expect(429);
        expect(refused.body).toEqual({ success: false, message: MESSAGES.applyRateLimited });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
        expect(fs.readdirSync(limited.config.storage.uploadsDir)).toHaveLength(2);
      } finally {
        await limited.close();
      }
    },
    BOOT_TIMEOUT_MS,
  );
});
