// PostgreSQL pass: the guard reads the stored policy and each admin's factors through raw SQL (the settings' JSON in a scalar subquery, counts), which node-postgres and PGlite decode each in their own way.
import {
  ADMIN_SIGN_IN_MESSAGES,
  AUTHENTICATOR_MESSAGES,
  DEFAULT_SIGN_IN_POLICY,
  loginCodeIn,
  MESSAGES,
  required,
  SIGN_IN_POLICY_MESSAGES,
  type AdminRole,
  type AdminSummary,
  type AuditEntry,
  type LoginPayload,
  type SignInPolicy,
  type SignInStanding,
} from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { DATABASE, type Database } from '../src/database/database';
import { admins, signInAttempts } from '../src/database/schema';
import { SignInPolicyService } from '../src/sign-in-policy/sign-in-policy.service';
import { readMessageFile } from './mail-message';
import { loginAsAdmin } from './support/admin-session';
import { fakeOnlyDate } from './support/fake-date';
import { appRoutes, routeParts } from './support/route-table';
import { SoftwarePasskey, type Ceremony, type CeremonyOptions } from './support/software-authenticator';
import { createTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

const PUBLIC_URL = 'https://admin.brightwave.test';
const THIS_SITE: Ceremony = { origin: PUBLIC_URL, rpId: 'admin.brightwave.test' };
const PASSWORD = 'quiet-harbour-tulip-42';
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const TOTP_PERIOD_MS = 30 * 1000;
const ANY_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const NO_FACTORS = { authenticator: false, passkeys: 0 };
/** What an admin under no policy reads of it. */
const ASKED_NOTHING: SignInStanding = { factors: NO_FACTORS, required: false, mustEnrol: false, mailedCodeUntil: null };
/** The routes an admin who must set up a strong factor may still call (decision 090). */
const OPEN_WHILE_ENROLLING = [
  'POST /admin/logout',
  'GET /api/admin/account',
  'GET /api/admin/account/sessions',
  'DELETE /api/admin/account/sessions/:id',
  'GET /api/admin/me/totp',
  'POST /api/admin/me/totp',
  'POST /api/admin/me/totp/confirm',
  'GET /api/admin/me/passkeys',
  'POST /api/admin/me/passkeys/options',
  'POST /api/admin/me/passkeys',
];

type Headers = { Authorization: string };
const bearer = (token: string): Headers => ({ Authorization: `Bearer ${token}` });
/** Moves the app's clock (Date, faked) on; time only moves forward in this suite. */
const travel = (ms: number) => jest.setSystemTime(Date.now() + ms);
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe('Sign-in policy', () => {
  let t: TestApp;
  let db: Database;
  let serial = 0;

  beforeAll(async () => {
    // The sign-in limits have their own suites; here admins sign in many times.
    t = await createTestApp({ PUBLIC_URL, RATE_LIMIT_AUTH_PER_15_MIN: '100000' });
    db = t.app.get<symbol, Database>(DATABASE);
    fakeOnlyDate();
  });
  afterAll(async () => {
    jest.useRealTimers();
    await t?.close();
  });
  // Each rule alone: the policy as installed (the owner may be under it after a test, so not over HTTP), no failures counted.
  beforeEach(async () => {
    await t.app.get(SignInPolicyService).save(DEFAULT_SIGN_IN_POLICY);
    await db.delete(signInAttempts);
  });

  /** The test owner's session, signed in now (a session lives 8 hours of the moving clock). */
  const owner = async () => bearer(await loginAsAdmin(t));
  const setPolicy = async (policy: SignInPolicy) =>
    (
      await t.http
        .put('/api/admin/settings/sign-in')
        .set(await owner())
        .send(policy)
        .expect(200)
    ).body;
  const newOutbox = (before: Set<string>) => t.outbox().filter((file) => !before.has(file));

  /** A new admin of `role`, invited by the owner, who set their password through the mailed link (not signed in yet). */
  async function invited(role: AdminRole, name: string): Promise<LoginPayload & { id: string }> {
    const credentials = { email: `${name.toLowerCase()}-${++serial}@policy.test`, password: PASSWORD };
    const before = new Set(t.outbox());
    await t.http
      .post('/api/admin/admins')
      .set(await owner())
      .send({ email: credentials.email, name, role })
      .expect(201);
    const token = await pollUntil(
      () =>
        newOutbox(before)
          .map((file) => /accept-invite#token=([\w-]+)/.exec(readMessageFile(file).text)?.[1])
          .find(Boolean),
      {
        what: 'the invitation',
      },
    );
    await t.http.post('/admin/accept-invite').send({ token, password: PASSWORD }).expect(200);
    const [row] = await db.select().from(admins).where(eq(admins.email, credentials.email));
    return { ...credentials, id: required(row, credentials.email).id };
  }

  /** The password step's body: the credentials alone (the API takes no other field). */
  const credentialsOf = ({ email, password }: LoginPayload): LoginPayload => ({ email, password });

  /** The newest sign-in code mailed since `before` (the outbox's files then). */
  const mailedCodeSince = (before: Set<string>) =>
    pollUntil(
      () =>
        newOutbox(before)
          .map((file) => loginCodeIn(readMessageFile(file).text))
          .findLast(Boolean),
      { what: 'the code mail' },
    );

  /** The password step, then the code it mailed: the code step's answer. */
  async function signInWithMailedCode(credentials: LoginPayload) {
    const before = new Set(t.outbox());
    const login = await t.http.post('/admin/login').send(credentialsOf(credentials)).expect(200);
    expect(login.body.factors).toEqual(['email-code']);
    const otp = await mailedCodeSince(before);
    return t.http.post('/admin/verify-2fa').send({ adminId: login.body.adminId, challenge: login.body.challenge, otp }).expect(200);
  }
  const signedIn = async (credentials: LoginPayload) => bearer((await signInWithMailedCode(credentials)).body.token as string);

  const codeOf = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
  /** Turns an authenticator app on (password, then a code of it): its secret. The confirming code's step is then used. */
  async function enrolApp(as: Headers): Promise<string> {
    const { secret } = (await t.http.post('/api/admin/me/totp').set(as).send({ password: PASSWORD }).expect(201)).body as { secret: string };
    await t.http
      .post('/api/admin/me/totp/confirm')
      .set(as)
      .send({ code: codeOf(secret) })
      .expect(200);
    travel(TOTP_PERIOD_MS);
    return secret;
  }
  /** Adds a passkey of a new software device (password, options, the device's answer): the device. */
  async function addPasskey(as: Headers, name: string): Promise<SoftwarePasskey> {
    const options = (await t.http.post('/api/admin/me/passkeys/options').set(as).send({ password: PASSWORD }).expect(200)).body.options as CeremonyOptions;
    const device = new SoftwarePasskey();
    await t.http
      .post('/api/admin/me/passkeys')
      .set(as)
      .send({ name, response: device.register(options, THIS_SITE) })
      .expect(201);
    return device;
  }

  const standingOf = async (as: Headers) => (await t.http.get('/api/admin/account').set(as).expect(200)).body.signIn as SignInStanding;
  const requiredSince = async (id: string) => required((await db.select().from(admins).where(eq(admins.id, id)))[0], id).strongFactorRequiredSince;
  const refusedToEnrolFirst = { success: false, message: SIGN_IN_POLICY_MESSAGES.enrolFirst };
  const refusedMailedCode = { success: false, message: SIGN_IN_POLICY_MESSAGES.mailedCodeRefused };

  describe('GET and PUT /api/admin/settings/sign-in', () => {
    it('asks nothing as installed: no role must use a strong factor, and 14 days of grace', async () => {
      expect(
        (
          await t.http
            .get('/api/admin/settings/sign-in')
            .set(await owner())
            .expect(200)
        ).body,
      ).toEqual({
        success: true,
        policy: { roles: [], graceDays: 14 },
      });
    });

    it('is the owners’: every other role gets 403 Not allowed, to read it as to change it, and nothing changes', async () => {
      for (const role of ['sales', 'recruiter', 'editor'] as const) {
        const as = await signedIn(await invited(role, `Not-${role}`));
        expect((await t.http.get('/api/admin/settings/sign-in').set(as).expect(403)).body).toEqual({ success: false, message: MESSAGES.notAllowed });
        const change = await t.http.put('/api/admin/settings/sign-in').set(as).send({ roles: [], graceDays: 30 }).expect(403);
        expect(change.body).toEqual({ success: false, message: MESSAGES.notAllowed });
      }
      expect(
        (
          await t.http
            .get('/api/admin/settings/sign-in')
            .set(await owner())
            .expect(200)
        ).body.policy,
      ).toEqual(DEFAULT_SIGN_IN_POLICY);
    });

    const { rolesInvalid, rolesRepeated, graceDaysInvalid } = SIGN_IN_POLICY_MESSAGES;
    it.each<[string, object, Record<string, string>]>([
      ['roles that are not a list', { roles: 'sales', graceDays: 14 }, { roles: rolesInvalid }],
      ['a role that is not one', { roles: ['sales', 'boss'], graceDays: 14 }, { roles: rolesInvalid }],
      ['a role listed twice', { roles: ['sales', 'sales'], graceDays: 14 }, { roles: rolesRepeated }],
      ['no roles', { graceDays: 14 }, { roles: rolesInvalid }],
      ['no grace period', { roles: ['sales'] }, { graceDays: graceDaysInvalid }],
      ['a grace period of 0 days', { roles: ['sales'], graceDays: 0 }, { graceDays: graceDaysInvalid }],
      ['a grace period of 91 days', { roles: ['sales'], graceDays: 91 }, { graceDays: graceDaysInvalid }],
      ['a grace period of 1.5 days', { roles: ['sales'], graceDays: 1.5 }, { graceDays: graceDaysInvalid }],
      ['a grace period as text', { roles: ['sales'], graceDays: '14' }, { graceDays: graceDaysInvalid }],
      ['both fields wrong', { roles: ['boss'], graceDays: -1 }, { roles: rolesInvalid, graceDays: graceDaysInvalid }],
      ['a field it does not take', { roles: [], graceDays: 14, exempt: ['owner'] }, { exempt: 'exempt is not an accepted field' }],
    ])('refuses %s with 400 and a message on the field, and stores nothing', async (_, body, errors) => {
      const as = await owner();
      const refused = await t.http.put('/api/admin/settings/sign-in').set(as).send(body).expect(400);
      expect(refused.body).toEqual({ success: false, message: Object.values(errors)[0], errors });
      expect((await t.http.get('/api/admin/settings/sign-in').set(as).expect(200)).body.policy).toEqual(DEFAULT_SIGN_IN_POLICY);
    });

    it('saves the roles in the roles’ order, answers the policy, and audits the change from what it was', async () => {
      const saved = await setPolicy({ roles: ['recruiter', 'sales'], graceDays: 10 });
      expect(saved).toEqual({ success: true, message: SIGN_IN_POLICY_MESSAGES.saved, policy: { roles: ['sales', 'recruiter'], graceDays: 10 } });
      const as = await owner();
      expect((await t.http.get('/api/admin/settings/sign-in').set(as).expect(200)).body.policy).toEqual({ roles: ['sales', 'recruiter'], graceDays: 10 });
      const { entries } = (await t.http.get('/api/admin/audit').query({ action: 'settings.sign_in_policy_changed' }).set(as).expect(200)).body as {
        entries: AuditEntry[];
      };
      // The suite's own resets between tests are the system's: the owner's change is the one entry of an admin.
      expect(entries.filter((entry) => entry.actor === 'admin')).toHaveLength(1);
      expect(entries.find((entry) => entry.actor === 'admin')).toMatchObject({
        actor: 'admin',
        adminEmail: TEST_ADMIN.email,
        targetKind: 'settings',
        targetId: 'sign_in',
        details: { from: DEFAULT_SIGN_IN_POLICY, to: { roles: ['sales', 'recruiter'], graceDays: 10 } },
      });
    });
  });

  describe('nothing changes for an admin under no policy', () => {
    it.each<[string, SignInPolicy]>([
      ['as installed', DEFAULT_SIGN_IN_POLICY],
      ['that covers other roles', { roles: ['recruiter', 'editor'], graceDays: 1 }],
    ])('under the policy %s: the spec’s password step, code step and session, every route of the role, for days on end', async (_, policy) => {
      await setPolicy(policy);
      const sam = await invited('sales', 'Sam');
      for (const days of [0, 30]) {
        travel(days * DAY_MS);
        const before = new Set(t.outbox());
        const login = await t.http.post('/admin/login').send(credentialsOf(sam)).expect(200);
        expect(login.body).toEqual({ success: true, adminId: sam.id, challenge: expect.any(String), factors: ['email-code'], message: MESSAGES.codeSent });
        const otp = await mailedCodeSince(before);
        // With the admin id alone, as the spec's client sends it.
        const verified = await t.http.post('/admin/verify-2fa').send({ adminId: sam.id, otp }).expect(200);
        expect(verified.body).toEqual({ success: true, token: expect.any(String), admin: { _id: sam.id, id: sam.id, name: 'Sam', email: sam.email } });
        const as = bearer(verified.body.token as string);
        await t.http.get('/api/leads').set(as).expect(200);
        await t.http.get('/api/admin/dashboard/stats').set(as).expect(200);
        expect(await standingOf(as)).toEqual(ASKED_NOTHING);
        expect(await requiredSince(sam.id)).toBeNull();
      }
    });
  });

  describe('the enrolment gate', () => {
    it('signs an admin of a covered role without a strong factor in with `mustEnrol`; every admin route but the open ones answers 403 until they set one up', async () => {
      await setPolicy({ roles: ['sales'], graceDays: 7 });
      const sam = await invited('sales', 'Sam');
      const verified = await signInWithMailedCode(sam);
      expect(verified.body).toEqual({ success: true, token: expect.any(String), admin: expect.objectContaining({ email: sam.email }), mustEnrol: true });
      const as = bearer(verified.body.token as string);
      expect(await standingOf(as)).toEqual({ factors: NO_FACTORS, required: true, mustEnrol: true, mailedCodeUntil: inDays(7) });

      // Every admin route of the route table: anonymous first, to leave the public ones out.
      const outcomes: Record<string, string> = {};
      // Signing out would end the session the walk uses: the next test signs such an admin out.
      const adminRoutes = appRoutes(t.app).filter((served) => /^(GET|POST|PUT|PATCH|DELETE) \/(api|admin)\//.test(served) && served !== 'POST /admin/logout');
      for (const route of adminRoutes) {
        const { method, pattern } = routeParts(route);
        const call = () => {
          const request = t.http[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](pattern.replace(/:[\w|:]+/g, ANY_ID));
          return ['POST', 'PUT', 'PATCH'].includes(method) ? request.set(as).send({}) : request.set(as);
        };
        if ((await t.http[method.toLowerCase() as 'get'](pattern.replace(/:[\w|:]+/g, ANY_ID))).status !== 401) continue;
        const answer = await call();
        outcomes[route] = answer.status === 403 ? answer.body.message : 'answered';
      }
      const expected = Object.fromEntries(
        Object.entries(outcomes).map(([route, outcome]) => [
          route,
          OPEN_WHILE_ENROLLING.includes(route) ? 'answered' : outcome === MESSAGES.notAllowed ? MESSAGES.notAllowed : SIGN_IN_POLICY_MESSAGES.enrolFirst,
        ]),
      );
      expect(outcomes).toEqual(expected);
      // The areas of the role are closed by the gate, not by the role.
      expect(outcomes['GET /api/leads']).toBe(SIGN_IN_POLICY_MESSAGES.enrolFirst);
      expect(outcomes['GET /api/admin/dashboard/stats']).toBe(SIGN_IN_POLICY_MESSAGES.enrolFirst);
      expect(outcomes['GET /api/admin/settings/sign-in']).toBe(MESSAGES.notAllowed);

      // The authenticator app, set up: the gate opens, and the grace period ends for good.
      await enrolApp(as);
      await t.http.get('/api/leads').set(as).expect(200);
      expect(await standingOf(as)).toEqual({ factors: { authenticator: true, passkeys: 0 }, required: true, mustEnrol: false, mailedCodeUntil: null });
      expect(await requiredSince(sam.id)).toBeNull();
    });

    it('opens with a passkey as well; from then on the passkey signs them in, and the mailed code no longer does', async () => {
      await setPolicy({ roles: ['recruiter'], graceDays: 7 });
      const rita = await invited('recruiter', 'Rita');
      const session = await signedIn(rita);
      expect((await t.http.get('/api/jobs/admin').set(session).expect(403)).body).toEqual(refusedToEnrolFirst);
      const device = await addPasskey(session, 'Rita’s laptop');
      await t.http.get('/api/jobs/admin').set(session).expect(200);
      expect(await standingOf(session)).toEqual({ factors: { authenticator: false, passkeys: 1 }, required: true, mustEnrol: false, mailedCodeUntil: null });

      const before = t.outbox().length;
      expect((await t.http.post('/admin/login').send(credentialsOf(rita)).expect(403)).body).toEqual({
        success: false,
        message: SIGN_IN_POLICY_MESSAGES.passkeyRequired,
      });
      expect(t.outbox()).toHaveLength(before);
      const options = (await t.http.post('/api/admin/passkey/options').expect(200)).body.options as CeremonyOptions;
      const signedInWithPasskey = await t.http
        .post('/api/admin/passkey/verify')
        .send({ response: device.signIn(options, THIS_SITE) })
        .expect(200);
      await t.http
        .get('/api/jobs/admin')
        .set(bearer(signedInWithPasskey.body.token as string))
        .expect(200);
    });

    it('closes at once on sessions signed in before the role was covered, and lets them sign out', async () => {
      const sam = await signedIn(await invited('sales', 'Sam'));
      await t.http.get('/api/leads').set(sam).expect(200);
      await setPolicy({ roles: ['sales'], graceDays: 7 });
      expect((await t.http.get('/api/leads').set(sam).expect(403)).body).toEqual(refusedToEnrolFirst);
      await t.http.post('/admin/logout').set(sam).expect(200);
      await t.http.get('/api/admin/account').set(sam).expect(401);
    });

    it('asks nothing of an admin of a covered role who has a strong factor: they sign in with it, with no `mustEnrol`', async () => {
      const sue = await invited('sales', 'Sue');
      const secret = await enrolApp(await signedIn(sue));
      await setPolicy({ roles: ['sales'], graceDays: 7 });
      travel(30 * DAY_MS);
      const login = await t.http.post('/admin/login').send(credentialsOf(sue)).expect(200);
      expect(login.body.factors).toEqual(['authenticator', 'recovery-code']);
      const verified = await t.http
        .post('/admin/verify-2fa')
        .send({ adminId: login.body.adminId, challenge: login.body.challenge, otp: codeOf(secret) })
        .expect(200);
      expect(verified.body).toEqual({ success: true, token: expect.any(String), admin: expect.objectContaining({ email: sue.email }) });
      await t.http
        .get('/api/leads')
        .set(bearer(verified.body.token as string))
        .expect(200);
    });
  });

  describe('the grace period', () => {
    it('starts when the policy is saved, for every active admin of a covered role without a strong factor, and for no one else', async () => {
      const sam = await invited('sales', 'Sam');
      const sue = await invited('sales', 'Sue');
      await enrolApp(await signedIn(sue));
      const gone = await invited('sales', 'Gone');
      await t.http
        .patch(`/api/admin/admins/${gone.id}`)
        .set(await owner())
        .send({ disabled: true })
        .expect(200);
      const ed = await invited('editor', 'Ed');
      await setPolicy({ roles: ['sales'], graceDays: 7 });
      expect({
        sam: await requiredSince(sam.id),
        sue: await requiredSince(sue.id),
        gone: await requiredSince(gone.id),
        ed: await requiredSince(ed.id),
      }).toEqual({ sam: new Date(Date.now()), sue: null, gone: null, ed: null });
      // Saved again later, the policy keeps the start it found.
      travel(DAY_MS);
      await setPolicy({ roles: ['sales', 'editor'], graceDays: 7 });
      expect(await requiredSince(sam.id)).toEqual(new Date(Date.now() - DAY_MS));
      expect(await requiredSince(ed.id)).toEqual(new Date(Date.now()));
    });

    it('lets the mailed code in until its end; then the password step refuses it, mails no code and audits why', async () => {
      await setPolicy({ roles: ['sales'], graceDays: 7 });
      const sam = await invited('sales', 'Sam');
      await signedIn(sam);
      travel(7 * DAY_MS - MINUTE_MS);
      expect((await signInWithMailedCode(sam)).body.mustEnrol).toBe(true);
      travel(MINUTE_MS);
      const before = t.outbox().length;
      expect((await t.http.post('/admin/login').send(credentialsOf(sam)).expect(403)).body).toEqual(refusedMailedCode);
      expect(t.outbox()).toHaveLength(before);
      // Only past the password: a wrong one is answered as any other.
      expect((await t.http.post('/admin/login').send({ email: sam.email, password: 'not-the-password-1' }).expect(401)).body.message).toBe(
        MESSAGES.invalidCredentials,
      );
      const { entries } = (
        await t.http
          .get('/api/admin/audit')
          .query({ action: 'auth.sign_in_failed' })
          .set(await owner())
          .expect(200)
      ).body as {
        entries: AuditEntry[];
      };
      expect(entries.find((entry) => entry.adminEmail === sam.email && entry.details.reason === 'sign-in-policy')).toMatchObject({
        details: { step: 'password', reason: 'sign-in-policy' },
      });
    });

    it('refuses the code, and a new one, when the grace period ended between the password and the code', async () => {
      await setPolicy({ roles: ['sales'], graceDays: 7 });
      const sam = await invited('sales', 'Sam');
      await signedIn(sam);
      travel(7 * DAY_MS - MINUTE_MS);
      const before = new Set(t.outbox());
      const login = await t.http.post('/admin/login').send(credentialsOf(sam)).expect(200);
      const otp = await mailedCodeSince(before);
      travel(2 * MINUTE_MS);
      const attempt = { adminId: login.body.adminId, challenge: login.body.challenge };
      expect((await t.http.post('/admin/resend-otp').send(attempt).expect(403)).body).toEqual(refusedMailedCode);
      expect(
        (
          await t.http
            .post('/admin/verify-2fa')
            .send({ ...attempt, otp })
            .expect(403)
        ).body,
      ).toEqual(refusedMailedCode);
    });

    it('gives more time when an owner lengthens it, and starts again for the whole role when it is taken off the policy and put back', async () => {
      await setPolicy({ roles: ['sales'], graceDays: 7 });
      const sam = await invited('sales', 'Sam');
      await signedIn(sam);
      travel(10 * DAY_MS);
      await t.http.post('/admin/login').send(credentialsOf(sam)).expect(403);
      await setPolicy({ roles: ['sales'], graceDays: 30 });
      expect((await signInWithMailedCode(sam)).body.mustEnrol).toBe(true);
      travel(25 * DAY_MS);
      await t.http.post('/admin/login').send(credentialsOf(sam)).expect(403);
      await setPolicy({ roles: [], graceDays: 30 });
      expect(await requiredSince(sam.id)).toBeNull();
      await setPolicy({ roles: ['sales'], graceDays: 30 });
      const as = await signedIn(sam);
      expect((await standingOf(as)).mailedCodeUntil).toBe(inDays(30));
    });

    it('starts a new admin’s at their first sign-in, however old the policy, and one given a covered role at the change', async () => {
      await setPolicy({ roles: ['sales'], graceDays: 7 });
      travel(30 * DAY_MS);
      const sam = await invited('sales', 'Sam');
      expect(await requiredSince(sam.id)).toBeNull();
      const as = await signedIn(sam);
      expect(await standingOf(as)).toEqual({ factors: NO_FACTORS, required: true, mustEnrol: true, mailedCodeUntil: inDays(7) });

      const ed = await invited('editor', 'Ed');
      const changed = await t.http
        .patch(`/api/admin/admins/${ed.id}`)
        .set(await owner())
        .send({ role: 'sales' })
        .expect(200);
      expect((changed.body.data as AdminSummary).signIn).toEqual({ factors: NO_FACTORS, required: true, mustEnrol: true, mailedCodeUntil: inDays(7) });
      expect(await requiredSince(ed.id)).toEqual(new Date(Date.now()));
    });

    it('ends with a strong factor; turning the last one off starts a new one, and the mailed code signs in again meanwhile', async () => {
      await setPolicy({ roles: ['sales'], graceDays: 7 });
      const sam = await invited('sales', 'Sam');
      const secret = await enrolApp(await signedIn(sam));
      travel(30 * DAY_MS);
      const login = await t.http.post('/admin/login').send(credentialsOf(sam)).expect(200);
      const verified = await t.http
        .post('/admin/verify-2fa')
        .send({ adminId: login.body.adminId, challenge: login.body.challenge, otp: codeOf(secret) })
        .expect(200);
      const as = bearer(verified.body.token as string);
      travel(TOTP_PERIOD_MS);
      await t.http
        .delete('/api/admin/me/totp')
        .set(as)
        .send({ password: PASSWORD, code: codeOf(secret) })
        .expect(200);
      expect(await standingOf(as)).toEqual({ factors: NO_FACTORS, required: true, mustEnrol: true, mailedCodeUntil: inDays(7) });
      await t.http.get('/api/leads').set(as).expect(403);
      expect((await signInWithMailedCode(sam)).body.mustEnrol).toBe(true);
    });
  });

  describe('owners are never all locked out', () => {
    it('lets an owner without a strong factor in past the grace period (to set one up) while no active owner has one, and no longer once one has', async () => {
      const olga = await invited('owner', 'Olga');
      await setPolicy({ roles: ['owner'], graceDays: 1 });
      travel(2 * DAY_MS);
      // Neither owner has one: both get in, and are sent to set one up.
      expect((await signInWithMailedCode(TEST_ADMIN)).body.mustEnrol).toBe(true);
      const olgaSession = bearer((await signInWithMailedCode(olga)).body.token as string);
      await t.http.get('/api/admin/settings/sign-in').set(olgaSession).expect(403);
      await enrolApp(olgaSession);
      await t.http.get('/api/admin/settings/sign-in').set(olgaSession).expect(200);
      // Olga can sign in: the owner without one is now refused, as anyone past the grace period.
      expect((await t.http.post('/admin/login').send(credentialsOf(TEST_ADMIN)).expect(403)).body).toEqual(refusedMailedCode);
      // A disabled owner's factor counts for nothing: with Olga disabled, the owner gets in again.
      await db.update(admins).set({ disabledAt: new Date() }).where(eq(admins.id, olga.id));
      expect((await signInWithMailedCode(TEST_ADMIN)).body.mustEnrol).toBe(true);
    });
  });

  describe('an owner’s help with another admin’s sign-in (decision 094)', () => {
    const ownerId = async () => required((await db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email)))[0], 'the owner').id;

    it('resets the sign-in of one who lost their device: app and passkeys off, each mailed, signed out; a mailed code signs them in again', async () => {
      const pia = await invited('editor', 'Pia');
      const piaSession = await signedIn(pia);
      await enrolApp(piaSession);
      const device = await addPasskey(piaSession, 'Phone');
      const me = await owner();
      const reset = `/api/admin/admins/${pia.id}/sign-in-reset`;
      // The owner's own password, asked again and counted as at the login.
      const wrong = await t.http.post(reset).set(me).send({ password: 'not-the-password-1' }).expect(400);
      expect(wrong.body.errors).toEqual({ password: AUTHENTICATOR_MESSAGES.passwordWrong });
      const ownSignIn = await t.http
        .post(`/api/admin/admins/${await ownerId()}/sign-in-reset`)
        .set(me)
        .send({ password: TEST_ADMIN.password })
        .expect(409);
      expect(ownSignIn.body.message).toBe(ADMIN_SIGN_IN_MESSAGES.notYourself);
      await t.http.post(reset).set(piaSession).send({ password: PASSWORD }).expect(403);

      const before = new Set(t.outbox());
      const done = await t.http.post(reset).set(me).send({ password: TEST_ADMIN.password }).expect(200);
      expect(done.body).toEqual({ success: true, message: ADMIN_SIGN_IN_MESSAGES.reset('Pia') });
      await t.http.get('/api/admin/account').set(piaSession).expect(401);
      const subjects = newOutbox(before).map((file) => readMessageFile(file).subject);
      expect(subjects).toEqual(
        expect.arrayContaining([
          'The authenticator app of your Brightwave admin account was turned off',
          'A passkey was removed from your Brightwave admin account',
        ]),
      );
      const options = (await t.http.post('/api/admin/passkey/options').expect(200)).body.options as CeremonyOptions;
      await t.http
        .post('/api/admin/passkey/verify')
        .send({ response: device.signIn(options, THIS_SITE) })
        .expect(401);
      const again = await signedIn(pia);
      expect((await standingOf(again)).factors).toEqual(NO_FACTORS);
      expect((await t.http.post(reset).set(me).send({ password: TEST_ADMIN.password }).expect(409)).body.message).toBe(ADMIN_SIGN_IN_MESSAGES.nothingToReset);
      const { entries } = (await t.http.get('/api/admin/audit').query({ action: 'admin.sign_in_reset' }).set(me).expect(200)).body as { entries: AuditEntry[] };
      expect(entries[0]).toMatchObject({ targetId: pia.id, adminEmail: TEST_ADMIN.email, details: { authenticator: true, passkeys: ['Phone'] } });
    });

    it('gives one whose grace period is over a new one: a mailed code signs them in again, to set a strong factor up', async () => {
      await setPolicy({ roles: ['sales'], graceDays: 7 });
      const sam = await invited('sales', 'Sam');
      await signedIn(sam);
      travel(8 * DAY_MS);
      expect((await t.http.post('/admin/login').send(credentialsOf(sam)).expect(403)).body).toEqual(refusedMailedCode);
      const me = await owner();
      const restarted = await t.http.post(`/api/admin/admins/${sam.id}/sign-in-grace`).set(me).expect(200);
      expect(restarted.body).toEqual({ success: true, message: ADMIN_SIGN_IN_MESSAGES.graceRestarted('Sam'), mailedCodeUntil: inDays(7) });
      expect((await signInWithMailedCode(sam)).body.mustEnrol).toBe(true);

      const ed = await invited('editor', 'Ed');
      expect((await t.http.post(`/api/admin/admins/${ed.id}/sign-in-grace`).set(me).expect(409)).body.message).toBe(ADMIN_SIGN_IN_MESSAGES.notAsked);
      await t.http.post('/api/admin/admins/not-an-id/sign-in-grace').set(me).expect(404);
      const { entries } = (await t.http.get('/api/admin/audit').query({ action: 'admin.sign_in_grace_restarted' }).set(me).expect(200)).body as {
        entries: AuditEntry[];
      };
      expect(entries[0]).toMatchObject({ targetId: sam.id, details: { until: inDays(7) } });
    });
  });

  describe('the Admins screen', () => {
    it('shows each admin’s strong factors and what the policy asks of them', async () => {
      const pia = await invited('editor', 'Pia');
      const piaSession = await signedIn(pia);
      await enrolApp(piaSession);
      await addPasskey(piaSession, 'Laptop');
      await addPasskey(piaSession, 'Phone');
      const ned = await invited('editor', 'Ned');
      await setPolicy({ roles: ['editor'], graceDays: 5 });
      const { admins: listed } = (
        await t.http
          .get('/api/admin/admins')
          .set(await owner())
          .expect(200)
      ).body as { admins: AdminSummary[] };
      const signInOf = (email: string) =>
        required(
          listed.find((admin) => admin.email === email),
          email,
        ).signIn;
      expect(signInOf(pia.email)).toEqual({ factors: { authenticator: true, passkeys: 2 }, required: true, mustEnrol: false, mailedCodeUntil: null });
      expect(signInOf(ned.email)).toEqual({ factors: NO_FACTORS, required: true, mustEnrol: true, mailedCodeUntil: inDays(5) });
      expect(signInOf(TEST_ADMIN.email)).toEqual(ASKED_NOTHING);
    });
  });
});
