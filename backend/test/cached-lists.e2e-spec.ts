import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TestApp } from './support/test-app';

const ALLOWED_ORIGIN = 'https://admin.example.com';

/** Every header but the date, which moves. */
function comparableHeaders(headers: Record<string, string>): Record<string, string> {
  const { date: _date, ...rest } = headers;
  return rest;
}

// GET /api/jobs and GET /api/portfolio are answered from their cache before Nest's pipeline once it is warm
// (src/common/cached-list-shortcut.ts): a visitor must not be able to tell which way an answer came.
describe('The public lists answered from their cache', () => {
  let t: TestApp;

  // Booting the app and signing in (argon2id) can take long on a busy 2-core machine.
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true', CORS_ORIGINS: ALLOWED_ORIGIN });
  }, 120_000);
  afterAll(() => t.close());

  it.each(['/api/jobs', '/api/portfolio'])('%s: the same bytes and headers from the cache as from the route', async (url) => {
    const first = await t.http.get(url).expect(200);
    const cached = await t.http.get(url).expect(200);
    expect(cached.text).toBe(first.text);
    expect(comparableHeaders(cached.headers)).toEqual(comparableHeaders(first.headers));
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(cached.headers['content-security-policy']).toBeDefined();
  });

  it.each(['/api/jobs', '/api/portfolio'])('%s: a cross-origin request gets the CORS headers from the cache too', async (url) => {
    await t.http.get(url).expect(200);
    const response = await t.http.get(url).set('Origin', ALLOWED_ORIGIN).expect(200);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
  });

  it('a change on this instance shows at once, cache or not', async () => {
    const token = await loginAsAdmin(t);
    const before = (await t.http.get('/api/jobs').expect(200)).body.jobs.length as number;
    await t.http
      .post('/api/jobs/admin')
      .set('Authorization', `Bearer ${token}`)
      .send({
        title: 'Site Reliability Engineer',
        department: 'engineering',
        location: 'remote',
        type: 'full-time',
        experience: '3+ years',
        description: 'Keep our services up.',
        requirements: ['On-call experience'],
      })
      .expect(201);
    const after = (await t.http.get('/api/jobs').expect(200)).body.jobs;
    expect(after).toHaveLength(before + 1);
    expect(after[0].title).toBe('Site Reliability Engineer');
  });
});
