import { type Delivery, required } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { filledOnSite } from './support/form-token';
import { createTestAppWithSmtp, mailsTo, signInThroughSmtp, type SmtpSink } from './support/smtp-helpers';
import type { TestApp } from './support/test-app';

const SLOW_MS = 120_000;
const STAFF = 'staff@brightwave.test';

describe('Deliveries screen: every outgoing message, Retry now for the failed ones', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let close: () => Promise<void>;
  let auth: { authorization: string };
  const db = () => t.app.get<symbol, Database>(DATABASE);
  const list = async (query = '') =>
    (await t.http.get(`/api/admin/deliveries${query}`).set(auth).expect(200)).body as { deliveries: Delivery[]; total: number };
  const failingOnDashboard = async () => (await t.http.get('/api/admin/dashboard/stats').set(auth).expect(200)).body.stats.failingDeliveries as number;

  beforeAll(async () => {
    ({ t, smtp, close } = await createTestAppWithSmtp({ NOTIFY_TO: STAFF, SEND_CONFIRMATIONS: 'true' }));
    auth = { authorization: `Bearer ${await signInThroughSmtp(t, smtp.received)}` };
  }, SLOW_MS);
  afterAll(() => close());

  it('is for signed-in admins only', async () => {
    await t.http.get('/api/admin/deliveries').expect(401);
    await t.http.post('/api/admin/deliveries/00000000-0000-4000-8000-000000000000/retry').expect(401);
  });

  it('lists the notification and the confirmation of a submission once they are sent, filtered by status and recipient', async () => {
    await t.http.post('/api/leads').set(filledOnSite(t)).send({ name: 'Listed Lead', email: 'listed@example.com', service: 'web', message: 'Hi' }).expect(201);
    await pollUntil(() => mailsTo(smtp.received, 'listed@example.com').length > 0 && mailsTo(smtp.received, STAFF).length > 0, { what: 'both mails' });
    await pollUntil(async () => (await list('?status=sent&q=listed@')).total === 1 || undefined, { what: 'both rows marked sent' });
    const { deliveries } = await list('?q=listed@example.com');
    expect(deliveries).toEqual([
      expect.objectContaining({ topic: 'lead.confirmation', recipient: 'listed@example.com', status: 'sent', attempts: 1, lastError: null }),
    ]);
    expect(deliveries[0]?.sentAt).toEqual(expect.any(String));
    expect((await list('?status=sent')).deliveries.map((row) => row.topic)).toEqual(expect.arrayContaining(['lead.staff', 'lead.confirmation']));
    await t.http.get('/api/admin/deliveries?status=lost').set(auth).expect(400);
  });

  it('shows a given-up message as failing on the dashboard, and Retry now sends it again', async () => {
    await t.http
      .post('/api/contacts')
      .set(filledOnSite(t))
      .send({ name: 'Retry Me', email: 'retry@example.com', department: 'support', message: 'Hi' })
      .expect(201);
    await pollUntil(() => mailsTo(smtp.received, 'retry@example.com').length > 0 || undefined, { what: 'the confirmation' });
    await pollUntil(async () => (await list('?status=sent&q=retry@')).total === 1 || undefined, { what: 'its row marked sent' });
    const row = required((await list('?q=retry@example.com')).deliveries[0], 'the delivery to retry@example.com');
    // As the worker leaves a message it gave up on after a day of failures.
    await db().execute(sql`update deliveries set status = 'failed', last_error = 'connect ECONNREFUSED', sent_at = null where id = ${row._id}`);
    expect(await failingOnDashboard()).toBe(1);
    expect((await list('?status=failed')).deliveries).toEqual([expect.objectContaining({ _id: row._id, lastError: 'connect ECONNREFUSED' })]);

    const before = mailsTo(smtp.received, 'retry@example.com').length;
    const retried = await t.http.post(`/api/admin/deliveries/${row._id}/retry`).set(auth).expect(200);
    expect(retried.body).toMatchObject({ success: true, message: 'The message will be sent again now', data: { _id: row._id } });
    await pollUntil(() => mailsTo(smtp.received, 'retry@example.com').length > before || undefined, { what: 'the mail again' });
    await pollUntil(async () => (await list('?status=sent&q=retry@')).total === 1 || undefined, { what: 'sent again' });
    expect(await failingOnDashboard()).toBe(0);

    const again = await t.http.post(`/api/admin/deliveries/${row._id}/retry`).set(auth).expect(409);
    expect(again.body).toEqual({ success: false, message: 'Only a failed message can be retried' });
    await t.http.post('/api/admin/deliveries/00000000-0000-4000-8000-000000000000/retry').set(auth).expect(404);
    await t.http.post('/api/admin/deliveries/not-an-id/retry').set(auth).expect(404);
  });
});
