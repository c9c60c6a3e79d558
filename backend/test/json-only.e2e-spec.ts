import { MESSAGES, required } from '@brightwave/common';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { appRoutes, routeParts } from './support/route-table';
import { createTestApp, TestApp } from './support/test-app';

const ANY_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const STORED_TABLES = ['leads', 'contacts', 'job_applications', 'portfolio_items', 'jobs', 'login_challenges'];

/**
 * A browser posts application/x-www-form-urlencoded, multipart/form-data and text/plain to any site without a
 * CORS preflight. The API must refuse them all, so no other website can make its visitors submit our forms.
 */
describe('Only JSON bodies are accepted on every write route', () => {
  let t: TestApp;
  let writeRoutes: string[];

  beforeAll(async () => {
    t = await createTestApp();
    writeRoutes = appRoutes(t.app).filter((route) => WRITE_METHODS.includes(routeParts(route).method));
  });
  afterAll(() => t.close());

  const storedRows = async () => {
    const db = t.app.get<Database>(DATABASE);
    const counts: Record<string, number> = {};
    for (const table of STORED_TABLES) {
      const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      counts[table] = Number(required((result as unknown as { rows: Array<{ n: number }> }).rows[0], `the count of ${table}`).n);
    }
    return counts;
  };

  const crossSiteForms = [
    ['a urlencoded form', 'application/x-www-form-urlencoded', 'name=Eve&email=eve%40example.com&service=web&message=hi&department=sales'],
    ['a multipart form', 'multipart/form-data; boundary=X', '--X\r\nContent-Disposition: form-data; name="name"\r\n\r\nEve\r\n--X--\r\n'],
    ['plain text', 'text/plain', '{"name":"Eve","email":"eve@example.com","service":"web","message":"hi"}'],
  ] as const;

  it('finds the write routes of the contract', () => {
    for (const route of ['POST /api/leads', 'POST /api/contacts', 'POST /api/jobs/apply', 'POST /admin/login', 'PUT /api/portfolio/:id']) {
      expect(writeRoutes).toContain(route);
    }
  });

  it.each(crossSiteForms)('answers %s from another origin with 415 on every write route and stores nothing', async (_, type, body) => {
    const before = await storedRows();
    const answers: Record<string, unknown> = {};
    for (const route of writeRoutes) {
      const { method, pattern } = routeParts(route);
      const url = pattern.replace(/:[\w|:]+/g, ANY_ID);
      const response = await t.http[method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete'](url)
        .set('Origin', 'https://evil.example')
        .set('Content-Type', type)
        .send(body);
      answers[route] = { status: response.status, body: response.body };
    }
    const expected: Record<string, { status: number; body: object }> = Object.fromEntries(
      writeRoutes.map((route) => [route, { status: 415, body: { success: false, message: MESSAGES.unsupportedMediaType } }]),
    );
    // The picture upload takes multipart, from a signed-in admin only: a form of another site cannot send the Bearer token.
    if (type.startsWith('multipart/')) expected['POST /api/admin/media'] = { status: 401, body: { success: false, message: MESSAGES.notAuthorized } };
    // The analytics beacon answers 204 to anything, and counts only JSON (test/analytics.e2e-spec.ts).
    expected['POST /api/collect'] = { status: 204, body: {} };
    expect(answers).toEqual(expected);
    expect(await storedRows()).toEqual(before);
  });

  it('still accepts JSON, with or without a charset', async () => {
    const lead = { name: 'Ada', email: 'ada@example.com', service: 'web', message: 'Hello' };
    await t.http.post('/api/leads').set('Content-Type', 'application/json').send(JSON.stringify(lead)).expect(201);
    await t.http.post('/api/leads').set('Content-Type', 'application/json; charset=utf-8').send(JSON.stringify(lead)).expect(201);
  });
});
