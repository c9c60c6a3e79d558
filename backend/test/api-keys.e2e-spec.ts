// PostgreSQL pass: a key's scopes are JSONB and its last use a conditional timestamp update, which node-postgres and PGlite each decode and compare in their own way.
import { API_KEY_MESSAGES, MESSAGES, type ApiKey, type AuditEntry } from '@brightwave/common';
import { eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { apiKeys } from '../src/database/schema';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { createTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
// Low, so the limit is reached in a few calls; every other key here makes fewer.
const PER_KEY_LIMIT = 12;
const SALES = { email: 'sales@api-keys.test', password: 'quiet-harbour-tulip-42' };

describe('API keys', () => {
  let t: TestApp;
  let owner: { Authorization: string };
  let sales: { Authorization: string };
  let salesId: string;
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

  async function createKey(as: { Authorization: string }, body: object): Promise<{ key: string; apiKey: ApiKey }> {
    return (await t.http.post('/api/admin/api-keys').set(as).send(body).expect(201)).body as { key: string; apiKey: ApiKey };
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: String(PER_KEY_LIMIT) });
    const ownerToken = await loginAsAdmin(t);
    owner = bearer(ownerToken);
    sales = bearer(await signInInvitedAdmin(t, ownerToken, 'sales', SALES));
    const { admins } = (await t.http.get('/api/admin/admins').set(owner).expect(200)).body as { admins: { id: string; email: string }[] };
    salesId = admins.find((admin) => admin.email === SALES.email)!.id;
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers the key once, keeps only its SHA-256, and lists its last four characters', async () => {
    const { key, apiKey } = await createKey(sales, { name: 'CRM sync', scopes: ['leads:read'] });
    expect(key).toMatch(/^bw_[\w-]{43}$/);
    expect(apiKey).toMatchObject({ name: 'CRM sync', scopes: ['leads:read'], lastFour: key.slice(-4), lastUsedAt: null, expiresAt: null });
    const [row] = await t.app.get<Database>(DATABASE).select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.slice('bw_'.length, -4));
    const { apiKeys: listed } = (await t.http.get('/api/admin/api-keys').set(sales).expect(200)).body as { apiKeys: ApiKey[] };
    expect(listed).toEqual([expect.objectContaining({ id: apiKey.id, lastFour: key.slice(-4), creator: expect.objectContaining({ email: SALES.email }) })]);
    expect(JSON.stringify(listed)).not.toContain(key);
    // The owner sees every admin's keys; the admin only their own.
    const ownersKey = await createKey(owner, { name: 'Owner export', scopes: ['content:read'] });
    const { apiKeys: all } = (await t.http.get('/api/admin/api-keys').set(owner).expect(200)).body as { apiKeys: ApiKey[] };
    expect(all.map((listedKey) => listedKey.id)).toEqual(expect.arrayContaining([apiKey.id, ownersKey.apiKey.id]));
    const { apiKeys: own } = (await t.http.get('/api/admin/api-keys').set(sales).expect(200)).body as { apiKeys: ApiKey[] };
    expect(own.map((listedKey) => listedKey.id)).not.toContain(ownersKey.apiKey.id);
    await t.http.delete(`/api/admin/api-keys/${ownersKey.apiKey.id}`).set(sales).expect(404);
  });

  it('refuses scopes beyond the role, unknown scopes, no scope and a past expiry, naming what is wrong', async () => {
    const beyond = await t.http
      .post('/api/admin/api-keys')
      .set(sales)
      .send({ name: 'Too much', scopes: ['leads:read', 'content:write'] })
      .expect(400);
    expect(beyond.body.errors).toEqual({ scopes: API_KEY_MESSAGES.scopeBeyondRole('content:write') });
    const unknown = await t.http
      .post('/api/admin/api-keys')
      .set(sales)
      .send({ name: 'Odd', scopes: ['leads:delete'] })
      .expect(400);
    expect(unknown.body.errors).toEqual({ scopes: API_KEY_MESSAGES.unknownScope });
    const none = await t.http.post('/api/admin/api-keys').set(sales).send({ name: 'Empty', scopes: [] }).expect(400);
    expect(none.body.errors).toEqual({ scopes: API_KEY_MESSAGES.scopesMissing });
    const past = await t.http
      .post('/api/admin/api-keys')
      .set(sales)
      .send({ name: 'Old', scopes: ['leads:read'], expiresAt: '2020-01-01T00:00:00Z' })
      .expect(400);
    expect(past.body.errors).toEqual({ expiresAt: API_KEY_MESSAGES.expiresAtInvalid });
  });

  it('reads leads with leads:read, is refused writing them (403 naming leads:write) and on other areas', async () => {
    const lead = (await t.http.post('/api/leads').send({ name: 'Ada Lovelace', email: 'ada@example.com', service: 'web', message: 'A website.' }).expect(201))
      .body.data._id as string;
    const { key } = await createKey(owner, { name: 'Reader', scopes: ['leads:read'] });
    const list = await t.http.get('/api/leads').query({ page: 1, limit: 10 }).set(bearer(key)).expect(200);
    expect(JSON.stringify(list.body)).toContain(lead);
    const write = await t.http.patch(`/api/leads/${lead}/status`).set(bearer(key)).send({ status: 'lost' }).expect(403);
    expect(write.body.message).toBe(API_KEY_MESSAGES.missingScope('leads:write'));
    const contacts = await t.http.get('/api/contacts').set(bearer(key)).expect(403);
    expect(contacts.body.message).toBe(API_KEY_MESSAGES.missingScope('contacts:read'));
    // The last use is shown.
    const { apiKeys: listed } = (await t.http.get('/api/admin/api-keys').set(owner).expect(200)).body as { apiKeys: ApiKey[] };
    expect(listed.find((listedKey) => listedKey.name === 'Reader')?.lastUsedAt).toEqual(expect.any(String));
  });

  it('is never used on account, admins, API keys, settings, dashboard or sign-out routes, whatever its scopes', async () => {
    const { key } = await createKey(owner, { name: 'Everything', scopes: ['leads:read', 'leads:write', 'content:read', 'content:write'] });
    const refused = [
      t.http.get('/api/admin/account'),
      t.http.get('/api/admin/admins'),
      t.http.get('/api/admin/api-keys'),
      t.http.post('/api/admin/api-keys').send({ name: 'Child', scopes: ['leads:read'] }),
      t.http.get('/api/admin/settings/notifications'),
      t.http.get('/api/admin/settings/sign-in'),
      t.http.get('/api/admin/dashboard/stats'),
      t.http.get('/api/admin/audit'),
      t.http.post('/admin/logout'),
    ];
    for (const request of refused) {
      const response = await request.set(bearer(key)).expect(403);
      expect(response.body.message).toBe(API_KEY_MESSAGES.notForKeys);
    }
  });

  it('refuses an expired key, a revoked key and a key of a disabled admin with 401', async () => {
    const expiring = await createKey(owner, { name: 'Expiring', scopes: ['leads:read'], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await t.http.get('/api/leads').set(bearer(expiring.key)).expect(200);
    await t.app
      .get<Database>(DATABASE)
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.apiKey.id));
    expect((await t.http.get('/api/leads').set(bearer(expiring.key)).expect(401)).body.message).toBe(API_KEY_MESSAGES.expired);

    const revoked = await createKey(sales, { name: 'Revoked', scopes: ['leads:read'] });
    await t.http.get('/api/leads').set(bearer(revoked.key)).expect(200);
    // An owner may revoke any admin's key.
    expect((await t.http.delete(`/api/admin/api-keys/${revoked.apiKey.id}`).set(owner).expect(200)).body.message).toBe(API_KEY_MESSAGES.revoked);
    expect((await t.http.get('/api/leads').set(bearer(revoked.key)).expect(401)).body.message).toBe(API_KEY_MESSAGES.revokedKey);
    await t.http.delete(`/api/admin/api-keys/${revoked.apiKey.id}`).set(owner).expect(404);
    await t.http.delete('/api/admin/api-keys/not-an-id').set(owner).expect(404);

    const unknown = await t.http
      .get('/api/leads')
      .set(bearer(`bw_${'x'.repeat(43)}`))
      .expect(401);
    expect(unknown.body.message).toBe(API_KEY_MESSAGES.invalid);
    expect(unknown.headers['www-authenticate']).toBe('Bearer');
  });

  it('stops a key when its creator is disabled (401) or demoted below its scopes (403), and works again when restored', async () => {
    const { key } = await createKey(sales, { name: 'Sales sync', scopes: ['leads:read'] });
    await t.http.get('/api/leads').set(bearer(key)).expect(200);
    await t.http.patch(`/api/admin/admins/${salesId}`).set(owner).send({ role: 'editor' }).expect(200);
    expect((await t.http.get('/api/leads').set(bearer(key)).expect(403)).body.message).toBe(API_KEY_MESSAGES.creatorRoleBelow('leads:read'));
    await t.http.patch(`/api/admin/admins/${salesId}`).set(owner).send({ role: 'sales' }).expect(200);
    await t.http.get('/api/leads').set(bearer(key)).expect(200);
    await t.http.patch(`/api/admin/admins/${salesId}`).set(owner).send({ disabled: true }).expect(200);
    expect((await t.http.get('/api/leads').set(bearer(key)).expect(401)).body.message).toBe(API_KEY_MESSAGES.creatorDisabled);
    await t.http.patch(`/api/admin/admins/${salesId}`).set(owner).send({ disabled: false }).expect(200);
    await t.http.get('/api/leads').set(bearer(key)).expect(200);
  });

  it('audits what a key does with actor api key and the key’s name', async () => {
    const lead = (await t.http.post('/api/leads').send({ name: 'Grace Hopper', email: 'grace@example.com', service: 'web', message: 'An app.' }).expect(201))
      .body.data._id as string;
    const { key } = await createKey(owner, { name: 'Pipeline bot', scopes: ['leads:write'] });
    await t.http.patch(`/api/leads/${lead}/status`).set(bearer(key)).send({ status: 'lost' }).expect(200);
    const { entries } = (await t.http.get('/api/admin/audit').query({ action: 'lead.status_changed', actor: 'api_key' }).set(owner).expect(200)).body as {
      entries: AuditEntry[];
    };
    expect(entries).toEqual([
      expect.objectContaining({ actor: 'api_key', adminEmail: TEST_ADMIN.email, targetId: lead, details: expect.objectContaining({ apiKey: 'Pipeline bot' }) }),
    ]);
    const [created] = (await t.http.get('/api/admin/audit').query({ action: 'api_key.created' }).set(owner).expect(200)).body.entries as AuditEntry[];
    expect(created).toMatchObject({ actor: 'admin', details: { name: 'Pipeline bot', scopes: ['leads:write'] } });
  });

  it('limits each key on its own: 429 with Retry-After for the busy key while another still works', async () => {
    const busy = await createKey(owner, { name: 'Busy', scopes: ['leads:read'] });
    const calm = await createKey(owner, { name: 'Calm', scopes: ['leads:read'] });
    for (let call = 0; call < PER_KEY_LIMIT; call++) await t.http.get('/api/leads').set(bearer(busy.key)).expect(200);
    const limited = await t.http.get('/api/leads').set(bearer(busy.key)).expect(429);
    expect(limited.body.message).toBe(API_KEY_MESSAGES.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await t.http.get('/api/leads').set(bearer(calm.key)).expect(200);
    // The signed-in admin who made them is not limited by their keys.
    await t.http.get('/api/leads').set(owner).expect(200);
  });

  it('leaves session tokens as they were: a bad Bearer token is still 401 Not authorized', async () => {
    const response = await t.http.get('/api/leads').set(bearer('not-a-token')).expect(401);
    expect(response.body.message).toBe(MESSAGES.notAuthorized);
  });
});
