import {
  NOTIFICATION_ROUTE_MAX_RECIPIENTS,
  SERVICE_LABELS,
  emptyNotificationRouting,
  emptyNotificationRoutes,
  type NotificationSettings,
} from '@brightwave/common';
import { eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { settings as settingsTable } from '../src/database/schema';
import { pollUntil } from '@brightwave/testing';
import { createTestAppWithSmtp, mailsTo, signInThroughSmtp, type SmtpSink } from './support/smtp-helpers';
import { TEST_ADMIN, type TestApp } from './support/test-app';
import { dataUrl, samplePdf } from './fixtures/resume-samples';

const SLOW_MS = 120_000;
const FALLBACK = 'everyone@brightwave.test';
const PATH = '/api/admin/settings/notifications';

describe('Settings → Notifications: staff notifications per kind and department', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let close: () => Promise<void>;
  let auth: { authorization: string };

  beforeAll(async () => {
    ({ t, smtp, close } = await createTestAppWithSmtp({ NOTIFY_TO: FALLBACK, SEND_CONFIRMATIONS: 'false' }));
    auth = { authorization: `Bearer ${await signInThroughSmtp(t, smtp.received)}` };
  }, SLOW_MS);
  afterAll(() => close());

  const settings = async () => (await t.http.get(PATH).set(auth).expect(200)).body.settings as NotificationSettings;

  it('is for signed-in admins only', async () => {
    await t.http.get(PATH).expect(401);
    await t.http.put(PATH).send({ routes: {} }).expect(401);
  });

  it('starts with every route empty and shows the NOTIFY_TO fallback, and the owners it takes the place of', async () => {
    expect(await settings()).toEqual({ ...emptyNotificationRouting(), fallback: [FALLBACK], owners: [TEST_ADMIN.email] });
  });

  it('refuses unknown routes, bad addresses and long lists with a message naming the route, and stores nothing', async () => {
    const refused = async (routes: unknown) => (await t.http.put(PATH).set(auth).send({ routes }).expect(400)).body;
    expect((await refused({ contact: { legal: ['a@example.com'] } })).errors).toEqual({ 'routes.contact.legal': 'contact.legal is not a notification route' });
    const badAddress = await refused({ lead: ['sales@example.com', 'not an address'] });
    expect(badAddress).toMatchObject({ success: false, message: '"not an address" is not a valid email address' });
    expect(badAddress.errors).toEqual({ 'routes.lead': '"not an address" is not a valid email address' });
    const many = Array.from({ length: NOTIFICATION_ROUTE_MAX_RECIPIENTS + 1 }, (_, index) => `person${index}@example.com`);
    expect((await refused({ application: { design: many } })).errors).toEqual({
      'routes.application.design': `Use at most ${NOTIFICATION_ROUTE_MAX_RECIPIENTS} addresses per route`,
    });
    expect((await refused({ lead: 'sales@example.com' })).errors).toHaveProperty(['routes.lead']);
    expect((await refused(undefined)).errors).toHaveProperty('routes');
    await t.http.put(PATH).set(auth).send({ routes: {}, extra: true }).expect(400);
    expect((await settings()).routes).toEqual(emptyNotificationRoutes());
  });

  it('stores the routes trimmed, lower-cased and without repeats', async () => {
    const answer = await t.http
      .put(PATH)
      .set(auth)
      .send({
        routes: {
          lead: [' Quotes@Brightwave.test ', 'quotes@brightwave.test'],
          contact: { sales: ['sales@brightwave.test'] },
          application: { design: ['design@brightwave.test'] },
        },
      })
      .expect(200);
    expect(answer.body.message).toBe('Notification settings saved');
    const expected = emptyNotificationRoutes();
    expected.lead = ['quotes@brightwave.test'];
    expected.contact.sales = ['sales@brightwave.test'];
    expected.application.design = ['design@brightwave.test'];
    expect(answer.body.settings.routes).toEqual(expected);
    expect(await settings()).toEqual({ ...emptyNotificationRouting(), routes: expected, fallback: [FALLBACK], owners: [TEST_ADMIN.email] });
  });

  it('reads the routes stored before chat and round-robin existed (the lists alone), with no chat and no round-robin', async () => {
    const db = t.app.get<symbol, Database>(DATABASE);
    const stored = { lead: ['old@brightwave.test'], contact: { billing: ['bills@brightwave.test'] }, application: {} };
    await db.update(settingsTable).set({ value: stored }).where(eq(settingsTable.key, 'notification_routes'));
    const expected = emptyNotificationRoutes();
    expected.lead = ['old@brightwave.test'];
    expected.contact.billing = ['bills@brightwave.test'];
    expect(await settings()).toEqual({ ...emptyNotificationRouting(), routes: expected, fallback: [FALLBACK], owners: [TEST_ADMIN.email] });
    // Saved again in the shape of today.
    await t.http.put(PATH).set(auth).send({ routes: expected }).expect(200);
    const [row] = await db.select({ value: settingsTable.value }).from(settingsTable).where(eq(settingsTable.key, 'notification_routes'));
    expect(row?.value).toEqual({ ...emptyNotificationRouting(), routes: expected });
    await t.http
      .put(PATH)
      .set(auth)
      .send({
        routes: { lead: ['quotes@brightwave.test'], contact: { sales: ['sales@brightwave.test'] }, application: { design: ['design@brightwave.test'] } },
      })
      .expect(200);
  });

  it('sends each notification to its route, and an empty route to NOTIFY_TO rather than the owners', async () => {
    await t.http.post('/api/leads').send({ name: 'Quote Person', email: 'q@example.com', service: 'web', message: 'Hi' }).expect(201);
    await t.http.post('/api/contacts').send({ name: 'Sales Person', email: 's@example.com', department: 'sales', message: 'Hi' }).expect(201);
    await t.http.post('/api/contacts').send({ name: 'Support Person', email: 'u@example.com', department: 'support', message: 'Hi' }).expect(201);
    const job = async (department: string) =>
      (
        await t.http
          .post('/api/jobs/admin')
          .set(auth)
          .send({
            title: `${department} role`,
            department,
            location: 'remote',
            type: 'full-time',
            experience: '2-3 years',
            description: 'A role.',
            requirements: ['Care'],
          })
          .expect(201)
      ).body.data._id as string;
    const apply = (jobId: string, fullName: string) =>
      t.http
        .post('/api/jobs/apply')
        .send({
          job: jobId,
          fullName,
          email: `${fullName.replace(/ .*/, '').toLowerCase()}@example.com`,
          phone: '+15550123',
          experience: '3 years',
          resume: dataUrl(samplePdf()),
          isResumeBase64: true,
        })
        .expect(201);
    await apply(await job('design'), 'Designer Applicant');
    await apply(await job('engineering'), 'Engineer Applicant');

    const subjectsTo = (address: string) => mailsTo(smtp.received, address).map((mail) => mail.subject);
    await pollUntil(() => subjectsTo(FALLBACK).length >= 2 || undefined, { what: 'the two notifications of empty routes' });
    await pollUntil(() => ['quotes', 'sales', 'design'].every((route) => subjectsTo(`${route}@brightwave.test`).length > 0) || undefined, {
      what: 'the routed notifications',
    });
    expect(subjectsTo('quotes@brightwave.test')).toEqual([`New quote request: Quote Person (${SERVICE_LABELS.web})`]);
    expect(subjectsTo('sales@brightwave.test')).toEqual([expect.stringContaining('Sales Person')]);
    expect(subjectsTo('design@brightwave.test')).toEqual([expect.stringContaining('Designer Applicant')]);
    expect(subjectsTo(FALLBACK)).toEqual(expect.arrayContaining([expect.stringContaining('Support Person'), expect.stringContaining('Engineer Applicant')]));
    expect(subjectsTo(FALLBACK)).toHaveLength(2);
    // NOTIFY_TO takes the owners' place: they get none of these.
    expect(subjectsTo(TEST_ADMIN.email).filter((subject) => subject.startsWith('New '))).toEqual([]);
  });
});
