// PostgreSQL pass: an assignment waits for a role change in another connection (row locks).
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_AREAS, MESSAGES, required, type AdminRole, type TimelineEvent, type WorkItemKind } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { AdminsService } from '../src/accounts/admins.service';
import type { AuthenticatedAdmin } from '../src/auth/authenticated-admin';
import { DATABASE, type Database } from '../src/database/database';
import { admins, auditEntries, contacts, deliveries, jobApplications, leads } from '../src/database/schema';
import { DeliveryWorker, NO_LONGER_THEIRS } from '../src/deliveries/delivery-worker';
import { WorkspaceRepository } from '../src/workspace/workspace.repository';
import { WorkspaceService } from '../src/workspace/workspace.service';
import { dataUrl } from './fixtures/resume-samples';
import { readMessageFile } from './mail-message';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TEST_DATABASE_KIND, type TestApp } from './support/test-app';

// Decision 062: an admin owns, and is mailed about, only the items their role covers while their account is active.
// The rules are checked on the services and the worker against a real database; one HTTP call shows the wiring.

const BOOT_TIMEOUT_MS = 120_000;
const RESUME_PDF = fs.readFileSync(path.join(__dirname, 'fixtures', 'resume.pdf'));
const TABLES = { lead: leads, contact: contacts, application: jobApplications } as const;

describe('Items follow their owner’s role: reminders, assignment mails, demotion and disabling', () => {
  let t: TestApp;
  let db: Database;
  let workspace: WorkspaceService;
  let accounts: AdminsService;
  let ownerToken: string;
  let jobId: string;
  let made = 0;
  /** The admins of the reminder cases, by name: their roles do not change during the suite. */
  const staff: Record<string, { id: string; email: string }> = {};

  const addAdmin = async (name: string, role: AdminRole, disabled = false) => {
    const email = `${name.toLowerCase()}.${++made}@example.test`;
    const [row] = await db
      .insert(admins)
      .values({ email, name, passwordHash: 'not-a-hash', role, disabledAt: disabled ? new Date() : null })
      .returning({ id: admins.id });
    return { id: required(row, 'the admin').id, email };
  };
  const newItem = async (kind: WorkItemKind): Promise<string> => {
    const email = `visitor.${++made}@example.com`;
    if (kind === 'lead') {
      return (await t.http.post('/api/leads').send({ name: 'Ann Lee', email, service: 'web', message: 'A site.' }).expect(201)).body.data._id;
    }
    if (kind === 'contact') {
      return (await t.http.post('/api/contacts').send({ name: 'Ann Lee', email, department: 'sales', message: 'Hello.' }).expect(201)).body.data._id;
    }
    const body = { job: jobId, fullName: 'Ann Lee', email, phone: '+15551234567', experience: '3 years', resume: dataUrl(RESUME_PDF), isResumeBase64: true };
    return (await t.http.post('/api/jobs/apply').send(body).expect(201)).body.data._id;
  };
  /** Sets the owner in the table, as data from before this rule (or a race lost) may hold it. */
  const own = (kind: WorkItemKind, id: string, ownerId: string | null) => db.execute(sql`update ${TABLES[kind]} set owner_id = ${ownerId} where id = ${id}`);
  const ownerOf = async (kind: WorkItemKind, id: string) => {
    const result = await db.execute(sql`select owner_id from ${TABLES[kind]} where id = ${id}`);
    return (result as unknown as { rows: { owner_id: string | null }[] }).rows[0]?.owner_id;
  };
  const timelineOf = (kind: WorkItemKind, id: string) => workspace.timeline(kind, id);
  const lastOwnerEvent = async (kind: WorkItemKind, id: string): Promise<TimelineEvent | undefined> =>
    (await timelineOf(kind, id)).findLast((event) => event.type === 'owner_changed');

  beforeAll(async () => {
    // Reminders are asked for by the tests (remindDue); the timer's own round is at start, then five minutes later.
    t = await createTestApp({ FOLLOW_UP_REMINDER_POLL_SECONDS: '300' });
    db = t.app.get<symbol, Database>(DATABASE);
    workspace = t.app.get(WorkspaceService);
    accounts = t.app.get(AdminsService);
    ownerToken = await loginAsAdmin(t);
    const job = await t.http
      .post('/api/jobs/admin')
      .set({ Authorization: `Bearer ${ownerToken}` })
      .send({
        title: 'Data Engineer',
        department: 'engineering',
        location: 'remote',
        type: 'full-time',
        experience: '3+ years',
        description: 'Pipelines.',
        requirements: [],
      })
      .expect(201);
    jobId = job.body.data._id;
    for (const [name, role, disabled] of [
      ['Sally', 'sales', false],
      ['Sid', 'sales', false],
      ['Rita', 'recruiter', false],
      ['Eddie', 'editor', false],
      ['Olga', 'owner', false],
      ['Dora', 'sales', true],
    ] as const) {
      staff[name] = await addAdmin(name, role, disabled);
    }
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  describe('a follow-up that comes due is reminded to', () => {
    type Who = keyof typeof staff | null;
    it.each<[string, WorkItemKind, Who, Who, Who]>([
      ['its owner, whose role covers the item', 'lead', 'Sally', 'Sid', 'Sally'],
      ['its owner, a recruiter, for an application', 'application', 'Rita', 'Olga', 'Rita'],
      ['whoever set it, when the owner’s role no longer covers the item', 'lead', 'Rita', 'Sid', 'Sid'],
      ['whoever set it, when the owner’s role no longer covers the application', 'application', 'Sally', 'Olga', 'Olga'],
      ['nobody, when neither the owner’s role nor the setter’s covers the item', 'contact', 'Rita', 'Eddie', null],
      ['nobody, when the owner set it and their role no longer covers the item', 'lead', 'Eddie', 'Eddie', null],
      ['whoever set it, when the owner’s account is disabled', 'contact', 'Dora', 'Sally', 'Sally'],
      ['whoever set it, when nobody owns the item', 'lead', null, 'Sid', 'Sid'],
      ['nobody, when nobody owns the item and the setter’s role no longer covers it', 'application', null, 'Sally', null],
      ['nobody, when nobody owns the item and the setter is disabled', 'lead', null, 'Dora', null],
    ])('%s', async (_rule, kind, owner, setter, expected) => {
      const id = await newItem(kind);
      await own(kind, id, owner ? required(staff[owner], owner).id : null);
      await db.execute(sql`update ${TABLES[kind]}
        set follow_up_at = now() - interval '1 minute', follow_up_by_id = ${setter ? required(staff[setter], setter).id : null}, follow_up_reminded_at = null
        where id = ${id}`);
      await workspace.remindDue();
      const reminders = await db
        .select({ recipient: deliveries.recipient })
        .from(deliveries)
        .where(and(eq(deliveries.subjectId, id), eq(deliveries.topic, `${kind}.reminder`)));
      expect(reminders.map((row) => row.recipient)).toEqual(expected ? [required(staff[expected], expected).email] : []);
      // Handled either way: it is not looked at again.
      const handled = await db.execute(sql`select follow_up_reminded_at is not null as handled from ${TABLES[kind]} where id = ${id}`);
      expect((handled as unknown as { rows: { handled: boolean }[] }).rows).toEqual([{ handled: true }]);
    });
  });

  describe('a mail about an item queued for an admin (assigned, reminder)', () => {
    it('goes out only if, when it is sent, its recipient is active and their role covers the item; else it is cancelled, on the timeline', async () => {
      const lead = await newItem('lead');
      const application = await newItem('application');
      const queued = await db
        .insert(deliveries)
        .values([
          { topic: 'lead.assigned', subjectId: lead, recipient: required(staff.Sally, 'Sally').email, payload: { assignedBy: 'Test Admin' } },
          { topic: 'lead.reminder', subjectId: lead, recipient: required(staff.Rita, 'Rita').email, payload: { followUpAt: new Date().toISOString() } },
          { topic: 'application.assigned', subjectId: application, recipient: required(staff.Dora, 'Dora').email, payload: { assignedBy: null } },
        ])
        .returning({ id: deliveries.id, recipient: deliveries.recipient });
      t.app.get(DeliveryWorker).wake();
      const done = await pollUntil(
        async () => {
          const rows = await db
            .select({ recipient: deliveries.recipient, status: deliveries.status, lastError: deliveries.lastError })
            .from(deliveries)
            .where(
              inArray(
                deliveries.id,
                queued.map((row) => row.id),
              ),
            );
          return rows.every((row) => row.status === 'sent' || row.status === 'cancelled') ? rows : undefined;
        },
        { what: 'the three mails handled' },
      );
      const statusOf = (name: string) => done.find((row) => row.recipient === required(staff[name], name).email);
      expect(statusOf('Sally')).toMatchObject({ status: 'sent', lastError: null });
      expect(statusOf('Rita')).toMatchObject({ status: 'cancelled', lastError: NO_LONGER_THEIRS });
      expect(statusOf('Dora')).toMatchObject({ status: 'cancelled', lastError: NO_LONGER_THEIRS });
      // The mails written about these two items (their pages' links name them): Sally's only.
      const written = t
        .outbox()
        .map(readMessageFile)
        .filter((mail) => mail.text.includes(lead) || mail.text.includes(application));
      expect(written.map((mail) => mail.headers.to)).toEqual([expect.stringContaining(required(staff.Sally, 'Sally').email)]);
      expect((await timelineOf('lead', lead)).find((event) => event.type === 'mail_cancelled')).toMatchObject({
        actor: null,
        detail: `Quote request: follow-up reminder to ${required(staff.Rita, 'Rita').email}: ${NO_LONGER_THEIRS}`,
      });
    });
  });

  describe('changing an admin’s role or account', () => {
    it('demoting unassigns, in the same change, the items the new role does not cover, each on its timeline; the others stay', async () => {
      const sam = await addAdmin('Sam', 'owner');
      const [lead, contact, application] = [await newItem('lead'), await newItem('contact'), await newItem('application')];
      for (const [kind, id] of [
        ['lead', lead],
        ['contact', contact],
        ['application', application],
      ] as const) {
        await own(kind, id, sam.id);
      }
      const [before] = await db.select({ updatedAt: leads.updatedAt }).from(leads).where(eq(leads.id, lead));
      const changed = await accounts.change(sam.id, { role: 'recruiter' });
      expect(changed).toMatchObject({ unassigned: 2 });
      expect([await ownerOf('lead', lead), await ownerOf('contact', contact), await ownerOf('application', application)]).toEqual([null, null, sam.id]);
      // Nobody worked on the lead: its retention still counts from its last real change.
      const [after] = await db.select({ updatedAt: leads.updatedAt }).from(leads).where(eq(leads.id, lead));
      expect(after?.updatedAt).toEqual(before?.updatedAt);
      for (const [kind, id] of [
        ['lead', lead],
        ['contact', contact],
      ] as const) {
        expect(await lastOwnerEvent(kind, id)).toMatchObject({ detail: 'Unassigned (was Sam): their new role does not cover it' });
      }
      const entries = await db
        .select({ details: auditEntries.details })
        .from(auditEntries)
        .where(and(eq(auditEntries.action, 'admin.updated'), eq(auditEntries.targetId, sam.id)));
      expect(entries.map((entry) => entry.details)).toEqual([expect.objectContaining({ unassigned: 2, role: { from: 'owner', to: 'recruiter' } })]);
    });

    it('a new role that still covers the items leaves them with their owner', async () => {
      const sue = await addAdmin('Sue', 'sales');
      const lead = await newItem('lead');
      await own('lead', lead, sue.id);
      expect(await accounts.change(sue.id, { role: 'owner' })).toMatchObject({ unassigned: 0 });
      expect(await ownerOf('lead', lead)).toBe(sue.id);
    });

    it('disabling unassigns every item the admin owns; enabling them again gives nothing back', async () => {
      const ola = await addAdmin('Ola', 'owner');
      const [lead, application] = [await newItem('lead'), await newItem('application')];
      await own('lead', lead, ola.id);
      await own('application', application, ola.id);
      expect(await accounts.change(ola.id, { disabled: true })).toMatchObject({ unassigned: 2 });
      expect([await ownerOf('lead', lead), await ownerOf('application', application)]).toEqual([null, null]);
      expect(await lastOwnerEvent('application', application)).toMatchObject({ detail: 'Unassigned (was Ola): their account was disabled' });
      expect(await accounts.change(ola.id, { disabled: false })).toMatchObject({ unassigned: 0 });
      expect(await ownerOf('lead', lead)).toBeNull();
    });

    it('a change that fails part-way changes nothing: the role, and the items’ owner, stay (one transaction)', async () => {
      const sid = await addAdmin('Sid Two', 'sales');
      const [first, second] = [await newItem('lead'), await newItem('contact')];
      await own('lead', first, sid.id);
      await own('contact', second, sid.id);
      // The owner change of the contact cannot be written: the lead's unassignment must not stay either.
      await db.execute(sql.raw(`create function refuse_unassign() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`));
      await db.execute(
        sql.raw(
          `create trigger refuse_unassign before insert on audit_entries for each row when (new.action = 'contact.owner_changed') execute function refuse_unassign()`,
        ),
      );
      try {
        await expect(accounts.change(sid.id, { role: 'editor' })).rejects.toThrow();
      } finally {
        await db.execute(sql.raw('drop trigger refuse_unassign on audit_entries'));
        await db.execute(sql.raw('drop function refuse_unassign()'));
      }
      const [row] = await db.select({ role: admins.role }).from(admins).where(eq(admins.id, sid.id));
      expect(row?.role).toBe('sales');
      expect([await ownerOf('lead', first), await ownerOf('contact', second)]).toEqual([sid.id, sid.id]);
    });

    it('through the Admins screen: the timeline names the owner who changed the role (PATCH /api/admin/admins/:id)', async () => {
      const stan = await addAdmin('Stan', 'sales');
      const lead = await newItem('lead');
      await own('lead', lead, stan.id);
      await t.http
        .patch(`/api/admin/admins/${stan.id}`)
        .set({ Authorization: `Bearer ${ownerToken}` })
        .send({ role: 'editor' })
        .expect(200);
      const timeline = (
        await t.http
          .get(`/api/leads/${lead}/timeline`)
          .set({ Authorization: `Bearer ${ownerToken}` })
          .expect(200)
      ).body.events as TimelineEvent[];
      expect(timeline.findLast((event) => event.type === 'owner_changed')).toEqual({
        at: expect.any(String),
        type: 'owner_changed',
        actor: 'Test Admin',
        detail: 'Unassigned (was Stan): their new role does not cover it',
      });
    });
  });

  describe('an upgrade', () => {
    it('unassigns the items of admins demoted or disabled before it, each on its timeline (migration 0016)', async () => {
      const [demoted, disabled, kept] = [await addAdmin('Dee', 'editor'), await addAdmin('Dis', 'recruiter', true), await addAdmin('Kay', 'recruiter')];
      const [lead, application, keptApplication] = [await newItem('lead'), await newItem('application'), await newItem('application')];
      await own('lead', lead, demoted.id);
      await own('application', application, disabled.id);
      await own('application', keptApplication, kept.id);
      const migration = fs.readFileSync(path.join(__dirname, '..', 'drizzle', '0016_unassign_items_their_owners_may_not_own.sql'), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
      expect([await ownerOf('lead', lead), await ownerOf('application', application), await ownerOf('application', keptApplication)]).toEqual([
        null,
        null,
        kept.id,
      ]);
      expect(await lastOwnerEvent('lead', lead)).toMatchObject({ actor: null, detail: 'Unassigned (was Dee): their new role does not cover it' });
      expect(await lastOwnerEvent('application', application)).toMatchObject({ actor: null, detail: 'Unassigned (was Dis): their account was disabled' });
    });
  });

  describe('assigning an item', () => {
    // Who assigns (not the new owner: the assignment is mailed).
    const asOwner: AuthenticatedAdmin = {
      _id: 'x',
      id: '00000000-0000-4000-8000-000000000000',
      name: 'Test Admin',
      email: 'admin@example.test',
      role: 'owner',
      sessionId: 'x',
    };

    it('checks the new owner again inside the assignment: one no longer eligible is refused, nothing written', async () => {
      const lead = await newItem('lead');
      const refused = await t.app
        .get(WorkspaceRepository)
        .setOwner('lead', lead, required(staff.Rita, 'Rita').id, ADMIN_AREAS.inbox, () => Promise.resolve(), undefined);
      expect(refused).toBe('owner-invalid');
      expect(await ownerOf('lead', lead)).toBeNull();
    });

    (TEST_DATABASE_KIND === 'postgres' ? it : it.skip)(
      'waits for a role change of the new owner under way, then refuses them (PostgreSQL, two connections)',
      async () => {
        const sky = await addAdmin('Sky', 'sales');
        const lead = await newItem('lead');
        const other = new Client({ connectionString: t.config.database.url });
        await other.connect();
        try {
          await other.query('begin');
          await other.query(`update admins set role = 'editor' where id = $1`, [sky.id]);
          let settled = false;
          const assigning = workspace.setOwner('lead', lead, sky.id, asOwner).finally(() => (settled = true));
          assigning.catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, 300));
          // The check before the transaction saw the role of before; the assignment waits for the change.
          expect(settled).toBe(false);
          await other.query('commit');
          await expect(assigning).rejects.toMatchObject({ message: MESSAGES.ownerInvalid });
          expect(await ownerOf('lead', lead)).toBeNull();
          const mails = await db
            .select({ id: deliveries.id })
            .from(deliveries)
            .where(and(eq(deliveries.subjectId, lead), eq(deliveries.topic, 'lead.assigned')));
          expect(mails).toEqual([]);
        } finally {
          await other.end();
        }
      },
    );
  });
});
