// PostgreSQL pass, engine blocks: the purge rewrites the tables' files on the server, and two purges meet its lock.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DAY_MS, required, RETENTION_DEFAULT_DAYS } from '@brightwave/common';
import { eq, inArray, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { runAdminCli } from '../src/cli/admin-cli';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { DATABASE, type Database } from '../src/database/database';
import { confirmationQuota, contacts, deliveries, formTokenUses, jobApplications, jobs, leads } from '../src/database/schema';
import { RetentionPurge } from '../src/privacy/retention-purge';
import { dataUrl } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { FIXTURE_JOB } from './support/fuzz-fixtures';
import { createTestApp, describeEngineDependent, describeOnOneEngine, TEST_DATABASE_KIND, type TestApp } from './support/test-app';
import { ADVISORY_LOCK_KEYS } from '../src/database/advisory-locks';

const BOOT_TIMEOUT_MS = 120_000;
const RESUME_PDF = fs.readFileSync(path.join(__dirname, 'fixtures', 'resume.pdf'));
const NOTHING = {
  applications: 0,
  resumes: 0,
  leads: 0,
  contacts: 0,
  spamLeads: 0,
  spamContacts: 0,
  deliveries: 0,
  spentFormTokens: 0,
  confirmationQuotas: 0,
  audit: 0,
  analytics: 0,
  outboxMails: 0,
  callsCancelled: 0,
};
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
// More rows than one SQL statement can hold parameters (65,535): a purge that listed their ids would fail.
const SPAM_ROWS = 66_000;

describe('Retention', () => {
  let t: TestApp;
  let db: Database;
  let auth: { authorization: string };
  let retention: RetentionPurge;
  let applicants = 0;

  /** `days` from now, on the purge's fake clock. */
  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);
  const storedFiles = () => (fs.existsSync(t.config.storage.uploadsDir) ? fs.readdirSync(t.config.storage.uploadsDir) : []);
  const createJob = async () => {
    return (await t.http.post('/api/jobs/admin').set(auth).send(FIXTURE_JOB).expect(201)).body.data.id as string;
  };
  const apply = async (job: string) => {
    const body = {
      job,
      fullName: 'Ann Applicant',
      email: `ann-${++applicants}@example.com`,
      phone: '+15551234567',
      experience: '1 year',
      resume: dataUrl(RESUME_PDF),
      isResumeBase64: true,
    };
    const id = (await t.http.post('/api/jobs/apply').send(body).expect(201)).body.data.id as string;
    const [row] = await db.select().from(jobApplications).where(eq(jobApplications.id, id));
    return { id, resumeKey: required(row, 'the application').resumeKey };
  };
  const setJobStatus = (id: string, status: string) => t.http.put(`/api/jobs/admin/${id}/status`).set(auth).send({ status }).expect(200);
  const createLead = async (email: string) =>
    (await t.http.post('/api/leads').send({ name: 'Lee', email, service: 'web', message: 'Hello' }).expect(201)).body.data._id as string;
  const leadExists = async (id: string) => (await db.select().from(leads).where(eq(leads.id, id))).length === 1;
  const jobOf = async (id: string) => required((await db.select().from(jobs).where(eq(jobs.id, id)))[0], `the job ${id}`);

  beforeAll(async () => {
    t = await createTestApp({ RETENTION_LEADS_DAYS: '100', RETENTION_CONTACTS_DAYS: '120', METRICS_TOKEN, METRICS_PORT: '0' });
    db = t.app.get<symbol, Database>(DATABASE);
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
    retention = t.app.get(RetentionPurge);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  describe('periods', () => {
    it('answers the periods in force to an admin: the defaults, or the env values', async () => {
      const answer = await t.http.get('/api/admin/settings/retention').set(auth).expect(200);
      expect(answer.body).toEqual({ success: true, retention: { ...RETENTION_DEFAULT_DAYS, leads: 100, contacts: 120 } });
      await t.http.get('/api/admin/settings/retention').expect(401);
    });

    it('defaults to 180 days for applications, 730 for leads and contacts, 30 for spam and deliveries, 400 for audit, 730 for site analytics', () => {
      expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: randomBytes(32).toString('hex'), DATA_DIR: os.tmpdir() }).retention).toEqual({
        applications: 180,
        leads: 730,
        contacts: 730,
        spam: 30,
        deliveries: 30,
        audit: 400,
        analytics: 730,
      });
    });

    it.each(['0', '-1', 'ten', '1.5'])('refuses RETENTION_APPLICATIONS_DAYS=%s at start, naming the variable', (value) => {
      expect(() =>
        loadConfig({ NODE_ENV: 'test', JWT_SECRET: randomBytes(32).toString('hex'), DATA_DIR: os.tmpdir(), RETENTION_APPLICATIONS_DAYS: value }),
      ).toThrow(new ConfigError(`RETENTION_APPLICATIONS_DAYS must be a whole number between 1 and 36500 (got "${value}")`));
    });
  });

  describe('the purge', () => {
    it('removes leads and contact queries their period after their last change, and not before', async () => {
      const lead = await createLead('kept-then-purged@example.com');
      const contact = (await t.http.post('/api/contacts').send({ name: 'Cy', email: 'cy@example.com', department: 'general', message: 'Hi' }).expect(201)).body
        .data._id;
      expect(await retention.purge(inDays(99))).toMatchObject({ leads: 0, contacts: 0 });
      expect(await retention.purge(inDays(101))).toMatchObject({ leads: 1, contacts: 0 });
      expect(await leadExists(lead)).toBe(false);
      expect(await retention.purge(inDays(121))).toMatchObject({ contacts: 1 });
      expect(await db.select().from(contacts).where(eq(contacts.id, contact))).toEqual([]);
    });

    it('counts from the last status change: a lead changed later is kept longer', async () => {
      const lead = await createLead('changed@example.com');
      // The lead was last changed 50 days ago on the purge's clock; a status change now restarts its period.
      await db
        .update(leads)
        .set({ updatedAt: new Date(Date.now() - 50 * DAY_MS) })
        .where(eq(leads.id, lead));
      expect(await retention.purge(inDays(60))).toMatchObject({ leads: 1 });
      const changed = await createLead('changed-again@example.com');
      await db
        .update(leads)
        .set({ updatedAt: new Date(Date.now() - 50 * DAY_MS) })
        .where(eq(leads.id, changed));
      await t.http.patch(`/api/leads/${changed}/status`).set(auth).send({ status: 'contacted' }).expect(200);
      expect(await retention.purge(inDays(60))).toMatchObject({ leads: 0 });
      expect(await leadExists(changed)).toBe(true);
      expect(await retention.purge(inDays(101))).toMatchObject({ leads: 1 });
    });

    it('removes applications and their resume files 180 days after their job stopped being active, never while it is active', async () => {
      const open = await createJob();
      const closed = await createJob();
      const reopened = await createJob();
      const kept = await apply(open);
      const gone = await apply(closed);
      const back = await apply(reopened);
      await setJobStatus(closed, 'expired');
      expect((await jobOf(closed)).inactiveSince).toBeInstanceOf(Date);
      await setJobStatus(reopened, 'filled');
      await setJobStatus(reopened, 'active');
      expect((await jobOf(reopened)).inactiveSince).toBeNull();

      expect(await retention.purge(inDays(179))).toMatchObject({ applications: 0, resumes: 0 });
      const purged = await retention.purge(inDays(181));
      expect(purged).toMatchObject({ applications: 1, resumes: 1 });
      const left = (
        await db
          .select({ id: jobApplications.id })
          .from(jobApplications)
          .where(inArray(jobApplications.id, [kept.id, gone.id, back.id]))
      ).map((row) => row.id);
      expect(left.sort()).toEqual([kept.id, back.id].sort());
      expect(storedFiles()).not.toContain(gone.resumeKey);
      expect(storedFiles()).toEqual(expect.arrayContaining([kept.resumeKey, back.resumeKey]));
      // The job itself stays; only the applicants' data goes.
      expect(await jobOf(closed)).toBeDefined();
    });

    it('keeps counting from when the job first stopped being active (expired, then filled)', async () => {
      const job = await createJob();
      const application = await apply(job);
      await setJobStatus(job, 'expired');
      const since = (await jobOf(job)).inactiveSince;
      await setJobStatus(job, 'filled');
      expect((await jobOf(job)).inactiveSince).toEqual(since);
      expect(await retention.purge(inDays(181))).toMatchObject({ applications: 1 });
      expect(await db.select().from(jobApplications).where(eq(jobApplications.id, application.id))).toEqual([]);
    });

    it('removes sent, failed and cancelled messages 30 days after their sending, last try or writing; those about purged rows with them', async () => {
      const lead = await createLead('outbox@example.com');
      const elsewhere = '00000000-0000-4000-8000-000000000001';
      const [sent, failed, retriedLater, cancelled] = await db
        .insert(deliveries)
        .values([
          { topic: 'lead.staff', subjectId: elsewhere, recipient: 'staff@example.com', status: 'sent', sentAt: new Date() },
          { topic: 'lead.staff', subjectId: elsewhere, recipient: 'staff@example.com', status: 'failed' },
          // Retried (Retry now) 20 days from now, and failed again then: its 30 days count from that try.
          { topic: 'lead.staff', subjectId: elsewhere, recipient: 'staff@example.com', status: 'failed', nextAttemptAt: inDays(20) },
          { topic: 'application.candidate', subjectId: elsewhere, recipient: 'ann@example.com', status: 'cancelled' },
        ])
        .returning();
      // Waiting for its next try far ahead: it goes only with the lead it is about.
      const [about] = await db
        .insert(deliveries)
        .values({ topic: 'lead.confirmation', subjectId: lead, recipient: 'outbox@example.com', status: 'pending', attempts: 1, nextAttemptAt: inDays(1000) })
        .returning();
      if (!sent || !failed || !retriedLater || !cancelled || !about) throw new Error('Expected the five inserted deliveries');
      const remaining = async () =>
        (
          await db
            .select({ id: deliveries.id })
            .from(deliveries)
            .where(inArray(deliveries.id, [sent.id, failed.id, retriedLater.id, cancelled.id, about.id]))
        ).map((row) => row.id);

      // What is left of these five after each purge (the lead's own staff mail, sent meanwhile, is not counted here).
      expect(await retention.purge(inDays(29))).toMatchObject({ deliveries: 0 });
      await retention.purge(inDays(31));
      expect((await remaining()).sort()).toEqual([retriedLater.id, about.id].sort());
      await retention.purge(inDays(51));
      expect(await remaining()).toEqual([about.id]);
      expect(await retention.purge(inDays(101))).toMatchObject({ leads: 1 });
      expect(await remaining()).toEqual([]);
    });

    describeEngineDependent('on the server: the tables rewritten, and the purge lock', () => {
      it('removes with an application its notes, ratings, follow-up and mails to the candidate (sent or scheduled), and rewrites their tables', async () => {
        const job = await createJob();
        const { id } = await apply(job);
        await t.http.post(`/api/jobs/applications/${id}/notes`).set(auth).send({ text: 'Strong portfolio.' }).expect(201);
        await t.http.put(`/api/jobs/applications/${id}/rating`).set(auth).send({ score: 4, comment: 'Great SQL' }).expect(200);
        await t.http
          .put(`/api/jobs/applications/${id}/follow-up`)
          .set(auth)
          .send({ at: inDays(3).toISOString() })
          .expect(200);
        await t.http
          .post(`/api/jobs/applications/${id}/emails`)
          .set(auth)
          .send({ subject: 'Next steps', body: 'Hello {{firstName}}, more soon.', sendAt: inDays(2).toISOString() })
          .expect(201);
        await setJobStatus(job, 'filled');
        const tables = ['job_applications', 'item_notes', 'application_ratings', 'deliveries'];
        const fileNodes = async () => {
          const result = await db.execute(sql.raw(`select ${tables.map((table) => `pg_relation_filenode('${table}') as ${table}`).join(', ')}`));
          return (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
        };
        const before = await fileNodes();

        expect(await retention.purge(inDays(181))).toMatchObject({ applications: 1 });
        const left = await db.execute(sql`select
            (select count(*)::int from item_notes where application_id = ${id}) as notes,
            (select count(*)::int from application_ratings where application_id = ${id}) as ratings,
            (select count(*)::int from deliveries where subject_id = ${id}) as mails,
            (select count(*)::int from job_applications where id = ${id}) as applications`);
        expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ notes: 0, ratings: 0, mails: 0, applications: 0 }]);
        // VACUUM FULL writes each table into a new file: the old one, with the deleted rows' bytes, is emptied.
        const after = await fileNodes();
        for (const table of tables) expect({ table, node: after?.[table] }).not.toEqual({ table, node: before?.[table] });
      });

      it('purges once when two purges start together: one does the work', async () => {
        const first = await createLead('twice-1@example.com');
        const second = await createLead('twice-2@example.com');
        const results = await Promise.all([retention.purge(inDays(101)), retention.purge(inDays(101))]);
        const worked = results.filter((result) => result !== undefined && result.leads > 0);
        expect(worked).toEqual([expect.objectContaining({ leads: 2 })]);
        // The other one found the lock taken (PostgreSQL), or ran after the first and found nothing left (PGlite,
        // whose one connection runs transactions one after the other).
        expect(results.filter((result) => result === undefined || result.leads === 0)).toHaveLength(1);
        expect(await leadExists(first)).toBe(false);
        expect(await leadExists(second)).toBe(false);
      });

      (TEST_DATABASE_KIND === 'postgres' ? it : it.skip)('skips the round while another instance holds the lock (PostgreSQL)', async () => {
        const lead = await createLead('locked@example.com');
        const other = new Client({ connectionString: t.config.database.url });
        await other.connect();
        try {
          await other.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.retentionPurge]);
          expect(await retention.purge(inDays(101))).toBeUndefined();
          expect(await leadExists(lead)).toBe(true);
          await other.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.retentionPurge]);
          expect(await retention.purge(inDays(101))).toMatchObject({ leads: 1 });
        } finally {
          await other.end();
        }
      });
    });

    it('removes spent form tokens past their expiry and confirmation quotas untouched for a whole window', async () => {
      const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
      await db.insert(formTokenUses).values([
        { nonce: 'expired-nonce', expiresAt: hourAgo },
        { nonce: 'current-nonce', expiresAt: inDays(1) },
      ]);
      await db.insert(confirmationQuota).values([
        { addressHash: 'quiet-for-a-day', sentAt: [new Date(Date.now() - 25 * 60 * 60 * 1000)], updatedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
        { addressHash: 'sent-an-hour-ago', sentAt: [hourAgo], updatedAt: hourAgo },
      ]);
      expect(await retention.purge(new Date())).toMatchObject({ spentFormTokens: 1, confirmationQuotas: 1 });
      expect((await db.select({ nonce: formTokenUses.nonce }).from(formTokenUses)).map((row) => row.nonce)).toEqual(['current-nonce']);
      expect((await db.select({ key: confirmationQuota.addressHash }).from(confirmationQuota)).map((row) => row.key)).toEqual(['sent-an-hour-ago']);
      await db.delete(formTokenUses);
      await db.delete(confirmationQuota);
    });

    // Engine-independent (the parameter limit is the protocol's), and 28 s of this suite on PGlite against 3 on the server.
    describeOnOneEngine('at scale', () => {
      it(`purges ${SPAM_ROWS.toLocaleString('en')} expired spam leads and the outbox rows about them in one round (no list of ids in the SQL)`, async () => {
        await db.execute(sql`insert into ${leads} (name, email, service, message, spam)
          select 'Spammer ' || n, 'spam-' || n || '@example.com', 'web', 'Cheap pills', true from generate_series(1, ${SPAM_ROWS}) as n`);
        await db.execute(sql`insert into ${deliveries} (topic, subject_id, recipient, status)
          select 'lead.staff', id, 'spam-staff@example.com', 'failed' from ${leads} where spam`);
        const started = Date.now();
        const purged = await retention.purge(inDays(31));
        console.log(`Purge of ${SPAM_ROWS} spam leads and their outbox rows on ${TEST_DATABASE_KIND}: ${Date.now() - started} ms`);
        expect(purged).toMatchObject({ spamLeads: SPAM_ROWS, deliveries: SPAM_ROWS });
        expect(await db.select({ id: leads.id }).from(leads).where(eq(leads.spam, true))).toEqual([]);
        expect(await db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.recipient, 'spam-staff@example.com'))).toEqual([]);
      }, 600_000);
    });

    it('answers zero counts when nothing is old enough', async () => {
      expect(await retention.purge(new Date())).toEqual(NOTHING);
    });
  });

  describe('a round that fails', () => {
    const stats = async () => (await t.http.get('/api/admin/dashboard/stats').set(auth).expect(200)).body.stats;
    const failures = async () => {
      const text = (await t.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200)).text;
      return Number(/^retention_purge_failures_total (\S+)$/m.exec(text)?.[1]);
    };

    it('is counted in retention_purge_failures_total and warned of on the dashboard until a round succeeds', async () => {
      expect(await retention.purge(new Date())).toBeDefined();
      expect((await stats()).purgeFailing).toBeNull();
      const before = await failures();
      // A trigger that refuses every delete from leads: the purge's statement fails, as on a database that breaks.
      await db.execute(sql.raw(`create function refuse_purge() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`));
      await db.execute(sql.raw('create trigger refuse_purge before delete on leads for each statement execute function refuse_purge()'));
      const lead = await createLead('kept-by-a-failed-purge@example.com');
      try {
        await expect(retention.purge(inDays(101))).rejects.toThrow();
        const firstFailure = (await stats()).purgeFailing;
        expect(firstFailure).toEqual({ since: expect.any(String), lastError: 'refused by the test', lastSuccessAt: expect.any(String) });
        await expect(retention.purge(inDays(101))).rejects.toThrow();
        // Failing since the first failed round, not the last one.
        expect((await stats()).purgeFailing).toEqual(firstFailure);
        expect(await failures()).toBe(before + 2);
        expect(await leadExists(lead)).toBe(true);
      } finally {
        await db.execute(sql.raw('drop trigger refuse_purge on leads'));
        await db.execute(sql.raw('drop function refuse_purge()'));
      }
      expect(await retention.purge(inDays(101))).toMatchObject({ leads: 1 });
      expect((await stats()).purgeFailing).toBeNull();
      expect(await failures()).toBe(before + 2);
    });
  });

  describe('npm run admin -- purge', () => {
    it(
      'runs the purge now and prints the counts',
      async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-purge-cli-'));
        const lines: string[] = [];
        try {
          const code = await runAdminCli(
            ['purge'],
            { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') },
            {
              out: (line) => lines.push(line),
              error: (line) => lines.push(line),
            },
          );
          expect(code).toBe(0);
          expect(lines).toEqual([
            'Purged: applications 0, leads 0, contacts 0, spamLeads 0, spamContacts 0, deliveries 0, spentFormTokens 0, confirmationQuotas 0, audit 0, analytics 0, callsCancelled 0, resumes 0, outboxMails 0',
          ]);
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      },
      BOOT_TIMEOUT_MS,
    );
  });
});
