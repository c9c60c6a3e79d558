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

  it('is for admins only', async () => {
    await t.http.get('/api/admin/dashboard/stats').expect(401);
  });
});
