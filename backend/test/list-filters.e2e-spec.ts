// PostgreSQL pass: totals estimated from the planner's statistics past the exact count, and trigram search.
import { DAY_MS, LIST_EXACT_TOTAL_MAX, required, type ContactQuery, type JobApplication, type Lead, type WorkFields } from '@brightwave/common';
import { eq, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { admins, contacts, jobApplications, jobs, leads } from '../src/database/schema';
import { LeadsRepository } from '../src/leads/leads.repository';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { createTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

// The owners and follow-ups are written to the database here: this suite is about the lists, not the calls that set them.
const OTHER_ADMIN = { id: '00000000-0000-4000-8000-0000000000b1', email: 'other@example.test', name: 'Other Admin' };
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';
const OWNER_MESSAGE = "owner must be me, unassigned, anyone or an admin's id";

type Listed<Item> = Item & WorkFields;

describe('List filters of the workspace: owner, overdue and the follow-up order (leads, contact queries, applications)', () => {
  let t: TestApp;
  let db: Database;
  let token: string;
  let myId: string;
  let jobId: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY_MS);

  /** The names a list answers for `query`, in its order, with its total. */
  const names = async (path: string, query: string, key: 'leads' | 'contacts' | 'applications') => {
    const body = (await t.http.get(`${path}?${query}`).set(auth()).expect(200)).body as Record<string, { name?: string; fullName?: string }[]> & {
      total: number;
    };
    return { names: required(body[key], key).map((item) => item.name ?? item.fullName), total: body.total };
  };
  const leadNames = (query: string) => names('/api/leads', query, 'leads');

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get<symbol, Database>(DATABASE);
    token = await loginAsAdmin(t);
    myId = required((await db.select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email)))[0], 'the test admin').id;
    await db.insert(admins).values({ ...OTHER_ADMIN, passwordHash: 'not a hash: never signs in', role: 'sales' });
    // Oldest first: "Mine overdue" is the newest lead.
    const lead = (name: string, days: number, values: Partial<typeof leads.$inferInsert> = {}) => ({
      name,
      email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`,
      service: 'web' as const,
      message: 'A quote, please.',
      createdAt: at(days),
      ...values,
    });
    await db
      .insert(leads)
      .values([
        lead('Nobody Plain', -10),
        lead('Other Later', -9, { ownerId: OTHER_ADMIN.id, followUpAt: at(5) }),
        lead('Mine Lost', -8, { ownerId: myId, followUpAt: at(-3), status: 'lost' }),
        lead('Nobody Due', -7, { followUpAt: at(-1) }),
        lead('Mine Soon', -6, { ownerId: myId, followUpAt: at(1) }),
        lead('Mine Plain', -5, { ownerId: myId }),
        lead('Spam Mine Due', -4, { ownerId: myId, followUpAt: at(-5), spam: true }),
        lead('Mine Overdue', -3, { ownerId: myId, followUpAt: at(-2), status: 'contacted' }),
      ]);
    const contact = (name: string, days: number, values: Partial<typeof contacts.$inferInsert> = {}) => ({
      name,
      email: 'someone@example.com',
      department: 'sales' as const,
      message: 'Hello.',
      createdAt: at(days),
      ...values,
    });
    await db
      .insert(contacts)
      .values([
        contact('Query Nobody', -4),
        contact('Query Resolved', -3, { ownerId: myId, followUpAt: at(-1), status: 'resolved' }),
        contact('Query Overdue', -2, { ownerId: OTHER_ADMIN.id, followUpAt: at(-1) }),
        contact('Query Mine', -1, { ownerId: myId, followUpAt: at(2) }),
      ]);
    const [job] = await db
      .insert(jobs)
      .values({
        title: 'Welder',
        department: 'operations',
        location: 'onsite',
        type: 'full-time',
        experience: '2 years',
        description: 'Weld.',
        requirements: [],
      })
      .returning({ id: jobs.id });
    jobId = required(job, 'the job').id;
    const application = (fullName: string, days: number, values: Partial<typeof jobApplications.$inferInsert> = {}) => ({
      jobId,
      fullName,
      email: `${fullName.toLowerCase().replaceAll(' ', '.')}@example.com`,
      phone: '+15550100',
      experience: '2 years',
      resumeKey: `resume-${fullName}`,
      resumeMimeType: 'application/pdf',
      resumeExtension: 'pdf',
      resumeSize: 1000,
      createdAt: at(days),
      ...values,
    });
    await db
      .insert(jobApplications)
      .values([
        application('Applicant Nobody', -4),
        application('Applicant Hired', -3, { ownerId: myId, followUpAt: at(-2), status: 'hired' }),
        application('Applicant Overdue', -2, { ownerId: myId, followUpAt: at(-1) }),
        application('Applicant Other', -1, { ownerId: OTHER_ADMIN.id, followUpAt: at(3) }),
      ]);
  });
  afterAll(() => t?.close());

  describe('every list item carries its owner, follow-up and overdue flag', () => {
    it('a lead: its owner as { _id, name }, the follow-up as an ISO time, overdue', async () => {
      const { leads: listed } = (await t.http.get('/api/leads?q=Mine%20Overdue').set(auth()).expect(200)).body as { leads: Listed<Lead>[] };
      expect(listed).toEqual([
        expect.objectContaining({
          name: 'Mine Overdue',
          status: 'contacted',
          owner: { _id: myId, name: TEST_ADMIN.name },
          followUpAt: at(-2).toISOString(),
          overdue: true,
        }),
      ]);
    });

    it('an item nobody owns and without a follow-up: owner null, followUpAt null, not overdue', async () => {
      const { leads: listed } = (await t.http.get('/api/leads?q=Nobody%20Plain').set(auth()).expect(200)).body as { leads: Listed<Lead>[] };
      expect(listed).toEqual([expect.objectContaining({ name: 'Nobody Plain', owner: null, followUpAt: null, overdue: false })]);
    });

    it('a closed item is never overdue (a lost lead, a resolved query, a hired applicant)', async () => {
      const lead = (await t.http.get('/api/leads?q=Mine%20Lost').set(auth()).expect(200)).body.leads as Listed<Lead>[];
      expect(lead).toEqual([expect.objectContaining({ followUpAt: at(-3).toISOString(), overdue: false })]);
      const query = (await t.http.get('/api/contacts?q=Query%20Resolved').set(auth()).expect(200)).body.contacts as Listed<ContactQuery>[];
      expect(query).toEqual([expect.objectContaining({ overdue: false })]);
      const applicant = (await t.http.get(`/api/jobs/applications/${jobId}?q=Hired`).set(auth()).expect(200)).body.applications as Listed<JobApplication>[];
      expect(applicant).toEqual([expect.objectContaining({ overdue: false })]);
    });

    it('a contact query and an application carry them too', async () => {
      const query = (await t.http.get('/api/contacts?q=Query%20Overdue').set(auth()).expect(200)).body.contacts as Listed<ContactQuery>[];
      expect(query).toEqual([
        expect.objectContaining({ owner: { _id: OTHER_ADMIN.id, name: OTHER_ADMIN.name }, followUpAt: at(-1).toISOString(), overdue: true }),
      ]);
      const applicant = (await t.http.get(`/api/jobs/applications/${jobId}?q=Applicant%20Other`).set(auth()).expect(200)).body
        .applications as Listed<JobApplication>[];
      expect(applicant).toEqual([
        expect.objectContaining({ owner: { _id: OTHER_ADMIN.id, name: OTHER_ADMIN.name }, followUpAt: at(3).toISOString(), overdue: false }),
      ]);
    });

    it("the form's answer carries none of them", async () => {
      const answer = (await t.http.post('/api/leads').send({ name: 'Form Sender', email: 'form@example.com', service: 'web', message: 'Hi.' }).expect(201)).body
        .data;
      expect(answer).not.toHaveProperty('owner');
      expect(answer).not.toHaveProperty('followUpAt');
      expect(answer).not.toHaveProperty('overdue');
      await db.delete(leads).where(eq(leads.id, answer._id as string));
    });
  });

  describe('owner', () => {
    it('me: the items of the signed-in admin, newest first', async () => {
      expect(await leadNames('owner=me')).toEqual({ names: ['Mine Overdue', 'Mine Plain', 'Mine Soon', 'Mine Lost'], total: 4 });
    });

    it('unassigned: the items nobody owns', async () => {
      expect(await leadNames('owner=unassigned')).toEqual({ names: ['Nobody Due', 'Nobody Plain'], total: 2 });
    });

    it("an admin's id: that admin's items", async () => {
      expect(await leadNames(`owner=${OTHER_ADMIN.id}`)).toEqual({ names: ['Other Later'], total: 1 });
      expect(await leadNames(`owner=${myId}`)).toEqual(await leadNames('owner=me'));
    });

    it('anyone, or no owner filter: every item of the inbox (suspected spam stays apart)', async () => {
      const anyone = await leadNames('owner=anyone');
      expect(anyone.total).toBe(7);
      expect(anyone).toEqual(await leadNames(''));
      expect(await leadNames('owner=me&spam=true')).toEqual({ names: ['Spam Mine Due'], total: 1 });
    });

    it('the id of nobody: an empty list', async () => {
      expect(await leadNames(`owner=${UNKNOWN_ID}`)).toEqual({ names: [], total: 0 });
    });

    it('combines with the status, the search and the pages', async () => {
      expect(await leadNames('owner=me&status=new')).toEqual({ names: ['Mine Plain', 'Mine Soon'], total: 2 });
      expect(await leadNames('owner=me&q=soon')).toEqual({ names: ['Mine Soon'], total: 1 });
      expect(await leadNames('owner=me&page=2&limit=3')).toEqual({ names: ['Mine Lost'], total: 4 });
    });

    it("filters contact queries and a job's applications the same way", async () => {
      expect(await names('/api/contacts', 'owner=me', 'contacts')).toEqual({ names: ['Query Mine', 'Query Resolved'], total: 2 });
      expect(await names('/api/contacts', 'owner=unassigned', 'contacts')).toEqual({ names: ['Query Nobody'], total: 1 });
      expect(await names(`/api/jobs/applications/${jobId}`, 'owner=me', 'applications')).toEqual({
        names: ['Applicant Overdue', 'Applicant Hired'],
        total: 2,
      });
      expect(await names(`/api/jobs/applications/${jobId}`, `owner=${OTHER_ADMIN.id}`, 'applications')).toEqual({ names: ['Applicant Other'], total: 1 });
    });
  });

  describe('overdue', () => {
    it('true: the items whose follow-up time has passed and whose status is not closed', async () => {
      expect(await leadNames('overdue=true')).toEqual({ names: ['Mine Overdue', 'Nobody Due'], total: 2 });
      expect(await names('/api/contacts', 'overdue=true', 'contacts')).toEqual({ names: ['Query Overdue'], total: 1 });
      expect(await names(`/api/jobs/applications/${jobId}`, 'overdue=true', 'applications')).toEqual({ names: ['Applicant Overdue'], total: 1 });
    });

    it('false: no filter', async () => {
      expect(await leadNames('overdue=false')).toEqual(await leadNames(''));
    });

    it('combines with the owner: my overdue items', async () => {
      expect(await leadNames('overdue=true&owner=me')).toEqual({ names: ['Mine Overdue'], total: 1 });
      expect(await leadNames('overdue=true&owner=unassigned')).toEqual({ names: ['Nobody Due'], total: 1 });
    });
  });

  describe('sort=follow-up', () => {
    it('the soonest follow-up first (overdue ones first of all), those without one last, newest first', async () => {
      expect(await leadNames('sort=follow-up')).toEqual({
        names: ['Mine Lost', 'Mine Overdue', 'Nobody Due', 'Mine Soon', 'Other Later', 'Mine Plain', 'Nobody Plain'],
        total: 7,
      });
    });

    it('pages through that order, and combines with the filters', async () => {
      expect(await leadNames('sort=follow-up&page=2&limit=3')).toEqual({ names: ['Mine Soon', 'Other Later', 'Mine Plain'], total: 7 });
      expect(await leadNames('sort=follow-up&owner=me')).toEqual({ names: ['Mine Lost', 'Mine Overdue', 'Mine Soon', 'Mine Plain'], total: 4 });
      expect(await leadNames('sort=follow-up&overdue=true')).toEqual({ names: ['Mine Overdue', 'Nobody Due'], total: 2 });
    });

    it('orders contact queries and applications the same way', async () => {
      expect(await names('/api/contacts', 'sort=follow-up', 'contacts')).toEqual({
        // The same follow-up time: the newer first.
        names: ['Query Overdue', 'Query Resolved', 'Query Mine', 'Query Nobody'],
        total: 4,
      });
      expect(await names(`/api/jobs/applications/${jobId}`, 'sort=follow-up', 'applications')).toEqual({
        names: ['Applicant Hired', 'Applicant Overdue', 'Applicant Other', 'Applicant Nobody'],
        total: 4,
      });
    });

    it('the other lists keep newest and oldest only', async () => {
      const response = await t.http.get('/api/jobs/admin?sort=follow-up').set(auth()).expect(400);
      expect(response.body.errors.sort).toBe('sort must be newest or oldest');
    });
  });

  describe('the CSV exports take the same filters and order', () => {
    const csvNames = async (path: string) => {
      const response = await t.http.get(path).set(auth()).buffer(true).expect(200);
      return (response.text as string)
        .split('\r\n')
        .slice(1, -1)
        .map((line) => required(/^"([^"]*)"/.exec(line)?.[1], line));
    };

    it('leads and contact queries: owner, overdue, sort=follow-up', async () => {
      expect(await csvNames('/api/leads/export.csv?owner=me')).toEqual(['Mine Overdue', 'Mine Plain', 'Mine Soon', 'Mine Lost']);
      expect(await csvNames('/api/leads/export.csv?overdue=true')).toEqual(['Mine Overdue', 'Nobody Due']);
      expect(await csvNames('/api/leads/export.csv?sort=follow-up')).toEqual((await leadNames('sort=follow-up')).names);
      expect(await csvNames('/api/contacts/export.csv?owner=unassigned')).toEqual(['Query Nobody']);
    });

    it("a job's applications: owner, overdue, sort=follow-up", async () => {
      expect(await csvNames(`/api/jobs/applications/export.csv?job=${jobId}&owner=me`)).toEqual(['Applicant Overdue', 'Applicant Hired']);
      expect(await csvNames(`/api/jobs/applications/export.csv?job=${jobId}&overdue=true`)).toEqual(['Applicant Overdue']);
      expect(await csvNames(`/api/jobs/applications/export.csv?job=${jobId}&sort=follow-up`)).toEqual([
        'Applicant Hired',
        'Applicant Overdue',
        'Applicant Other',
        'Applicant Nobody',
      ]);
    });

    it('reads the follow-up order a few rows at a time without skipping or repeating one, ties and rows without a follow-up included', async () => {
      const tie = at(7);
      await db.insert(leads).values(
        ['Tie A', 'Tie B', 'Tie C'].map((name, index) => ({
          name,
          email: 'tie@example.com',
          service: 'web' as const,
          message: 'Tie.',
          followUpAt: tie,
          createdAt: at(-20 - index),
        })),
      );
      const pages: string[][] = [];
      for await (const rows of t.app.get(LeadsRepository).pages({ spam: false, sort: 'follow-up' }, 2)) pages.push(rows.map((row) => row.name));
      expect(pages.every((page) => page.length <= 2)).toBe(true);
      expect(pages.flat()).toEqual([...(await leadNames('sort=follow-up')).names]);
      expect(pages.flat()).toEqual(expect.arrayContaining(['Tie A', 'Tie B', 'Tie C']));
      await db.delete(leads).where(eq(leads.email, 'tie@example.com'));
    });
  });

  describe('refuses a bad value with 400 and says why', () => {
    it.each([
      ['owner=someone', 'owner', OWNER_MESSAGE],
      ['owner=ME', 'owner', OWNER_MESSAGE],
      ['owner=', 'owner', OWNER_MESSAGE],
      ['owner=00000000-0000-0000-0000-00000000000g', 'owner', OWNER_MESSAGE],
      ['overdue=yes', 'overdue', 'overdue must be true or false'],
      ['overdue=1', 'overdue', 'overdue must be true or false'],
      ['sort=follow_up', 'sort', 'sort must be newest, oldest or follow-up'],
    ])('%s', async (query, field, message) => {
      for (const path of [
        '/api/leads',
        '/api/contacts',
        `/api/jobs/applications/${jobId}`,
        '/api/leads/export.csv',
        `/api/jobs/applications/export.csv?job=${jobId}&`,
      ]) {
        const response = await t.http
          .get(`${path}${path.endsWith('&') ? '' : '?'}${query}`)
          .set(auth())
          .expect(400);
        expect(response.body).toMatchObject({ success: false, errors: { [field]: message } });
      }
    });
  });

  describe('roles are as before: the filters change what a list shows, not who may read it', () => {
    let salesToken: string;
    let recruiterToken: string;

    beforeAll(async () => {
      salesToken = await signInInvitedAdmin(t, token, 'sales', { email: 'sales@example.test', password: 'sales-password-1234' });
      recruiterToken = await signInInvitedAdmin(t, token, 'recruiter', { email: 'recruiter@example.test', password: 'recruiter-password-1234' });
    });

    it("sales: the inbox lists with owner=me (theirs: none yet), not a job's applications", async () => {
      const mine = await t.http
        .get('/api/leads?owner=me')
        .set({ Authorization: `Bearer ${salesToken}` })
        .expect(200);
      expect(mine.body).toMatchObject({ leads: [], total: 0 });
      await t.http
        .get('/api/contacts?overdue=true')
        .set({ Authorization: `Bearer ${salesToken}` })
        .expect(200);
      await t.http
        .get(`/api/jobs/applications/${jobId}?owner=me`)
        .set({ Authorization: `Bearer ${salesToken}` })
        .expect(403);
    });

    it("recruiters: a job's applications with the filters, not the inbox", async () => {
      const overdue = await t.http
        .get(`/api/jobs/applications/${jobId}?overdue=true&sort=follow-up`)
        .set({ Authorization: `Bearer ${recruiterToken}` })
        .expect(200);
      expect(overdue.body.total).toBe(1);
      await t.http
        .get('/api/leads?owner=me')
        .set({ Authorization: `Bearer ${recruiterToken}` })
        .expect(403);
      await t.http
        .get('/api/contacts?owner=unassigned')
        .set({ Authorization: `Bearer ${recruiterToken}` })
        .expect(403);
    });

    it('without a session: 401', async () => {
      await t.http.get('/api/leads?owner=me').expect(401);
      await t.http.get(`/api/jobs/applications/${jobId}?overdue=true`).expect(401);
    });
  });

  describe(`totals past ${LIST_EXACT_TOTAL_MAX} matching rows`, () => {
    beforeAll(async () => {
      await db.execute(
        sql`insert into leads (name, email, service, message) select 'Bulk ' || g, 'bulk' || g || '@example.com', 'web', 'Bulk.' from generate_series(1, ${LIST_EXACT_TOTAL_MAX + 5}) g`,
      );
      await db.execute(sql`analyze leads`);
    });

    it('a page answers an estimate and says so (totalEstimated); the page itself is exact', async () => {
      const response = await t.http.get('/api/leads?limit=5').set(auth()).expect(200);
      expect(response.body.leads).toHaveLength(5);
      expect(response.body.total).toBeGreaterThan(LIST_EXACT_TOTAL_MAX);
      expect(response.body.totalEstimated).toBe(true);
    });

    it('a filter that matches fewer counts them exactly, without the flag', async () => {
      const response = await t.http.get('/api/leads?limit=5&owner=me').set(auth()).expect(200);
      expect(response.body.total).toBe(4);
      expect(response.body).not.toHaveProperty('totalEstimated');
    });

    it('the whole list (no page asked for) answers its exact length', async () => {
      const response = await t.http.get('/api/leads?q=Bulk').set(auth()).expect(200);
      expect(response.body.total).toBe(LIST_EXACT_TOTAL_MAX + 5);
      expect(response.body).not.toHaveProperty('totalEstimated');
    });
  });
});
