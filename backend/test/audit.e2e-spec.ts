// PostgreSQL pass, engine blocks: the append-only log written by the command line beside a running server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DAY_MS, type AuditEntry, emptyNotificationRoutes, required } from '@brightwave/common';
import { Logger } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { AuditRepository } from '../src/audit/audit.repository';
import { admins, auditEntries, jobs } from '../src/database/schema';
import { runAdminCli } from '../src/cli/admin-cli';
import { JobsService } from '../src/jobs/jobs.service';
import { emailHash } from '../src/privacy/email-hash';
import { RetentionPurge } from '../src/privacy/retention-purge';
import { dataUrl } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { appRoutes } from './support/route-table';
import { createTestApp, TEST_ADMIN, type TestApp, describeEngineDependent, describeOnPostgres } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const RESUME_PDF = fs.readFileSync(path.join(__dirname, 'fixtures', 'resume.pdf'));
const USER_AGENT = 'AuditTest/1.0';
const PERSON = 'erase.me@example.com';
const JOB = { title: 'Designer', department: 'design', location: 'remote', type: 'full-time', experience: '2 years', description: 'Design.', requirements: [] };
const ITEM = {
  category: 'web',
  projectTitle: 'Atlas',
  projectSubtitle: 'A travel site',
  description: 'A booking site for tours.',
  imgLink: 'https://images.example.com/atlas.png',
  linkToProject: 'https://atlas.example.com',
  techStack: ['React'],
};

describe('Audit log (GET /api/admin/audit and the entries every admin action writes)', () => {
  let t: TestApp;
  let db: Database;
  let auth: Record<string, string>;
  let adminId: string;

  const audit = async (query = '') => (await t.http.get(`/api/admin/audit${query}`).set(auth).expect(200)).body as { entries: AuditEntry[]; total: number };
  /** The newest entry of `action`. */
  const latest = async (action: string) => required((await audit(`?action=${action}&limit=1`)).entries[0], `the latest ${action}`);
  const createJob = async () => (await t.http.post('/api/jobs/admin').set(auth).send(JOB).expect(201)).body.data.id as string;
  const createLead = async () =>
    (await t.http.post('/api/leads').send({ name: 'Lee', email: 'lee@example.com', service: 'web', message: 'Hello' }).expect(201)).body.data._id as string;
  const apply = async (job: string, email = 'ann@example.com') =>
    (
      await t.http
        .post('/api/jobs/apply')
        .send({ job, fullName: 'Ann Applicant', email, phone: '+15551234567', experience: '1 year', resume: dataUrl(RESUME_PDF), isResumeBase64: true })
        .expect(201)
    ).body.data.id as string;

  beforeAll(async () => {
    t = await createTestApp({ RETENTION_AUDIT_DAYS: '30', ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOKS: 'true' });
    db = t.app.get<symbol, Database>(DATABASE);
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}`, 'user-agent': USER_AGENT };
    adminId = required((await db.select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email)))[0], 'the test admin').id;
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  describe('entries', () => {
    it('records a lead status change with from → to, the admin, the address and the browser', async () => {
      const id = await createLead();
      await t.http.patch(`/api/leads/${id}/status`).set(auth).send({ status: 'contacted' }).expect(200);
      expect(await latest('lead.status_changed')).toMatchObject({
        adminId,
        adminEmail: TEST_ADMIN.email,
        targetKind: 'lead',
        targetId: id,
        address: expect.stringMatching(/127\.0\.0\.1/),
        userAgent: USER_AGENT,
        details: { from: 'new', to: 'contacted' },
      });
    });

    it('records a contact query status change with from → to', async () => {
      const created = await t.http.post('/api/contacts').send({ name: 'Cy', email: 'cy@example.com', department: 'sales', message: 'Hi' }).expect(201);
      const id = created.body.data._id as string;
      await t.http.patch(`/api/contacts/${id}/status`).set(auth).send({ status: 'resolved' }).expect(200);
      expect(await latest('contact.status_changed')).toMatchObject({ targetKind: 'contact', targetId: id, details: { from: 'pending', to: 'resolved' } });
    });

    it('records moving a lead into spam and a contact query out of it', async () => {
      const lead = await createLead();
      await t.http.patch(`/api/leads/${lead}/spam`).set(auth).send({ spam: true }).expect(200);
      expect(await latest('lead.spam_changed')).toMatchObject({ targetId: lead, details: { from: false, to: true } });
      const contact = (await t.http.post('/api/contacts').send({ name: 'Cy', email: 'cy@example.com', department: 'sales', message: 'Hi' })).body.data._id;
      await t.http.patch(`/api/contacts/${contact}/spam`).set(auth).send({ spam: true }).expect(200);
      await t.http.patch(`/api/contacts/${contact}/spam`).set(auth).send({ spam: false }).expect(200);
      expect(await latest('contact.spam_changed')).toMatchObject({ targetId: contact, details: { from: true, to: false } });
    });

    it('records a job created with its field names, edited with the names of the changed fields, and deleted with its title', async () => {
      const id = await createJob();
      expect(await latest('job.created')).toMatchObject({
        targetKind: 'job',
        targetId: id,
        details: { fields: expect.arrayContaining(['title', 'department', 'description']) },
      });
      await t.http
        .put(`/api/jobs/admin/${id}`)
        .set(auth)
        .send({ ...JOB, title: 'Senior Designer' })
        .expect(200);
      expect((await latest('job.updated')).details).toEqual({ fields: ['title'] });
      await t.http.delete(`/api/jobs/admin/${id}`).set(auth).expect(200);
      expect(await latest('job.deleted')).toMatchObject({ targetId: id, details: { title: 'Senior Designer' } });
    });

    it('records a job status change with from → to', async () => {
      const id = await createJob();
      await t.http.put(`/api/jobs/admin/${id}/status`).set(auth).send({ status: 'filled' }).expect(200);
      expect(await latest('job.status_changed')).toMatchObject({ targetId: id, adminId, details: { from: 'active', to: 'filled' } });
    });

    it('records a job expired by the closing-date check with no admin (the system changed it)', async () => {
      const id = await createJob();
      await db.update(jobs).set({ closesAt: '2000-01-01' }).where(eq(jobs.id, id));
      await t.app.get(JobsService).expireClosed();
      expect(await latest('job.status_changed')).toMatchObject({ targetId: id, adminId: null, adminEmail: null, details: { from: 'active', to: 'expired' } });
    });

    it('records an application status change with from → to', async () => {
      const application = await apply(await createJob());
      await t.http.put(`/api/jobs/applications/${application}/status`).set(auth).send({ status: 'shortlisted' }).expect(200);
      expect(await latest('application.status_changed')).toMatchObject({
        targetKind: 'application',
        targetId: application,
        details: { from: 'pending', to: 'shortlisted' },
      });
    });

    it('records a resume download without the resume or the applicant', async () => {
      const job = await createJob();
      const application = await apply(job, 'resume.reader@example.com');
      await t.http.get(`/api/jobs/applications/${application}/resume`).set(auth).expect(200);
      const entry = await latest('resume.downloaded');
      expect(entry).toMatchObject({ targetKind: 'application', targetId: application, details: { jobId: job } });
      // Stored without the applicant: the name is looked up when the log is read, so an erasure leaves none behind.
      const [stored] = await db.select().from(auditEntries).where(eq(auditEntries.id, entry._id));
      expect(JSON.stringify(stored)).not.toMatch(/resume\.reader|Ann Applicant/);
      expect(entry.targetName).toBe('Ann Applicant');
    });

    it('records a portfolio item created, edited (changed field names) and deleted (title)', async () => {
      const id = (await t.http.post('/api/portfolio').set(auth).send(ITEM).expect(201)).body.data._id as string;
      expect(await latest('portfolio.created')).toMatchObject({
        targetKind: 'portfolio',
        targetId: id,
        details: { fields: expect.arrayContaining(['projectTitle', 'techStack']) },
      });
      await t.http
        .put(`/api/portfolio/${id}`)
        .set(auth)
        .send({ ...ITEM, projectTitle: 'Atlas 2', techStack: ['React', 'Vite'] })
        .expect(200);
      expect((await latest('portfolio.updated')).details).toEqual({ fields: ['projectTitle', 'techStack'] });
      await t.http.delete(`/api/portfolio/${id}`).set(auth).expect(200);
      expect(await latest('portfolio.deleted')).toMatchObject({ targetId: id, details: { title: 'Atlas 2' } });
    });

    it('records a whole-list read (a list call without a page) with the list, the filter and the rows, whatever the client sends; a page is not recorded', async () => {
      await createLead();
      const before = (await audit('?action=list.read_all')).total;
      await t.http.get('/api/leads?page=1&limit=10').set(auth).expect(200);
      expect((await audit('?action=list.read_all')).total).toBe(before);
      const { total } = (await t.http.get('/api/leads?status=new&sort=oldest').set(auth).expect(200)).body;
      expect(await latest('list.read_all')).toMatchObject({
        actor: 'admin',
        adminId,
        targetKind: 'list',
        targetId: 'leads',
        details: { list: 'leads', filter: { status: 'new', sort: 'oldest', spam: false }, rows: total },
      });
      // The search text may be a visitor's address: only that there was one outlives an erasure.
      await t.http.get('/api/contacts?q=lee@example.com').set(auth).expect(200);
      const read = await latest('list.read_all');
      expect(read).toMatchObject({ targetId: 'contacts', details: { filter: { search: true, spam: false } } });
      expect(JSON.stringify(read)).not.toContain('lee@example.com');
    });

    it('records a change of the notification settings with the routes changed', async () => {
      const routes = { ...emptyNotificationRoutes(), lead: ['sales@example.com'] };
      routes.contact.support = ['help@example.com'];
      await t.http.put('/api/admin/settings/notifications').set(auth).send({ routes }).expect(200);
      expect(await latest('settings.notifications_changed')).toMatchObject({ targetKind: 'settings', details: { fields: ['lead', 'contact.support'] } });
    });

    it('records a webhook added, changed and deleted, never with its secret', async () => {
      const created = await t.http
        .post('/api/admin/settings/webhooks')
        .set(auth)
        .send({ url: 'http://127.0.0.1:9/hook', events: ['lead.created'] })
        .expect(201);
      const { data, secret } = created.body as { data: { _id: string }; secret: string };
      expect(await latest('webhook.created')).toMatchObject({ targetKind: 'webhook', targetId: data._id, details: { fields: ['url', 'events'] } });
      await t.http.patch(`/api/admin/settings/webhooks/${data._id}`).set(auth).send({ enabled: false }).expect(200);
      expect(await latest('webhook.updated')).toMatchObject({ targetId: data._id, details: { fields: ['enabled'], enabled: false } });
      await t.http.delete(`/api/admin/settings/webhooks/${data._id}`).set(auth).expect(200);
      expect(await latest('webhook.deleted')).toMatchObject({ targetId: data._id });
      const rows = await db.select().from(auditEntries);
      expect(JSON.stringify(rows)).not.toContain(secret);
    });

    it('records a privacy export and an erasure with the counts and the keyed hash of the e-mail, never the e-mail', async () => {
      await t.http.post('/api/leads').send({ name: 'Erin', email: PERSON, service: 'web', message: 'Hello' }).expect(201);
      await apply(await createJob(), PERSON);
      const hash = emailHash(t.config.keys.privacyEmailHash, PERSON);
      await t.http.post('/api/admin/privacy/lookup').set(auth).send({ email: PERSON }).expect(200);
      expect(await latest('privacy.exported')).toMatchObject({
        adminId,
        targetKind: 'person',
        targetId: hash,
        details: { emailHash: hash, leads: 1, contacts: 0, applications: 1 },
      });
      await t.http.post('/api/admin/privacy/erase').set(auth).send({ email: PERSON }).expect(200);
      expect(await latest('privacy.erased')).toMatchObject({
        targetId: hash,
        details: { emailHash: hash, leads: 1, contacts: 0, applications: 1, resumes: 1 },
      });
      expect(JSON.stringify(await db.select().from(auditEntries))).not.toContain(PERSON);
    });

    it('records the retention purge with its counts and no admin, and removes only the audit entries older than the audit retention', async () => {
      const [old] = await db
        .insert(auditEntries)
        .values({ action: 'lead.status_changed', createdAt: new Date(Date.now() - 40 * DAY_MS), details: { from: 'new', to: 'lost' } })
        .returning();
      const [recent] = await db
        .insert(auditEntries)
        .values({ action: 'lead.status_changed', createdAt: new Date(Date.now() - 20 * DAY_MS), details: { from: 'new', to: 'lost' } })
        .returning();
      if (!old || !recent) throw new Error('Expected the two inserted entries');
      // RETENTION_AUDIT_DAYS=30, on a clock 5 days ahead: the entry of 40 days ago goes, the one of 20 days ago stays.
      const counts = await t.app.get(RetentionPurge).purge(new Date(Date.now() + 5 * DAY_MS));
      expect(counts).toMatchObject({ audit: 1 });
      expect(await db.select().from(auditEntries).where(eq(auditEntries.id, old.id))).toEqual([]);
      expect(await db.select().from(auditEntries).where(eq(auditEntries.id, recent.id))).toHaveLength(1);
      expect(await latest('retention.purged')).toMatchObject({ actor: 'system', adminId: null, adminEmail: null, targetKind: null, details: counts });
    });

    it("names the actor of each entry: an admin's request, the system's purge; the list filters by it", async () => {
      expect(await latest('lead.status_changed')).toMatchObject({ actor: 'admin', adminId });
      const bySystem = await audit('?actor=system');
      expect(bySystem.total).toBeGreaterThan(0);
      expect(bySystem.entries.every((entry) => entry.actor === 'system' && entry.adminId === null)).toBe(true);
      expect((await audit('?actor=admin')).entries.every((entry) => entry.actor === 'admin')).toBe(true);
    });
  });

  // On PGlite the CLI cannot open the database the server holds: auth-cli.e2e-spec.ts runs it there, server stopped.
  describeOnPostgres('command-line actions (PostgreSQL: beside the running server)', () => {
    const cli = async (args: string[]) => {
      const lines: string[] = [];
      const env = {
        NODE_ENV: 'test',
        KEY_DERIVATION_COST: 'test',
        DATABASE_URL: t.config.database.url ?? '',
        DATA_DIR: t.config.storage.dataDir,
        JWT_SECRET: 'j'.repeat(32),
        ADMIN_PASSWORD: 'cli-password-0001',
      };
      const code = await runAdminCli(args, env, { out: (line) => lines.push(line), error: (line) => lines.push(line) });
      expect({ code, lines }).toMatchObject({ code: 0 });
    };
    const osUser = os.userInfo().username;

    it('records create, disable, enable and reset-password with the actor cli and the operating-system user, and no admin', async () => {
      await cli(['create', '--email', 'cli.made@example.com', '--name', 'Cli Made', '--password-env']);
      const created = await latest('admin.created');
      expect(created).toMatchObject({
        actor: 'cli',
        adminId: null,
        adminEmail: null,
        address: null,
        targetKind: 'admin',
        details: { email: 'cli.made@example.com', osUser },
      });
      await cli(['disable', '--email', 'cli.made@example.com']);
      expect(await latest('admin.updated')).toMatchObject({
        actor: 'cli',
        targetId: created.targetId,
        details: { disabled: { from: false, to: true }, osUser },
      });
      await cli(['enable', '--email', 'cli.made@example.com']);
      expect(await latest('admin.updated')).toMatchObject({ actor: 'cli', details: { disabled: { from: true, to: false }, osUser } });
      await cli(['reset-password', '--email', 'cli.made@example.com', '--password-env']);
      expect(await latest('admin.password_reset')).toMatchObject({ actor: 'cli', targetId: created.targetId, details: { osUser } });
      expect((await audit('?actor=cli')).entries.every((entry) => entry.actor === 'cli')).toBe(true);
    });

    it('records a purge run from the CLI as the command line, not the system', async () => {
      await cli(['purge']);
      expect(await latest('retention.purged')).toMatchObject({ actor: 'cli', adminId: null, details: { osUser, audit: expect.any(Number) } });
    });
  });

  describe('append-only, enforced by the database', () => {
    let entry: { id: string };
    beforeAll(async () => {
      entry = required(
        (
          await db
            .insert(auditEntries)
            .values({ action: 'lead.status_changed', details: { from: 'new', to: 'lost' } })
            .returning({ id: auditEntries.id })
        )[0],
        'the entry',
      );
    });
    /** The database's refusal (drizzle wraps it: the trigger's message is the cause's). */
    const refused = async (attempt: Promise<unknown>) => {
      const error = (await attempt.then(
        () => undefined,
        (failure: unknown) => failure,
      )) as (Error & { cause?: Error }) | undefined;
      expect(error?.cause?.message ?? error?.message).toMatch(/audit entries are append-only: (UPDATE|DELETE|TRUNCATE) refused/);
    };

    it('refuses a raw UPDATE of an audit entry', async () => {
      await refused(db.execute(sql`update audit_entries set details = '{}' where id = ${entry.id}`));
      await refused(db.update(auditEntries).set({ action: 'auth.sign_in' }));
      expect((await db.select().from(auditEntries).where(eq(auditEntries.id, entry.id)))[0]).toMatchObject({
        action: 'lead.status_changed',
        details: { from: 'new', to: 'lost' },
      });
    });

    it('refuses a raw DELETE of an audit entry', async () => {
      await refused(db.execute(sql`delete from audit_entries where id = ${entry.id}`));
      await refused(db.delete(auditEntries));
      expect(await db.select().from(auditEntries).where(eq(auditEntries.id, entry.id))).toHaveLength(1);
    });

    it('refuses TRUNCATE of the audit table', async () => {
      const before = (await audit()).total;
      await refused(db.execute(sql`truncate audit_entries`));
      expect((await audit()).total).toBe(before);
    });

    it("lets through the retention purge's own delete only: the marker is cleared right after it, in the same transaction", async () => {
      const old = required(
        (
          await db
            .insert(auditEntries)
            .values({ action: 'lead.status_changed', createdAt: new Date(Date.now() - 500 * DAY_MS), details: {} })
            .returning()
        )[0],
        'the old entry',
      );
      await refused(
        db.transaction(async (tx) => {
          expect(await AuditRepository.deleteOlderThan(tx, new Date(Date.now() - 400 * DAY_MS))).toBe(1);
          await tx.execute(sql`delete from audit_entries where id = ${entry.id}`);
        }),
      );
      // The failed transaction took the purge's delete back with it.
      expect(await db.select().from(auditEntries).where(eq(auditEntries.id, old.id))).toHaveLength(1);
      // Outside a transaction the marker lasts no longer than its own statement: the delete is refused.
      await refused(AuditRepository.deleteOlderThan(db, new Date(Date.now() - 400 * DAY_MS)));
    });
  });

  describe('when an entry cannot be written', () => {
    // The table made unreachable for a moment, on the real database: the two policies of AuditLog.record.
    const withoutAuditTable = async <T>(action: () => Promise<T>): Promise<T> => {
      await db.execute(sql`alter table audit_entries rename to audit_entries_away`);
      try {
        return await action();
      } finally {
        await db.execute(sql`alter table audit_entries_away rename to audit_entries`);
      }
    };

    it('rolls back a change whose entry is part of its transaction (a status change): nothing changes unrecorded', async () => {
      const id = await createLead();
      await withoutAuditTable(() => t.http.patch(`/api/leads/${id}/status`).set(auth).send({ status: 'lost' }).expect(500));
      expect((await t.http.get(`/api/leads?q=lee@example.com`).set(auth)).body.leads.find((lead: { _id: string }) => lead._id === id).status).toBe('new');
    });

    it('answers the success of a change made outside a transaction (a portfolio item created): it happened, and the entry is logged', async () => {
      const logged = jest.spyOn(Logger.prototype, 'error');
      try {
        const answer = await withoutAuditTable(() =>
          t.http
            .post('/api/portfolio')
            .set(auth)
            .send({ ...ITEM, projectTitle: 'Unrecorded' })
            .expect(201),
        );
        expect(answer.body.data.projectTitle).toBe('Unrecorded');
        expect((await audit(`?targetId=${answer.body.data._id}`)).total).toBe(0);
        const lines = logged.mock.calls.map(([message]) => String(message));
        expect(lines).toContainEqual(expect.stringMatching(/^audit entry not written: .*"action":"portfolio\.created".*"adminId":"[0-9a-f-]{36}"/s));
        expect(lines.join('\n')).toContain(answer.body.data._id);
      } finally {
        logged.mockRestore();
      }
    });
  });

  describe('GET /api/admin/audit', () => {
    it('answers the entries newest first with the total, one page at a time', async () => {
      const all = await audit();
      expect(all.total).toBe(all.entries.length);
      const times = all.entries.map((entry) => entry.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      const page = await audit('?page=2&limit=2');
      expect(page.total).toBe(all.total);
      expect(page.entries.map((entry) => entry._id)).toEqual(all.entries.slice(2, 4).map((entry) => entry._id));
    });

    it('filters by action, admin, target id and a date range', async () => {
      const lead = await createLead();
      await t.http.patch(`/api/leads/${lead}/status`).set(auth).send({ status: 'qualified' }).expect(200);
      const byTarget = await audit(`?targetId=${lead}`);
      expect(byTarget.entries.map((entry) => entry.action)).toEqual(['lead.status_changed']);
      expect((await audit('?action=job.created')).entries.every((entry) => entry.action === 'job.created')).toBe(true);
      const byAdmin = await audit(`?adminId=${adminId}`);
      expect(byAdmin.total).toBeGreaterThan(0);
      expect(byAdmin.entries.every((entry) => entry.adminId === adminId)).toBe(true);
      expect((await audit('?adminId=00000000-0000-4000-8000-000000000000')).total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
      expect((await audit(`?targetId=${lead}&from=${today}&to=${today}`)).total).toBe(1);
      expect((await audit(`?targetId=${lead}&from=${tomorrow}`)).total).toBe(0);
      expect((await audit(`?targetId=${lead}&to=2000-01-01T00:00:00Z`)).total).toBe(0);
    });

    // The names are looked up per kind (DISTINCT ON for a page's draft title), the noise found with jsonb_each: on both engines.
    describeEngineDependent('names and system noise', () => {
      it("names each entry's admin and target as they are now: a lead's, an applicant's, a job's, a portfolio item's, an admin's", async () => {
        const lead = await createLead();
        await t.http.patch(`/api/leads/${lead}/status`).set(auth).send({ status: 'qualified' }).expect(200);
        const job = await createJob();
        const application = await apply(job, 'named@example.com');
        await t.http.put(`/api/jobs/applications/${application}/status`).set(auth).send({ status: 'shortlisted' }).expect(200);
        const item = (await t.http.post('/api/portfolio').set(auth).send(ITEM).expect(201)).body.data._id as string;
        const page = (await t.http.post('/api/admin/pages').set(auth).send({ title: 'Named page', slug: 'named-page' }).expect(201)).body.page._id as string;
        await t.http.get('/api/leads').set(auth).expect(200);
        const [admin] = await db.select({ name: admins.name }).from(admins).where(eq(admins.id, adminId));
        const one = async (query: string) => required((await audit(`${query}&limit=1`)).entries[0], query);
        expect(await one(`?targetId=${lead}&action=lead.status_changed`)).toMatchObject({ adminName: admin?.name, targetName: 'Lee', targetGone: false });
        expect(await one(`?targetId=${application}&action=application.status_changed`)).toMatchObject({ targetName: 'Ann Applicant', targetGone: false });
        expect(await one(`?targetId=${job}&action=job.created`)).toMatchObject({ targetName: JOB.title, targetGone: false });
        expect(await one(`?targetId=${item}&action=portfolio.created`)).toMatchObject({ targetName: ITEM.projectTitle, targetGone: false });
        expect(await one(`?targetId=${page}&action=page.created`)).toMatchObject({ targetName: 'Named page', targetGone: false });
        await t.http.delete(`/api/admin/pages/${page}`).set(auth).expect(200);
        expect(await one(`?targetId=${page}&action=page.created`)).toMatchObject({ targetName: null, targetGone: true });
        expect(await one(`?targetId=${adminId}&action=auth.sign_in`)).toMatchObject({ targetName: admin?.name, targetGone: false });
        // A kind without a name (a list) carries none, and is not gone.
        expect(await one('?action=list.read_all')).toMatchObject({ targetName: null, targetGone: false });
      });

      it('marks a deleted or erased target gone ("(deleted)"), with no name left: an erased person is not named again', async () => {
        const job = await createJob();
        await t.http.delete(`/api/jobs/admin/${job}`).set(auth).expect(200);
        expect(required((await audit(`?targetId=${job}&action=job.created`)).entries[0], 'job.created')).toMatchObject({ targetName: null, targetGone: true });
        const erased = 'named.erased@example.com';
        const lead = (await t.http.post('/api/leads').send({ name: 'Gone Person', email: erased, service: 'web', message: 'Hello' }).expect(201)).body.data
          ._id as string;
        await t.http.patch(`/api/leads/${lead}/status`).set(auth).send({ status: 'contacted' }).expect(200);
        await t.http.post('/api/admin/privacy/erase').set(auth).send({ email: erased }).expect(200);
        const entry = required((await audit(`?targetId=${lead}`)).entries[0], 'the erased lead entry');
        expect(entry).toMatchObject({ targetName: null, targetGone: true });
        expect(JSON.stringify((await audit('?limit=100')).entries)).not.toContain('Gone Person');
      });

      it('hides the system noise on hideSystem=true: whole-list reads and purges that removed nothing, not a purge that removed something', async () => {
        await t.http.get('/api/leads').set(auth).expect(200);
        const [empty] = await db
          .insert(auditEntries)
          .values({ actor: 'system', action: 'retention.purged', details: { leads: 0, audit: 0 } })
          .returning();
        const [removed] = await db
          .insert(auditEntries)
          .values({ actor: 'system', action: 'retention.purged', details: { leads: 2, audit: 0 } })
          .returning();
        const all = await audit('?limit=100');
        const quiet = await audit('?limit=100&hideSystem=true');
        expect(all.entries.some((entry) => entry.action === 'list.read_all')).toBe(true);
        expect(all.entries.map((entry) => entry._id)).toEqual(expect.arrayContaining([empty?.id, removed?.id]));
        expect(quiet.entries.some((entry) => entry.action === 'list.read_all')).toBe(false);
        expect(quiet.entries.map((entry) => entry._id)).not.toContain(empty?.id);
        expect(quiet.entries.map((entry) => entry._id)).toContain(removed?.id);
        expect(quiet.total).toBeLessThan(all.total);
        expect((await audit('?limit=100&hideSystem=false')).total).toBe(all.total);
      });
    });

    it.each([
      ['action', 'lead.renamed'],
      ['adminId', 'not-an-id'],
      ['from', 'yesterday'],
      ['to', '2026-13-40'],
      ['limit', '0'],
      ['page', 'two'],
      ['hideSystem', 'yes'],
    ])('refuses a bad %s with 400 and a message for that field', async (field, value) => {
      const answer = await t.http.get(`/api/admin/audit?${field}=${value}`).set(auth).expect(400);
      expect(answer.body).toMatchObject({ success: false, errors: { [field]: expect.any(String) } });
    });

    it('refuses a request without a session', async () => {
      await t.http.get('/api/admin/audit').expect(401);
    });

    it('has no route that updates or deletes an entry: the audit log is only read', () => {
      const routes = appRoutes(t.app).filter((route) => route.includes('audit'));
      expect(routes.filter((route) => !/^(GET|HEAD) /.test(route))).toEqual([]);
      expect(routes).toContain('GET /api/admin/audit');
    });
  });
});
