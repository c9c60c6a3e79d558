// A fresh install sets neither NOTIFY_TO nor an address on any route (Settings → Notifications): its submissions are
// then mailed to every active owner, so the first quote request, message and application reach a person.
import { FORM_TRAP_HEADER, NOTIFICATION_ROUTE_FIELDS, SERVICE_LABELS, type DashboardStats, type NotificationSettings } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { admins, deliveries } from '../src/database/schema';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { createTestAppWithSmtp, mailsTo, signInThroughSmtp, type SmtpSink } from './support/smtp-helpers';
import { TEST_ADMIN, type TestApp } from './support/test-app';

const SLOW_MS = 120_000;
const PATH = '/api/admin/settings/notifications';

describe('A fresh install: with no address on a route and no NOTIFY_TO, every submission is mailed to the active owners', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let close: () => Promise<void>;
  let auth: { authorization: string };
  let db: Database;

  beforeAll(async () => {
    // The environment of a first start: ADMIN_EMAIL / ADMIN_PASSWORD make the first owner; NOTIFY_TO is not set.
    ({ t, smtp, close } = await createTestAppWithSmtp());
    db = t.app.get<symbol, Database>(DATABASE);
    auth = { authorization: `Bearer ${await signInThroughSmtp(t, smtp.received)}` };
  }, SLOW_MS);
  afterAll(() => close());

  /** The staff notification rows of one item: their recipients. */
  const staffRecipientsOf = async (subjectId: string) =>
    (await db.select({ topic: deliveries.topic, recipient: deliveries.recipient }).from(deliveries).where(eq(deliveries.subjectId, subjectId)))
      .filter((row) => row.topic.endsWith('.staff'))
      .map((row) => row.recipient);
  const sendContact = async (name: string) =>
    (await t.http.post('/api/contacts').send({ name, email: 'visitor@example.com', department: 'support', message: 'Hello there' }).expect(201)).body.data
      ._id as string;
  /** Another admin, written as the account screens would leave it. */
  const addAdmin = (email: string, role: 'owner' | 'sales', disabled = false) =>
    db.insert(admins).values({ email, name: email, passwordHash: 'not used', role, disabledAt: disabled ? new Date() : null });

  it('mails the first quote request, contact message and application to the owner of ADMIN_EMAIL, through SMTP', async () => {
    expect(t.config.mail.notifyTo).toEqual([]);
    const job = await t.http
      .post('/api/jobs/admin')
      .set(auth)
      .send({
        title: 'Product Designer',
        department: 'design',
        location: 'remote',
        type: 'full-time',
        experience: '2-3 years',
        description: 'A role.',
        requirements: ['Care'],
      })
      .expect(201);
    await t.http.post('/api/leads').send({ name: 'Quinn Quote', email: 'quinn@example.com', service: 'web', message: 'A new site' }).expect(201);
    await t.http.post('/api/contacts').send({ name: 'Cora Contact', email: 'cora@example.com', department: 'sales', message: 'Hello' }).expect(201);
    await t.http
      .post('/api/jobs/apply')
      .send({
        job: job.body.data._id,
        fullName: 'Ada Applicant',
        email: 'ada@example.com',
        phone: '+15550123',
        experience: '3 years',
        resume: dataUrl(samplePdf()),
        isResumeBase64: true,
      })
      .expect(201);

    const notifications = () =>
      mailsTo(smtp.received, TEST_ADMIN.email)
        .map((mail) => mail.subject)
        .filter((subject) => subject.startsWith('New '));
    await pollUntil(() => notifications().length >= 3 || undefined, { what: "three notifications in the owner's inbox" });
    expect(notifications().toSorted()).toEqual([
      'New application: Ada Applicant for Product Designer',
      'New message for Sales: Cora Contact',
      `New quote request: Quinn Quote (${SERVICE_LABELS.web})`,
    ]);
  });

  it('says on Settings → Notifications that an empty route goes to every owner, naming them', async () => {
    const settings = (await t.http.get(PATH).set(auth).expect(200)).body.settings as NotificationSettings;
    expect(settings).toMatchObject({ fallback: [], owners: [TEST_ADMIN.email] });
  });

  it('mails every owner active when the submission is stored, the first owner first: not a disabled owner, nor another role', async () => {
    await addAdmin('olga.owner@example.test', 'owner');
    await addAdmin('dora.disabled@example.test', 'owner', true);
    await addAdmin('sam.sales@example.test', 'sales');
    // A lead or contact message: one statement writes the item and its messages.
    expect(await staffRecipientsOf(await sendContact('Second Visitor'))).toEqual([`${TEST_ADMIN.email}, olga.owner@example.test`]);
    expect(((await t.http.get(PATH).set(auth).expect(200)).body.settings as NotificationSettings).owners).toEqual([
      TEST_ADMIN.email,
      'olga.owner@example.test',
    ]);
    // Moved out of spam later: the transaction that writes its messages reads the owners of then.
    await db.update(admins).set({ disabledAt: new Date() }).where(eq(admins.email, 'olga.owner@example.test'));
    const spam = (
      await t.http
        .post('/api/contacts')
        .set(FORM_TRAP_HEADER, 'http://spam.example')
        .send({ name: 'Spam Suspect', email: 'suspect@example.com', department: 'support', message: 'Hello' })
        .expect(201)
    ).body.data._id as string;
    expect(await staffRecipientsOf(spam)).toEqual([]);
    await t.http.patch(`/api/contacts/${spam}/spam`).set(auth).send({ spam: false }).expect(200);
    expect(await staffRecipientsOf(spam)).toEqual([TEST_ADMIN.email]);
  });

  it('warns on the dashboard of every route that leads nowhere (no address, no NOTIFY_TO, no active owner), and writes no staff mail then', async () => {
    const stats = async () => ((await t.http.get('/api/admin/dashboard/stats').set(auth).expect(200)).body.stats as DashboardStats).routesToNobody;
    expect(await stats()).toEqual([]);
    await t.http
      .put(PATH)
      .set(auth)
      .send({ routes: { lead: ['quotes@example.test'] } })
      .expect(200);
    // No owner left active: only a change in the database can do it (the last active owner can be neither disabled
    // nor demoted); the test admin, demoted to sales, still sees the dashboard.
    await db.update(admins).set({ role: 'sales' }).where(eq(admins.email, TEST_ADMIN.email));
    try {
      expect(await stats()).toEqual(NOTIFICATION_ROUTE_FIELDS.map((field) => field.key).filter((key) => key !== 'lead'));
      expect(await staffRecipientsOf(await sendContact('Nobody Told'))).toEqual([]);
    } finally {
      await db.update(admins).set({ role: 'owner' }).where(eq(admins.email, TEST_ADMIN.email));
    }
    expect(await stats()).toEqual([]);
  });
});
