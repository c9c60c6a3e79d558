// PostgreSQL pass, engine blocks: the turn taken with an upsert by two instances at once.
import { randomBytes } from 'node:crypto';
import { MESSAGES, required, type AdminRole, type NotificationSettings } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { admins, auditEntries, contacts, deliveries, jobApplications, leads, settings } from '../src/database/schema';
import { NotificationPlan } from '../src/deliveries/notification-plan';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { readMessageFile } from './mail-message';
import { loginAsAdmin } from './support/admin-session';
import { filledOnSite } from './support/form-token';
import { createTestApp, describeOnPostgres, TEST_ADMIN, type TestApp } from './support/test-app';

const SLOW_MS = 120_000;
const PATH = '/api/admin/settings/notifications';

type Auth = { authorization: string };
interface Person {
  id: string;
  email: string;
  name: string;
}

const db = (t: TestApp) => t.app.get<symbol, Database>(DATABASE);

/** An admin account written straight to the database: the round-robin reads only its role and whether it is disabled. */
async function addAdmin(t: TestApp, name: string, role: AdminRole): Promise<Person> {
  const email = `${name.split(' ')[0]?.toLowerCase()}-${randomBytes(3).toString('hex')}@brightwave.test`;
  const [row] = await db(t).insert(admins).values({ email, name, role, passwordHash: 'not-a-hash' }).returning({ id: admins.id });
  return { id: required(row, 'the new admin').id, email, name };
}

async function sendLead(t: TestApp, name: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await t.http.post('/api/leads').set(headers).send({ name, email: 'visitor@example.com', service: 'web', message: 'Hi' }).expect(201);
  return answer.body.data._id as string;
}

async function ownersOf(t: TestApp, ids: string[]): Promise<Map<string, string | null>> {
  const rows = await db(t).select({ id: leads.id, ownerId: leads.ownerId }).from(leads).where(inArray(leads.id, ids));
  return new Map(rows.map((row) => [row.id, row.ownerId]));
}

/** How many of `ids` each owner got (`null`: unowned). */
function tally(owners: Map<string, string | null>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const owner of owners.values()) counts[String(owner)] = (counts[String(owner)] ?? 0) + 1;
  return counts;
}

/** The outbox rows of topic `<kind>.assigned` about these items. */
async function assignedMails(t: TestApp, ids: string[]) {
  return db(t)
    .select({ subjectId: deliveries.subjectId, topic: deliveries.topic, recipient: deliveries.recipient, payload: deliveries.payload })
    .from(deliveries)
    .where(and(inArray(deliveries.subjectId, ids), sql`${deliveries.topic} like '%.assigned'`));
}

describe('Round-robin: a route hands its new items to chosen admins in turn', () => {
  let t: TestApp;
  let auth: Auth;
  let owner: Person;
  let sam: Person;
  let sue: Person;
  let tom: Person;
  let rita: Person;
  const save = (body: object) => t.http.put(PATH).set(auth).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
    const [me] = await db(t).select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
    owner = { id: required(me, 'the test admin').id, email: TEST_ADMIN.email, name: TEST_ADMIN.name };
    sam = await addAdmin(t, 'Sam Sales', 'sales');
    sue = await addAdmin(t, 'Sue Sales', 'sales');
    tom = await addAdmin(t, 'Tom Sales', 'sales');
    rita = await addAdmin(t, 'Rita Recruiter', 'recruiter');
  }, SLOW_MS);
  afterAll(() => t.close());

  it('starts with nobody chosen on any route, and then new items arrive unowned', async () => {
    const { assignees } = (await t.http.get(PATH).set(auth).expect(200)).body.settings as NotificationSettings;
    expect(assignees.lead).toEqual([]);
    const id = await sendLead(t, 'Nobody Owns');
    expect((await ownersOf(t, [id])).get(id)).toBeNull();
    expect(await assignedMails(t, [id])).toEqual([]);
  });

  it('spreads quote requests evenly over the chosen admins, in their order', async () => {
    const saved = await save({ routes: {}, assignees: { lead: [sam.id, sue.id, owner.id] } }).expect(200);
    expect((saved.body.settings as NotificationSettings).assignees.lead).toEqual([sam.id, sue.id, owner.id]);
    const ids: string[] = [];
    for (let index = 0; index < 9; index++) ids.push(await sendLead(t, `Visitor ${index}`));
    const owners = await ownersOf(t, ids);
    expect(ids.map((id) => owners.get(id))).toEqual([sam.id, sue.id, owner.id, sam.id, sue.id, owner.id, sam.id, sue.id, owner.id]);
  });

  it('mails each new owner through the outbox, and records the assignment as the system for the timeline', async () => {
    const id = await sendLead(t, 'Mailed Owner');
    const ownerId = required((await ownersOf(t, [id])).get(id), 'the owner');
    const assignee = required(
      [sam, sue, owner].find((person) => person.id === ownerId),
      'the assignee',
    );
    expect(await assignedMails(t, [id])).toEqual([{ subjectId: id, topic: 'lead.assigned', recipient: assignee.email, payload: { assignedBy: null } }]);
    const [entry] = await db(t).select().from(auditEntries).where(eq(auditEntries.targetId, id));
    expect(entry).toMatchObject({
      actor: 'system',
      action: 'lead.owner_changed',
      targetKind: 'lead',
      adminId: null,
      address: null,
      details: { from: null, fromName: null, to: assignee.id, toName: assignee.name },
    });
    const mail = await pollUntil(
      () =>
        t
          .outbox()
          .map(readMessageFile)
          .find((message) => message.headers.to?.includes(assignee.email) && message.subject.includes('Mailed Owner')),
      { what: "the new owner's mail" },
    );
    expect(mail.subject).toBe('Assigned to you: the quote request from Mailed Owner');
  });

  it('skips a disabled admin and one whose role no longer covers the area, and stays even among the rest', async () => {
    await save({ routes: {}, assignees: { lead: [sam.id, sue.id, tom.id, owner.id] } }).expect(200);
    await db(t).update(admins).set({ disabledAt: new Date() }).where(eq(admins.id, sue.id));
    await db(t).update(admins).set({ role: 'editor' }).where(eq(admins.id, tom.id));
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) ids.push(await sendLead(t, `Skipping ${index}`));
    expect(tally(await ownersOf(t, ids))).toEqual({ [sam.id]: 3, [owner.id]: 3 });
    await db(t).update(admins).set({ disabledAt: null }).where(eq(admins.id, sue.id));
    await db(t).update(admins).set({ role: 'sales' }).where(eq(admins.id, tom.id));
  });

  it('gives suspected spam no owner and no mail, and spends no turn on it', async () => {
    await save({ routes: {}, assignees: { lead: [sam.id, sue.id] } }).expect(200);
    const headers = filledOnSite(t);
    const first = await sendLead(t, 'Genuine', headers);
    const reused = await sendLead(t, 'Reused Token', headers);
    const trapped = await sendLead(t, 'Trapped', { 'x-form-trap': 'filled' });
    const next = await sendLead(t, 'Next Genuine');
    const owners = await ownersOf(t, [first, reused, trapped, next]);
    expect(owners.get(reused)).toBeNull();
    expect(owners.get(trapped)).toBeNull();
    // The two genuine ones follow each other: the spam between them took no turn.
    expect([owners.get(first), owners.get(next)].sort()).toEqual([sam.id, sue.id].sort());
    expect((await assignedMails(t, [reused, trapped])).length).toBe(0);
    expect(
      await db(t)
        .select()
        .from(auditEntries)
        .where(inArray(auditEntries.targetId, [reused, trapped])),
    ).toEqual([]);
  });

  it("gives contact messages and applications to their own route's admins", async () => {
    const job = await t.http
      .post('/api/jobs/admin')
      .set(auth)
      .send({
        title: 'Designer',
        department: 'design',
        location: 'remote',
        type: 'full-time',
        experience: '2-3 years',
        description: 'A role.',
        requirements: ['Care'],
      })
      .expect(201);
    await save({ routes: {}, assignees: { contact: { sales: [tom.id] }, application: { design: [rita.id, owner.id] } } }).expect(200);
    const sales = await t.http.post('/api/contacts').send({ name: 'Sales Person', email: 's@example.com', department: 'sales', message: 'Hi' }).expect(201);
    const support = await t.http
      .post('/api/contacts')
      .send({ name: 'Support Person', email: 'u@example.com', department: 'support', message: 'Hi' })
      .expect(201);
    const contactOwners = await db(t)
      .select({ id: contacts.id, ownerId: contacts.ownerId })
      .from(contacts)
      .where(inArray(contacts.id, [sales.body.data._id, support.body.data._id]));
    expect(Object.fromEntries(contactOwners.map((row) => [row.id, row.ownerId]))).toEqual({ [sales.body.data._id]: tom.id, [support.body.data._id]: null });

    const applied = await t.http
      .post('/api/jobs/apply')
      .send({
        job: job.body.data._id,
        fullName: 'Ann Applicant',
        email: 'ann@example.com',
        phone: '+15550123',
        experience: '3 years',
        resume: dataUrl(samplePdf()),
        isResumeBase64: true,
      })
      .expect(201);
    const applicationId = applied.body.data._id as string;
    const [application] = await db(t).select({ ownerId: jobApplications.ownerId }).from(jobApplications).where(eq(jobApplications.id, applicationId));
    expect(application?.ownerId).toBe(rita.id);
    expect(await assignedMails(t, [applicationId])).toEqual([
      { subjectId: applicationId, topic: 'application.assigned', recipient: rita.email, payload: { assignedBy: null } },
    ]);
    const [entry] = await db(t).select().from(auditEntries).where(eq(auditEntries.targetId, applicationId));
    expect(entry).toMatchObject({ actor: 'system', action: 'application.owner_changed', details: { to: rita.id, toName: rita.name } });
  });

  it("refuses assignees who are not admins of the route's area, naming the route, and stores nothing", async () => {
    await save({ routes: {}, assignees: { lead: [sam.id] } }).expect(200);
    const refused = async (assignees: unknown) =>
      (await save({ routes: {}, assignees }).expect(400)).body as { message: string; errors: Record<string, string> };
    expect((await refused({ application: { design: [sam.id] } })).errors).toEqual({
      'assignees.application.design': 'Sam Sales (Sales) cannot take job applications: choose admins whose role covers job applications',
    });
    expect((await refused({ lead: [rita.id] })).errors).toEqual({
      'assignees.lead': 'Rita Recruiter (Recruiter) cannot take quote requests: choose admins whose role covers quote requests',
    });
    expect((await refused({ lead: ['00000000-0000-4000-8000-000000000000'] })).errors).toEqual({ 'assignees.lead': MESSAGES.assigneeUnknown });
    expect((await refused({ lead: ['sam'] })).errors).toEqual({ 'assignees.lead': MESSAGES.assigneesInvalid });
    expect((await refused({ lead: sam.id })).errors).toEqual({ 'assignees.lead': MESSAGES.assigneesInvalid });
    expect((await refused({ lead: Array.from({ length: 51 }, () => crypto.randomUUID()) })).errors).toEqual({ 'assignees.lead': MESSAGES.tooManyAssignees });
    expect(((await t.http.get(PATH).set(auth).expect(200)).body.settings as NotificationSettings).assignees.lead).toEqual([sam.id]);
  });

  it('keeps a disabled admin among the chosen when the settings are saved again (skipped while disabled)', async () => {
    await db(t).update(admins).set({ disabledAt: new Date() }).where(eq(admins.id, sue.id));
    await save({ routes: {}, assignees: { lead: [sam.id, sue.id] } }).expect(200);
    await db(t).update(admins).set({ disabledAt: null }).where(eq(admins.id, sue.id));
  });

  it('records a change of the round-robin in the audit log by route', async () => {
    await save({ routes: {}, assignees: { lead: [sue.id], contact: { billing: [sam.id] } } }).expect(200);
    const [entry] = await db(t)
      .select({ details: auditEntries.details })
      .from(auditEntries)
      .where(eq(auditEntries.action, 'settings.notifications_changed'))
      .orderBy(sql`${auditEntries.createdAt} desc`)
      .limit(1);
    expect(entry?.details).toEqual({ fields: ['assignees.lead', 'assignees.contact.billing'] });
  });
});

// The turns are counted in the database, so two instances taking submissions at once still take turns.
describeOnPostgres('Round-robin across two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let people: Person[];

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ DATABASE_URL: a.config.database.url ?? '' });
    const auth = { authorization: `Bearer ${await loginAsAdmin(a)}` };
    people = [
      await addAdmin(a, 'Ada Sales', 'sales'),
      await addAdmin(a, 'Ben Sales', 'sales'),
      await addAdmin(a, 'Cy Sales', 'sales'),
      await addAdmin(a, 'Di Sales', 'sales'),
    ];
    await a.http
      .put(PATH)
      .set(auth)
      .send({ routes: {}, assignees: { lead: people.map((person) => person.id) } })
      .expect(200);
    // Instance b reads the settings now instead of within 5 s.
    await b.app.get(NotificationPlan).settings();
  }, SLOW_MS);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('spreads concurrent submissions on both instances evenly, each item to exactly one admin, with one mail each', async () => {
    const total = 40;
    const ids = await Promise.all(Array.from({ length: total }, (_, index) => sendLead(index % 2 === 0 ? a : b, `Concurrent ${index}`)));
    const owners = await ownersOf(a, ids);
    expect(tally(owners)).toEqual(Object.fromEntries(people.map((person) => [person.id, total / people.length])));
    const mails = await assignedMails(a, ids);
    expect(mails).toHaveLength(total);
    expect(new Set(mails.map((mail) => mail.subjectId)).size).toBe(total);
    for (const mail of mails) expect(mail.recipient).toBe(people.find((person) => person.id === owners.get(mail.subjectId))?.email);
    // Every turn was taken once: the counter went 0, 1, … total - 1.
    const [counter] = await db(a).select({ value: settings.value }).from(settings).where(eq(settings.key, 'round_robin.lead'));
    expect(counter?.value).toBe(total - 1);
  });
});
