import { DASHBOARD_CALLS_MAX, DAY_MS, HOUR_MS, required } from '@brightwave/common';
import { eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { admins, contacts, leads, meetings } from '../src/database/schema';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TestApp } from './support/test-app';

describe('Dashboard stats API', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
    token = await loginAsAdmin(t);
  });
  afterAll(() => t.close());

  it('counts leads in total, by status and per week for the last 12 weeks', async () => {
    const lead = { name: 'Ada', email: 'ada@example.com', service: 'web', message: 'Hello' };
    const first = (await t.http.post('/api/leads').send(lead).expect(201)).body.data;
    await t.http.post('/api/leads').send(lead).expect(201);
    await t.http.patch(`/api/leads/${first._id}/status`).set('Authorization', `Bearer ${token}`).send({ status: 'lost' });

    const { body } = await t.http.get('/api/admin/dashboard/stats').set('Authorization', `Bearer ${token}`).expect(200);
    expect(body.success).toBe(true);
    expect(body.stats.totalLeads).toBe(2);
    expect(body.stats.leadsByStatus).toEqual({ new: 1, contacted: 0, qualified: 0, lost: 1 });
    expect(body.stats.jobsByStatus).toEqual({ active: 6, expired: 0, filled: 0 });
    expect(body.stats.contactsByStatus).toEqual({ pending: 0, 'in-progress': 0, resolved: 0 });
    expect(Object.keys(body.stats.applicationsByStatus)).toEqual(['pending', 'reviewed', 'shortlisted', 'rejected', 'hired']);
    expect(body.stats.newLeadsPerWeek).toHaveLength(12);
    // No purge has run yet: nothing to warn of (a failing round: test/retention.e2e-spec.ts).
    expect(body.stats.purgeFailing).toBeNull();
    expect(body.stats.newLeadsPerWeek[11].count).toBe(2);
    const monday = new Date(`${body.stats.newLeadsPerWeek[11].weekStart}T00:00:00Z`);
    expect(monday.getUTCDay()).toBe(1);
  });

  it('counts what waits for a first reply (first status, not spam) with the oldest, and what came in against the previous 30 days', async () => {
    const db = t.app.get<symbol, Database>(DATABASE);
    const before = (await t.http.get('/api/admin/dashboard/stats').set('Authorization', `Bearer ${token}`).expect(200)).body.stats;
    const contact = { name: 'Bo', email: 'bo@example.com', department: 'support', message: 'Hello there' };
    const [old, answered] = await Promise.all([1, 2].map(async () => (await t.http.post('/api/contacts').send(contact).expect(201)).body.data._id as string));
    // One came in 40 days ago (the previous period) and still waits; the other was answered (a status set).
    const fortyDaysAgo = new Date(Date.now() - 40 * DAY_MS);
    await db
      .update(contacts)
      .set({ createdAt: fortyDaysAgo })
      .where(eq(contacts.id, old as string));
    await t.http.patch(`/api/contacts/${answered}/status`).set('Authorization', `Bearer ${token}`).send({ status: 'in-progress' }).expect(200);
    // Suspected spam counts nowhere.
    await db.update(leads).set({ spam: true, createdAt: fortyDaysAgo });

    const { body } = await t.http.get('/api/admin/dashboard/stats').set('Authorization', `Bearer ${token}`).expect(200);
    expect(body.stats.waitingForFirstReply).toEqual({ lead: { count: 0, oldestAt: null }, contact: { count: 1, oldestAt: fortyDaysAgo.toISOString() } });
    expect(body.stats.received.days).toBe(30);
    expect(body.stats.received.contacts).toEqual({ current: before.received.contacts.current + 1, previous: before.received.contacts.previous + 1 });
    expect(body.stats.received.leads).toEqual({ current: 0, previous: 0 });
    expect(body.stats.received.jobs).toEqual(before.received.jobs);
  });

  it("lists the asking admin's calls of the next 7 days, the soonest first, and counts those past the card's limit", async () => {
    const db = t.app.get<symbol, Database>(DATABASE);
    const account = (await t.http.get('/api/admin/account').set('Authorization', `Bearer ${token}`).expect(200)).body.account;
    const [other] = await db
      .insert(admins)
      .values({ email: 'other@example.test', name: 'Other Admin', passwordHash: 'x', role: 'sales' })
      .returning({ id: admins.id });
    const contact = (
      await t.http.post('/api/contacts').send({ name: 'Dee', email: 'dee@example.com', department: 'support', message: 'Hello there' }).expect(201)
    ).body.data;
    // One lead per call: an item has one active call at a time.
    const newLead = async (name: string) =>
      (await t.http.post('/api/leads').send({ name, email: 'lead@example.com', service: 'web', message: 'Hello' }).expect(201)).body.data._id as string;
    const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS);
    const call = async (visitorName: string, startHours: number, changes: Partial<typeof meetings.$inferInsert> = {}) => ({
      leadId: await newLead(visitorName),
      ownerId: account._id as string,
      startAt: inHours(startHours),
      endAt: inHours(startHours + 0.5),
      bufferMinutes: 0,
      visitorName,
      visitorEmail: 'lead@example.com',
      ...changes,
    });
    const listedLeads = Array.from({ length: DASHBOARD_CALLS_MAX + 1 }, (_, index) => `Lead ${index}`);
    await db.insert(meetings).values([
      // Under way (ends in 15 minutes): still listed.
      { ...(await call('Dee', -0.25)), leadId: null, contactId: contact._id as string },
      ...(await Promise.all(listedLeads.map((name, index) => call(name, 24 * (index + 1))))),
      // Not listed: ended, cancelled, past the 7 days, another admin's.
      await call('Ended', -2),
      await call('Cancelled', 3, { cancelledAt: new Date() }),
      await call('Next week', 8 * 24),
      await call("Other's", 5, { ownerId: required(other, 'the other admin').id }),
    ]);

    const { body } = await t.http.get('/api/admin/dashboard/stats').set('Authorization', `Bearer ${token}`).expect(200);
    const { myCalls } = body.stats;
    expect(myCalls.total).toBe(DASHBOARD_CALLS_MAX + 2);
    expect(myCalls.calls.map((listed: { visitorName: string }) => listed.visitorName)).toEqual(['Dee', ...listedLeads.slice(0, DASHBOARD_CALLS_MAX - 1)]);
    expect(myCalls.calls[0]).toEqual({
      _id: expect.any(String),
      start: expect.any(String),
      end: expect.any(String),
      item: { kind: 'contact', _id: contact._id },
      visitorName: 'Dee',
    });
    expect(myCalls.calls[1].item.kind).toBe('lead');
  });

  it('is for admins only', async () => {
    await t.http.get('/api/admin/dashboard/stats').expect(401);
  });
});
