import { LEAD_STATUSES, MESSAGES, SERVICE_KEYS } from '@brightwave/common';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TestApp } from './support/test-app';

const validLead = { name: 'Ada Lovelace', email: 'ada@example.com', service: 'web', message: 'We need a new website.' };

describe('Leads API', () => {
  let t: TestApp;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const countLeads = async () => (await t.http.get('/api/leads').set(auth())).body.leads.length as number;

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginAsAdmin(t);
  });
  afterAll(() => t.close());

  it('stores a quote request and answers 201 with the success text the site shows', async () => {
    const response = await t.http.post('/api/leads').send(validLead).expect(201);
    expect(response.body).toMatchObject({ success: true, message: MESSAGES.quoteSuccess });
    expect(response.body.data).toMatchObject({ ...validLead, status: 'new' });
    expect(response.body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(response.body.data.createdAt).toISOString()).toBe(response.body.data.createdAt);
  });

  it('says in its answer that this server mails no confirmation when SEND_CONFIRMATIONS is off (the test default)', async () => {
    const response = await t.http.post('/api/leads').send(validLead).expect(201);
    expect(response.body.sendsConfirmations).toBe(false);
  });

  it('accepts every one of the 10 services', async () => {
    for (const service of SERVICE_KEYS) {
      await t.http
        .post('/api/leads')
        .send({ ...validLead, service })
        .expect(201);
    }
  });

  it.each([
    ['name missing', { name: undefined }, 'name', 'Please provide your name'],
    ['name blank', { name: '   ' }, 'name', 'Please provide your name'],
    ['name too long', { name: 'x'.repeat(121) }, 'name', 'Name must be at most 120 characters'],
    ['email missing', { email: undefined }, 'email', 'Please provide your email address'],
    ['email invalid', { email: 'not-an-email' }, 'email', 'Please provide a valid email address'],
    ['service missing', { service: '' }, 'service', 'Please select a service'],
    ['service unknown', { service: 'gardening' }, 'service', 'Please select a service'],
    ['message missing', { message: '' }, 'message', 'Please provide a message'],
    ['message too long', { message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
    ['status sent by the client', { status: 'qualified' }, 'status', 'status is not an accepted field'],
    ['_id sent by the client', { _id: 'abc' }, '_id', '_id is not an accepted field'],
  ])('rejects a quote request with %s (400, nothing stored)', async (_case, change, field, message) => {
    const before = await countLeads();
    const response = await t.http
      .post('/api/leads')
      .send({ ...validLead, ...change })
      .expect(400);
    expect(response.body.success).toBe(false);
    expect(response.body.errors[field]).toBe(message);
    expect(await countLeads()).toBe(before);
  });

  it('lists every lead newest first without parameters, with the total', async () => {
    const response = await t.http.get('/api/leads').set(auth()).expect(200);
    expect(response.body.success).toBe(true);
    expect(response.body.total).toBe(response.body.leads.length);
    const dates = response.body.leads.map((lead: { createdAt: string }) => lead.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages, filters by status, searches and sorts', async () => {
    await t.http
      .post('/api/leads')
      .send({ ...validLead, name: 'Grace Hopper', email: 'grace@navy.example' })
      .expect(201);
    const page = await t.http.get('/api/leads?page=2&limit=3').set(auth()).expect(200);
    expect(page.body.leads).toHaveLength(3);
    const search = await t.http.get('/api/leads?q=hopper').set(auth()).expect(200);
    expect(search.body.leads.map((lead: { name: string }) => lead.name)).toEqual(['Grace Hopper']);
    const oldest = await t.http.get('/api/leads?sort=oldest&limit=1').set(auth()).expect(200);
    expect(oldest.body.leads[0].name).toBe('Ada Lovelace');
    const byStatus = await t.http.get('/api/leads?status=lost').set(auth()).expect(200);
    expect(byStatus.body).toMatchObject({ leads: [], total: 0 });
  });

  it.each([['limit=101'], ['page=0'], ['page=100001'], ['page=1e12'], ['status=gone'], ['sort=sideways']])(
    'rejects the list query %s with 400',
    async (query) => {
      const response = await t.http.get(`/api/leads?${query}`).set(auth()).expect(400);
      expect(response.body.success).toBe(false);
    },
  );

  it('sets any of the four statuses from any status', async () => {
    const created = (await t.http.post('/api/leads').send(validLead).expect(201)).body.data;
    for (const status of [...LEAD_STATUSES].reverse()) {
      const response = await t.http.patch(`/api/leads/${created._id}/status`).set(auth()).send({ status }).expect(200);
      expect(response.body).toMatchObject({ success: true, data: { _id: created._id, status } });
    }
  });

  it('rejects an unknown status with 400', async () => {
    const created = (await t.http.post('/api/leads').send(validLead).expect(201)).body.data;
    await t.http.patch(`/api/leads/${created._id}/status`).set(auth()).send({ status: 'won' }).expect(400);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const unknown = await t.http.patch('/api/leads/00000000-0000-4000-8000-000000000000/status').set(auth()).send({ status: 'lost' }).expect(404);
    expect(unknown.body).toEqual({ success: false, message: MESSAGES.leadNotFound });
    await t.http.patch('/api/leads/not-an-id/status').set(auth()).send({ status: 'lost' }).expect(404);
  });

  it('keeps the list and status change for admins only', async () => {
    await t.http.get('/api/leads').expect(401);
    await t.http.patch('/api/leads/00000000-0000-4000-8000-000000000000/status').send({ status: 'lost' }).expect(401);
  });
});
