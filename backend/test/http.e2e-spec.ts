import { MESSAGES } from '@brightwave/common';
import { loginAsAdmin } from './support/admin-session';
import { FIXTURE_PORTFOLIO } from './support/fuzz-fixtures';
import { createTestApp, TestApp } from './support/test-app';

const lead = { name: 'Ada', email: 'ada@example.com', service: 'web', message: 'Hello' };

describe('HTTP behaviour shared by every route', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400 and the envelope', async () => {
    const response = await t.http.post('/api/contacts').set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(response.body).toEqual({ success: false, message: MESSAGES.malformedJson });
  });

  it('answers a body over 100 KB on an ordinary route with 413', async () => {
    const response = await t.http
      .post('/api/contacts')
      .send({ ...lead, message: 'x'.repeat(200 * 1024) })
      .expect(413);
    expect(response.body).toEqual({ success: false, message: MESSAGES.bodyTooLarge });
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await t.http.post('/api/contacts').set('Content-Type', 'text/plain').send('name=Ada').expect(415);
    expect(response.body).toEqual({ success: false, message: MESSAGES.unsupportedMediaType });
  });

  it('answers a path whose %-encoding is not UTF-8 with 400 and the envelope', async () => {
    const response = await t.http.patch('/api/leads/%C0%AF/status').send({ status: 'new' }).expect(400);
    expect(response.body).toEqual({ success: false, message: MESSAGES.malformedUrl });
  });

  it('answers a path parameter over the length limit with 414 and the envelope', async () => {
    const response = await t.http
      .patch(`/api/leads/${'x'.repeat(5000)}/status`)
      .send({ status: 'new' })
      .expect(414);
    expect(response.body).toEqual({ success: false, message: MESSAGES.urlTooLong });
  });

  it('refuses a JSON body nested deeper than any form with 400 and the envelope', async () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const response = await t.http.post('/admin/login').set('Content-Type', 'application/json').send(deep).expect(400);
    expect(response.body).toEqual({ success: false, message: MESSAGES.bodyTooDeep, errors: { body: MESSAGES.bodyTooDeep } });
  });

  it('gives slow clients 15 s for their headers and 2 minutes for the whole request', () => {
    const server = t.app.getHttpServer();
    expect(server.headersTimeout).toBe(15_000);
    expect(server.requestTimeout).toBe(120_000);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await t.http.get('/api/nothing-here').expect(404);
    expect(response.body.success).toBe(false);
  });

  it('sends the security headers and no X-Powered-By', async () => {
    const response = await t.http.get('/api/health').expect(200);
    expect(response.body).toEqual({ success: true, status: 'ok' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('keeps CORS closed when no origins are configured', async () => {
    const response = await t.http.get('/api/health').set('Origin', 'https://evil.example');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rate limits public forms per address with 429 and Retry-After, storing nothing beyond the limit', async () => {
    // Each form has its own budget per address (3 a minute here), counted before the body is read, refused
    // requests too; the earlier tests used /api/contacts.
    for (let sent = 0; sent < 3; sent++) await t.http.post('/api/leads').send(lead).expect(201);
    const limited = await t.http.post('/api/leads').send(lead).expect(429);
    expect(limited.body).toEqual({ success: false, message: MESSAGES.rateLimited });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('CORS for a separately hosted admin app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://admin.example.com' });
  });
  afterAll(() => t.close());

  it('allows the listed origin with credentials', async () => {
    const response = await t.http.get('/api/health').set('Origin', 'https://admin.example.com');
    expect(response.headers['access-control-allow-origin']).toBe('https://admin.example.com');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });
});

describe('Text PostgreSQL cannot store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([['/api/leads'], ['/api/contacts']])('refuses a NUL character in %s with 400 naming the field', async (route) => {
    const body = { ...lead, department: 'sales', name: 'Ada\u0000' };
    if (route === '/api/leads') delete (body as Partial<typeof body>).department;
    const response = await t.http.post(route).send(body).expect(400);
    expect(response.body.errors).toHaveProperty('name');
  });

  it('refuses half of a surrogate pair (not Unicode text) with 400 naming the field, in text and in lists stored as JSON', async () => {
    const auth = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
    const item = { ...FIXTURE_PORTFOLIO, techStack: ['React', 'lone \ud800'] };
    const listed = await t.http.post('/api/portfolio').set(auth).send(item).expect(400);
    expect(listed.body.errors).toHaveProperty('techStack');
    const named = await t.http
      .post('/api/leads')
      .send({ ...lead, name: 'Ada \udc00' })
      .expect(400);
    expect(named.body.errors).toHaveProperty('name');
  });
});
