import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, SSO_MESSAGES, type AdminRole } from '@brightwave/common';
import { eq } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import { DATABASE, type Database } from '../src/database/database';
import { admins, auditEntries, ssoRequests } from '../src/database/schema';
import { loadConfig } from '../src/config/app-config';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { freePort } from './support/free-port';
import { createTestApp, TEST_ADMIN, type RestartableTestApp } from './support/test-app';

// A real OpenID provider (oidc-provider) in this process: one client, PKCE required, and the person it signs in chosen
// by each test (`person`). Its login and consent are answered by a tiny interaction handler of our own.
const PUBLIC_URL = 'http://localhost:3999';
const CLIENT = { client_id: 'brightwave-admin', client_secret: 'a-client-secret-for-the-tests' };
const PROVIDER_NAME = 'Test IdP';

interface Person {
  email: string;
  email_verified: boolean;
  name?: string;
  roles?: string | string[];
}

let person: Person;
let provider: Provider;
let server: http.Server;
let issuer: string;

async function startProvider(): Promise<void> {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const { default: OidcProvider } = await import('oidc-provider');
  provider = new OidcProvider(issuer, {
    clients: [{ ...CLIENT, redirect_uris: [`${PUBLIC_URL}/admin/sso/callback`], grant_types: ['authorization_code'], response_types: ['code'] }],
    pkce: { required: () => true },
    cookies: { keys: ['a-cookie-key-for-the-tests'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'roles'] },
    // The claims of the scopes in the ID token itself, as Entra ID, Okta and Keycloak can be set up to do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, ...person }) }),
    // Its own signing key, store and lifetimes: the provider's quick-start ones print warnings.
    jwks: { keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })] },
    adapter: MemoryStore,
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });
  const handler = provider.callback();
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void finishInteraction(req, res);
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/** The provider's store (its adapter): in memory, one per kind of artifact. */
class MemoryStore {
  private static readonly items = new Map<string, Record<string, unknown>>();

  constructor(private readonly kind: string) {}

  private key = (id: string) => `${this.kind}:${id}`;

  async upsert(id: string, payload: Record<string, unknown>): Promise<void> {
    MemoryStore.items.set(this.key(id), payload);
  }

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    return MemoryStore.items.get(this.key(id));
  }

  async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
    return [...MemoryStore.items.entries()].find(([key, payload]) => key.startsWith(`${this.kind}:`) && payload.uid === uid)?.[1];
  }

  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const payload = MemoryStore.items.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    MemoryStore.items.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, payload] of MemoryStore.items) if (payload.grantId === grantId) MemoryStore.items.delete(key);
  }
}

/** The person logs in (as `person`) and consents to what the client asks. */
async function finishInteraction(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  try {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: person.email } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  } catch (error) {
    res.statusCode = 500;
    res.end(String(error));
  }
}

/** A browser's cookies at the provider (one jar per browser; paths ignored: the provider's cookies are signed). */
class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  /** Follows the provider's redirects from `url` until it sends the browser back to us: that address. */
  async signInAt(url: string): Promise<URL> {
    let next = new URL(url);
    for (let hop = 0; hop < 10; hop += 1) {
      if (next.origin !== issuer) return next;
      const answer = await fetch(next, { redirect: 'manual', headers: { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
      for (const cookie of answer.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = answer.headers.get('location');
      if (!location) throw new Error(`The provider answered ${answer.status} at ${next.href}: ${await answer.text()}`);
      next = new URL(location, next);
    }
    throw new Error('The provider kept redirecting');
  }
}

const cookieOf = (setCookie: string[] | string | undefined) => {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((cookie) => cookie.startsWith('bw_sso='))?.split(';')[0] ?? '';
};

describe('Single sign-on (OpenID Connect)', () => {
  let t: RestartableTestApp;
  // The app's database: read again after each restart of the app.
  const db = () => t.app.get<Database>(DATABASE);

  const ssoEnv = () => ({
    PUBLIC_URL,
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT.client_id,
    OIDC_CLIENT_SECRET: CLIENT.client_secret,
    OIDC_PROVIDER_NAME: PROVIDER_NAME,
    OIDC_ALLOWED_DOMAINS: 'Example.test, brightwave.test',
    OIDC_ROLE_CLAIM: 'roles',
    OIDC_ROLE_MAP: 'eng=recruiter,sales-team=sales,boss=owner',
    OIDC_AUTO_CREATE: 'true',
  });

  beforeAll(async () => {
    await startProvider();
    t = await createTestApp(ssoEnv());
  });

  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** Starts a sign-in in a new browser: the provider's address, and our cookie binding the sign-in to this browser. */
  async function start(): Promise<{ cookie: string; providerUrl: string }> {
    const answer = await t.http.get('/admin/sso/start').expect(302);
    const setCookie = answer.headers['set-cookie'] as unknown as string[];
    expect(setCookie.join()).toMatch(/bw_sso=[\w-]+; Path=\/admin\/sso; HttpOnly; SameSite=Lax/);
    return { cookie: cookieOf(setCookie), providerUrl: String(answer.headers.location) };
  }

  /** The whole flow up to our callback: the callback's path and query, and this browser's cookie. */
  async function signInAtProvider(who: Person): Promise<{ cookie: string; callback: string }> {
    person = who;
    const { cookie, providerUrl } = await start();
    const back = await new ProviderBrowser().signInAt(providerUrl);
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/admin/sso/callback`);
    return { cookie, callback: back.pathname + back.search };
  }

  /** The callback's refusal page: its status and its one sentence. */
  async function refusal(callback: string, cookie: string, status: number): Promise<string> {
    const answer = await t.http.get(callback).set('Cookie', cookie).expect(status);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.text).toContain(`<title>${SSO_MESSAGES.pageTitle}</title>`);
    expect(answer.text).toContain('<a href="/admin/login">Back to sign in</a>');
    return /<p>([^<]*)<\/p>/.exec(answer.text)?.[1] ?? '';
  }

  const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

  async function ticketOf(callback: string, cookie: string): Promise<string> {
    const answer = await t.http.get(callback).set('Cookie', cookie).expect(302);
    const location = String(answer.headers.location);
    expect(location).toMatch(/^\/admin\/sso\?ticket=[\w-]{43}$/);
    return new URL(location, PUBLIC_URL).searchParams.get('ticket')!;
  }

  it('tells the login page the provider’s name and who may use a password', async () => {
    const answer = await t.http.get('/api/admin/sso').expect(200);
    expect(answer.body).toEqual({ success: true, sso: { name: PROVIDER_NAME }, passwordSignIn: 'all' });
  });

  it('signs in the active admin whose verified e-mail the provider vouches for, through a one-time ticket', async () => {
    const { cookie, callback } = await signInAtProvider({ email: 'ADMIN@example.test', email_verified: true, name: 'Whoever' });
    const providerUrl = new URL((await t.http.get('/admin/sso/start').expect(302)).headers.location as string);
    // Authorization code with PKCE (S256), state and nonce, back to PUBLIC_URL's callback.
    expect(Object.fromEntries(providerUrl.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT.client_id,
      redirect_uri: `${PUBLIC_URL}/admin/sso/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(providerUrl.searchParams.get('state')).toBeTruthy();
    expect(providerUrl.searchParams.get('nonce')).toBeTruthy();

    const ticket = await ticketOf(callback, cookie);
    const session = await t.http.post('/api/admin/sso/exchange').set('User-Agent', 'SSO test browser').send({ ticket }).expect(200);
    expect(Object.keys(session.body).sort()).toEqual(['admin', 'success', 'token']);
    expect(session.body.admin).toMatchObject({ email: TEST_ADMIN.email, name: TEST_ADMIN.name });
    const me = await t.http.get('/api/admin/account').set('Authorization', `Bearer ${session.body.token}`).expect(200);
    expect(me.body.account.email).toBe(TEST_ADMIN.email);

    const [signIn] = await db().select().from(auditEntries).where(eq(auditEntries.action, 'auth.sign_in'));
    expect(signIn?.details).toEqual({ with: 'sso' });
    const [admin] = await db().select().from(admins).where(eq(admins.email, TEST_ADMIN.email));
    expect(admin?.lastSignInAt).not.toBeNull();

    // The ticket works once.
    const again = await t.http.post('/api/admin/sso/exchange').send({ ticket }).expect(400);
    expect(again.body.message).toBe(SSO_MESSAGES.ticketExpired);
  });

  it('refuses a tampered state', async () => {
    const { cookie, callback } = await signInAtProvider({ email: TEST_ADMIN.email, email_verified: true });
    const tampered = callback.replace(/state=[\w-]+/, 'state=not-the-state');
    expect(await refusal(tampered, cookie, 400)).toBe(html(SSO_MESSAGES.requestExpired));
  });

  it('refuses the answer in another browser than the one that started the sign-in', async () => {
    const { callback } = await signInAtProvider({ email: TEST_ADMIN.email, email_verified: true });
    const other = await start();
    expect(await refusal(callback, other.cookie, 400)).toBe(html(SSO_MESSAGES.requestExpired));
    expect(await refusal(callback, '', 400)).toBe(html(SSO_MESSAGES.requestExpired));
  });

  it('refuses a replayed code: the same callback twice signs in once', async () => {
    const { cookie, callback } = await signInAtProvider({ email: TEST_ADMIN.email, email_verified: true });
    await ticketOf(callback, cookie);
    expect(await refusal(callback, cookie, 400)).toBe(html(SSO_MESSAGES.requestExpired));
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    person = { email: TEST_ADMIN.email, email_verified: true };
    const { cookie, providerUrl } = await start();
    const back = await new ProviderBrowser().signInAt(providerUrl);
    // As if the ID token were one made for another sign-in.
    const updated = await db().update(ssoRequests).set({ nonce: 'another-sign-ins-nonce' }).returning();
    expect(updated.length).toBeGreaterThan(0);
    expect(await refusal(back.pathname + back.search, cookie, 400)).toBe(html(SSO_MESSAGES.answerInvalid(PROVIDER_NAME)));
  });

  it('refuses a sign-in the provider refused (an error in its answer), and takes the started sign-in all the same', async () => {
    const { cookie, providerUrl } = await start();
    const state = new URL(providerUrl).searchParams.get('state')!;
    const refused = `/admin/sso/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(issuer)}`;
    expect(await refusal(refused, cookie, 403)).toBe(html(SSO_MESSAGES.providerRefused(PROVIDER_NAME)));
    expect(await refusal(refused, cookie, 400)).toBe(html(SSO_MESSAGES.requestExpired));
  });

  it('sends an admin whom the sign-in policy asks for a strong factor to set one up, as the code step does', async () => {
    const owner = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
    await t.http
      .put('/api/admin/settings/sign-in')
      .set(owner)
      .send({ roles: ['sales'], graceDays: 14 })
      .expect(200);
    try {
      const { cookie, callback } = await signInAtProvider({ email: 'pat@brightwave.test', email_verified: true, roles: 'sales-team' });
      const session = await t.http
        .post('/api/admin/sso/exchange')
        .send({ ticket: await ticketOf(callback, cookie) })
        .expect(200);
      expect(session.body.mustEnrol).toBe(true);
    } finally {
      await t.http.put('/api/admin/settings/sign-in').set(owner).send({ roles: [], graceDays: 14 }).expect(200);
    }
  });

  it('binds the sign-in to the browser with a Secure cookie when PUBLIC_URL is https, and sends PUBLIC_URL’s callback', async () => {
    await t.restart({ PUBLIC_URL: 'https://admin.example.test' });
    try {
      const answer = await t.http.get('/admin/sso/start').expect(302);
      expect(String(answer.headers['set-cookie'])).toMatch(/^bw_sso=[\w-]{43}; Path=\/admin\/sso; HttpOnly; SameSite=Lax; Secure; Max-Age=600$/);
      expect(new URL(String(answer.headers.location)).searchParams.get('redirect_uri')).toBe('https://admin.example.test/admin/sso/callback');
    } finally {
      await t.restart({ PUBLIC_URL });
    }
  });

  it('refuses an e-mail address the provider has not verified', async () => {
    const { cookie, callback } = await signInAtProvider({ email: TEST_ADMIN.email, email_verified: false });
    expect(await refusal(callback, cookie, 403)).toBe(html(SSO_MESSAGES.emailNotVerified(PROVIDER_NAME)));
  });

  it('refuses an e-mail of a domain not allowed', async () => {
    const { cookie, callback } = await signInAtProvider({ email: 'mallory@elsewhere.test', email_verified: true, roles: 'boss' });
    expect(await refusal(callback, cookie, 403)).toBe(html(SSO_MESSAGES.domainNotAllowed('elsewhere.test')));
    expect(await db().select().from(admins).where(eq(admins.email, 'mallory@elsewhere.test'))).toEqual([]);
  });

  it('refuses a disabled admin, with the words of the password sign-in', async () => {
    const owner = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
    await signInInvitedAdmin(t, owner.Authorization.slice(7), 'sales', { email: 'sam@example.test', password: 'sams-long-password-1' });
    const list = await t.http.get('/api/admin/admins').set(owner).expect(200);
    const sam = (list.body.admins as { id: string; email: string }[]).find((admin) => admin.email === 'sam@example.test')!;
    await t.http.patch(`/api/admin/admins/${sam.id}`).set(owner).send({ disabled: true }).expect(200);

    const { cookie, callback } = await signInAtProvider({ email: 'sam@example.test', email_verified: true, roles: 'boss' });
    expect(await refusal(callback, cookie, 403)).toBe(html(MESSAGES.accountDisabled));
  });

  describe('auto-create with the role claim mapped (OIDC_ROLE_MAP)', () => {
    async function signedInAs(who: Person): Promise<{ role: AdminRole; name: string }> {
      const { cookie, callback } = await signInAtProvider(who);
      const ticket = await ticketOf(callback, cookie);
      await t.http.post('/api/admin/sso/exchange').send({ ticket }).expect(200);
      const [row] = await db().select().from(admins).where(eq(admins.email, who.email.toLowerCase()));
      return { role: row!.role, name: row!.name };
    }

    it('makes an admin with the mapped role, named by the name claim, audited as made by the system', async () => {
      expect(await signedInAs({ email: 'eve@brightwave.test', email_verified: true, name: 'Eve Engineer', roles: ['eng', 'unrelated'] })).toEqual({
        role: 'recruiter',
        name: 'Eve Engineer',
      });
      const created = (await db().select().from(auditEntries).where(eq(auditEntries.action, 'admin.created'))).find(
        (entry) => (entry.details as { email?: string }).email === 'eve@brightwave.test',
      );
      expect(created).toMatchObject({ actor: 'system', details: { email: 'eve@brightwave.test', role: 'recruiter', by: 'sso' } });
    });

    it('takes the most privileged of several mapped roles, and the e-mail’s local part without a name', async () => {
      expect(await signedInAs({ email: 'sal@brightwave.test', email_verified: true, roles: ['eng', 'sales-team'] })).toEqual({ role: 'sales', name: 'sal' });
    });

    it('never changes the role of an existing admin', async () => {
      expect(await signedInAs({ email: 'eve@brightwave.test', email_verified: true, roles: 'boss' })).toMatchObject({ role: 'recruiter' });
    });

    it('refuses someone whose claim maps to no role, and makes no admin', async () => {
      const { cookie, callback } = await signInAtProvider({ email: 'nora@brightwave.test', email_verified: true, roles: ['owner', 'other'] });
      expect(await refusal(callback, cookie, 403)).toBe(html(SSO_MESSAGES.noRole(PROVIDER_NAME)));
      expect(await db().select().from(admins).where(eq(admins.email, 'nora@brightwave.test'))).toEqual([]);
    });

    it('gives a password-less admin: no password signs them in', async () => {
      const answer = await t.http
        .post('/admin/login')
        .send({ email: 'eve@brightwave.test', password: '' })
        .expect((res) => expect([400, 401]).toContain(res.status));
      expect(answer.body.success).toBe(false);
      await t.http.post('/admin/login').send({ email: 'eve@brightwave.test', password: 'any-password-at-all' }).expect(401);
    });
  });

  it('reaches the start and the callback when the backend also serves the admin app (one port), whose /admin/sso page is the app’s', async () => {
    const adminDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-sso-admin-'));
    fs.writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><title>admin app</title>');
    await t.restart({ ADMIN_DIST_DIR: adminDist });
    try {
      expect(String((await t.http.get('/admin/sso/start').expect(302)).headers.location)).toMatch(new RegExp(`^${issuer}/`));
      expect((await t.http.get('/admin/sso/callback?state=x&code=y').expect(400)).text).toContain(SSO_MESSAGES.pageTitle);
      expect((await t.http.get('/admin/sso?ticket=x').expect(200)).text).toContain('<title>admin app</title>');
    } finally {
      await t.restart({ ADMIN_DIST_DIR: 'none' });
      fs.rmSync(adminDist, { recursive: true, force: true });
    }
  });

  it('with OIDC_PASSWORD_SIGN_IN=owners, refuses a non-owner’s password (403) and still lets an owner in', async () => {
    const owner = await loginAsAdmin(t);
    await signInInvitedAdmin(t, owner, 'recruiter', { email: 'rita@example.test', password: 'ritas-long-password-1' });
    await t.restart({ OIDC_PASSWORD_SIGN_IN: 'owners' });
    expect((await t.http.get('/api/admin/sso').expect(200)).body).toEqual({ success: true, sso: { name: PROVIDER_NAME }, passwordSignIn: 'owners' });
    const refused = await t.http.post('/admin/login').send({ email: 'rita@example.test', password: 'ritas-long-password-1' }).expect(403);
    expect(refused.body.message).toBe(SSO_MESSAGES.passwordRefused(PROVIDER_NAME));
    await loginAsAdmin(t);
  });

  it('answers a plain 503 page when the provider cannot be reached, and refuses a partial configuration at start', async () => {
    await t.restart({ OIDC_ISSUER: `http://127.0.0.1:${await freePort()}`, OIDC_PASSWORD_SIGN_IN: 'all' });
    const answer = await t.http.get('/admin/sso/start').expect(503);
    expect(answer.text).toContain(html(SSO_MESSAGES.providerUnreachable(PROVIDER_NAME)));

    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ ...base, OIDC_ISSUER: issuer })).toThrow('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET missing');
    expect(() => loadConfig({ ...base, OIDC_PASSWORD_SIGN_IN: 'owners' })).toThrow(/OIDC_PASSWORD_SIGN_IN=owners needs single sign-on/);
    expect(loadConfig(base).sso.provider).toBeUndefined();
  });
});
