import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES, required, RETIRED_ENDPOINTS } from '@brightwave/common';
import { eq } from 'drizzle-orm';
import { emailHash } from '../src/privacy/email-hash';
import { DATABASE, type Database } from '../src/database/database';
import { confirmationQuota, deliveries, jobApplications, leads } from '../src/database/schema';
import { dataUrl } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { filledOnSite } from './support/form-token';
import { columnsHolding } from './support/table-scan';
import { createTestApp, type TestApp } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const RESUME_PDF = fs.readFileSync(path.join(__dirname, 'fixtures', 'resume.pdf'));
const PERSON = 'pat.person@example.com';
const OTHER = 'other.person@example.com';
const STAFF = 'staff@brightwave.test';

describe('Privacy requests (POST /api/admin/privacy/lookup and /erase)', () => {
  let t: TestApp;
  let db: Database;
  let auth: { authorization: string };
  let jobIds: string[];

  const storedFiles = () => (fs.existsSync(t.config.storage.uploadsDir) ? fs.readdirSync(t.config.storage.uploadsDir).sort() : []);
  const submitEverything = async (email: string) => {
    // Sent from our own forms (a fresh form token each): their confirmations put the address in the outbox too.
    await t.http.post('/api/leads').set(filledOnSite(t)).send({ name: 'Pat Person', email, service: 'web', message: 'A website, please.' }).expect(201);
    await t.http.post('/api/contacts').set(filledOnSite(t)).send({ name: 'Pat Person', email, department: 'sales', message: 'Call me.' }).expect(201);
    const applied: string[] = [];
    for (const job of jobIds) {
      const body = { job, fullName: 'Pat Person', email, phone: '+15551234567', experience: '3 years', resume: dataUrl(RESUME_PDF), isResumeBase64: true };
      applied.push((await t.http.post('/api/jobs/apply').set(filledOnSite(t)).send(body).expect(201)).body.data.id as string);
    }
    return applied;
  };
  const exported = async (email: string) => (await t.http.post('/api/admin/privacy/lookup').set(auth).send({ email }).expect(200)).body;
  const erase = (email: string) => t.http.post('/api/admin/privacy/erase').set(auth).send({ email });

  beforeAll(async () => {
    t = await createTestApp({ SEND_CONFIRMATIONS: 'true', NOTIFY_TO: STAFF });
    db = t.app.get<symbol, Database>(DATABASE);
    // Signed in before anything is submitted: the sign-in code is read from the newest mail of the outbox.
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
    const job = {
      title: 'Designer',
      department: 'design',
      location: 'remote',
      type: 'full-time',
      experience: '2 years',
      description: 'Design.',
      requirements: [],
    };
    jobIds = [];
    for (let index = 0; index < 2; index++) jobIds.push((await t.http.post('/api/jobs/admin').set(auth).send(job).expect(201)).body.data.id);
    await submitEverything(PERSON);
    await submitEverything(OTHER);
    // A row kept from before addresses were lower-cased on the way in.
    await db.insert(leads).values({ name: 'Pat', email: 'Pat.Person@Example.COM', service: 'crm', message: 'Old request', status: 'contacted' });
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers everything held about an e-mail address, whatever the case of the request or of the rows', async () => {
    const answer = await exported('PAT.person@EXAMPLE.com');
    expect(answer.success).toBe(true);
    const { leads: heldLeads, contacts, applications } = answer.data;
    expect(heldLeads.map((lead: { email: string }) => lead.email).sort()).toEqual(['Pat.Person@Example.COM', PERSON]);
    expect(heldLeads[0]).toMatchObject({ name: 'Pat Person', spam: false, updatedAt: expect.any(String) });
    expect(contacts).toEqual([expect.objectContaining({ email: PERSON, department: 'sales', message: 'Call me.' })]);
    expect(applications).toHaveLength(2);
    for (const application of applications) {
      expect(application).toMatchObject({ email: PERSON, jobTitle: 'Designer', resume: `/api/jobs/applications/${application.id}/resume` });
    }
    expect(JSON.stringify(answer)).not.toContain(OTHER);
  });

  it('lists the resume download that works for each application', async () => {
    const { applications } = (await exported(PERSON)).data;
    const download = await t.http.get(applications[0].resume).set(auth).expect(200);
    expect(Buffer.from(download.body as Buffer)).toEqual(RESUME_PDF);
  });

  it('answers empty lists for an address nobody used', async () => {
    expect((await exported('nobody@example.com')).data).toEqual({
      leads: [],
      contacts: [],
      applications: [],
      notes: [],
      ratings: [],
      candidateEmails: [],
      meetings: [],
    });
  });

  it.each([
    ['missing', {}, MESSAGES.privacyEmailMissing],
    ['not an e-mail address', { email: 'not-an-address' }, MESSAGES.privacyEmailInvalid],
    ['not a string', { email: ['pat.person@example.com'] }, MESSAGES.privacyEmailMissing],
  ])('refuses an e-mail that is %s with 400 and errors.email, and erases nothing', async (_what, body, message) => {
    for (const action of ['lookup', 'erase']) {
      const answer = await t.http.post(`/api/admin/privacy/${action}`).set(auth).send(body).expect(400);
      expect(answer.body).toMatchObject({ success: false, errors: { email: message } });
    }
    expect((await exported(PERSON)).data.leads).toHaveLength(2);
  });

  it('answers 401 without a token, and erases nothing', async () => {
    await t.http.post('/api/admin/privacy/lookup').send({ email: PERSON }).expect(401);
    await t.http.post('/api/admin/privacy/erase').send({ email: PERSON }).expect(401);
    expect((await exported(PERSON)).data.applications).toHaveLength(2);
  });

  it('answers the retired GET and DELETE with the address in the URL 410, naming the new routes, and erases nothing', async () => {
    for (const method of ['get', 'delete'] as const) {
      const answer = await t.http[method](`/api/admin/privacy?email=${encodeURIComponent(PERSON)}`)
        .set(auth)
        .expect(410);
      expect(answer.body).toEqual({ success: false, message: MESSAGES.privacyRequestMoved });
      expect(answer.body.message).toContain(RETIRED_ENDPOINTS['GET /api/admin/privacy'].replace('POST ', ''));
    }
    expect((await exported(PERSON)).data.applications).toHaveLength(2);
  });

  it('erases every row and resume file of the person, their outbox rows and confirmation quota, and nothing of anyone else', async () => {
    const otherBefore = (await exported(OTHER)).data;
    const { applications } = (await exported(PERSON)).data;
    const personKeys = (
      await Promise.all(
        applications.map(
          async (application: { id: string }) =>
            required((await db.select().from(jobApplications).where(eq(jobApplications.id, application.id)))[0], 'the application').resumeKey,
        ),
      )
    ).sort();
    const subjectIds = [...applications.map((application: { id: string }) => application.id)];
    expect(storedFiles()).toEqual(expect.arrayContaining(personKeys));
    expect(await columnsHolding(db, PERSON)).toEqual(
      expect.arrayContaining(['leads.email', 'contacts.email', 'job_applications.email', 'deliveries.recipient']),
    );

    const quotaKey = emailHash(t.config.keys.privacyEmailHash, PERSON);
    await db
      .insert(confirmationQuota)
      .values({ addressHash: quotaKey, sentAt: [new Date()] })
      .onConflictDoNothing();

    const answer = await erase('Pat.Person@example.com').expect(200);

    expect(answer.body).toEqual({ success: true, erased: { leads: 2, contacts: 1, applications: 2, resumes: 2 } });
    expect(await columnsHolding(db, PERSON)).toEqual([]);
    expect(await db.select().from(deliveries).where(eq(deliveries.subjectId, subjectIds[0]))).toEqual([]);
    expect(await db.select().from(confirmationQuota).where(eq(confirmationQuota.addressHash, quotaKey))).toEqual([]);
    for (const key of personKeys) expect(storedFiles()).not.toContain(key);
    expect(storedFiles()).toHaveLength(otherBefore.applications.length);
    expect((await exported(PERSON)).data).toEqual({ leads: [], contacts: [], applications: [], notes: [], ratings: [], candidateEmails: [], meetings: [] });
    expect((await exported(OTHER)).data).toEqual(otherBefore);
  });

  it('answers zero counts when asked again', async () => {
    const answer = await erase(PERSON).expect(200);
    expect(answer.body.erased).toEqual({ leads: 0, contacts: 0, applications: 0, resumes: 0 });
  });

  it('records the erasure under a keyed hash of the lower-cased address, never the address', () => {
    const hash = emailHash(t.config.keys.privacyEmailHash, 'Pat.Person@Example.com');
    expect(hash).toBe(emailHash(t.config.keys.privacyEmailHash, PERSON));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(emailHash(Buffer.from('another key'), PERSON));
  });

  it('recognises a repeated request by the keyed hash of the address, without the address being stored', async () => {
    const { earlierRequests } = await exported(PERSON);
    expect(earlierRequests.map((request: { action: string }) => request.action)).toEqual(expect.arrayContaining(['privacy.erased', 'privacy.exported']));
    expect(earlierRequests[0]).toMatchObject({ createdAt: expect.any(String), adminEmail: expect.any(String) });
    expect((await exported('never.asked@example.com')).earlierRequests).toEqual([]);
    expect(await columnsHolding(db, PERSON)).toEqual([]);
  });
});
