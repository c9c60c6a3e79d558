import { required } from '@brightwave/common';
import { count } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { admins, adminInvites, contacts, jobApplications, leads } from '../src/database/schema';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, type TestApp } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const INVALID = 'Please provide a valid email address';

/**
 * Addresses class-validator's isEmail alone lets through or the mailer would read as more than one mailbox (or as a
 * name and a mailbox): every form that takes an e-mail address refuses each with the field's usual message.
 */
const HOSTILE_ADDRESSES = [
  '"a,b"@example.com',
  '"a@b"@example.com',
  '"victim@example.org"@example.com',
  'a@example.com,b@example.org',
  'a@example.com;b@example.org',
  'Boss <boss@example.com>',
  '<a@example.com>',
  'a(comment)@example.com',
  'team:a@example.com,b@example.org;',
  'a@example.com\r\nBcc: b@example.org',
  '=?utf-8?q?a=2Cb?=@example.com',
];

describe('E-mail addresses are one plain mailbox, on every form', () => {
  let t: TestApp;
  let owner: { Authorization: string };
  let jobId: string;
  const db = () => t.app.get<symbol, Database>(DATABASE);
  const rows = async (table: typeof leads | typeof contacts | typeof jobApplications | typeof adminInvites | typeof admins) =>
    required((await db().select({ total: count() }).from(table))[0], 'the count').total;

  beforeAll(async () => {
    t = await createTestApp();
    owner = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
    jobId = (
      await t.http
        .post('/api/jobs/admin')
        .set(owner)
        .send({
          title: 'Designer',
          department: 'design',
          location: 'remote',
          type: 'full-time',
          experience: '2 years',
          description: 'Design.',
          requirements: [],
        })
        .expect(201)
    ).body.data._id;
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it.each(HOSTILE_ADDRESSES)('the quote form refuses %j with 400 and stores nothing', async (email) => {
    const response = await t.http.post('/api/leads').send({ name: 'Mallory', email, service: 'web', message: 'Hello' }).expect(400);
    expect(response.body.errors).toEqual({ email: INVALID });
    expect(await rows(leads)).toBe(0);
  });

  it.each(HOSTILE_ADDRESSES)('the contact form refuses %j with 400 and stores nothing', async (email) => {
    const response = await t.http.post('/api/contacts').send({ name: 'Mallory', email, department: 'sales', message: 'Hello' }).expect(400);
    expect(response.body.errors).toEqual({ email: INVALID });
    expect(await rows(contacts)).toBe(0);
  });

  it.each(HOSTILE_ADDRESSES)('the application form refuses %j with 400 and stores nothing', async (email) => {
    const response = await t.http
      .post('/api/jobs/apply')
      .send({ job: jobId, fullName: 'Mallory', email, phone: '+15551234567', experience: '3 years', resume: dataUrl(samplePdf()), isResumeBase64: true })
      .expect(400);
    expect(response.body.errors).toEqual({ email: INVALID });
    expect(await rows(jobApplications)).toBe(0);
  });

  it.each(HOSTILE_ADDRESSES)('an invitation to %j is refused with 400, and nothing is stored or mailed', async (email) => {
    const mails = t.outbox().length;
    const response = await t.http.post('/api/admin/admins').set(owner).send({ email, name: 'Mallory', role: 'sales' }).expect(400);
    expect(response.body.errors).toEqual({ email: INVALID });
    expect(await rows(adminInvites)).toBe(0);
    expect(t.outbox()).toHaveLength(mails);
  });

  it('still takes plain addresses, with an apostrophe, a plus tag or in capitals', async () => {
    for (const email of ["o'brien@example.ie", 'a+quotes@example.com', '  Pat.Person@Example.COM ']) {
      await t.http.post('/api/leads').send({ name: 'Pat', email, service: 'web', message: 'Hello' }).expect(201);
    }
    const stored = (await t.http.get('/api/leads').set(owner).expect(200)).body.leads.map((lead: { email: string }) => lead.email);
    expect(stored.sort()).toEqual(['a+quotes@example.com', "o'brien@example.ie", 'pat.person@example.com']);
  });
});
