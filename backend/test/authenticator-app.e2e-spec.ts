// PostgreSQL pass, engine blocks: the same code or recovery code sent twice at once passes once, under concurrent updates.
import {
  AUTHENTICATOR_MESSAGES,
  CODE_FAILURES_PER_ADDRESS,
  MESSAGES,
  OTP_MAX_ATTEMPTS,
  RECOVERY_CODE_COUNT,
  required,
  SIGN_IN_FAILURES_PER_ADDRESS,
  type AuditAction,
  type AuditEntry,
} from '@brightwave/common';
import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { AuthenticatorService } from '../src/authenticator/authenticator.service';
import { DATABASE, type Database } from '../src/database/database';
import { adminAuthenticators, adminRecoveryCodes, admins, signInAttempts } from '../src/database/schema';
import { readMessageFile } from './mail-message';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { fakeOnlyDate } from './support/fake-date';
import { createTestApp, describeEngineDependent, TEST_ADMIN, type RestartableTestApp } from './support/test-app';

const PERIOD = 30;
const ADA = { email: 'ada@two-step.test', password: 'quiet-harbour-tulip-42' };
const BEN = { email: 'ben@two-step.test', password: 'amber-falcon-meadow-17' };

// Time only moves forward, as each accepted code is remembered by its time step.
function controlTheClock(): void {
  // In the middle of a time step, so that "one step before or after" is never a matter of milliseconds.
  fakeOnlyDate(Math.ceil(Date.now() / (PERIOD * 1000)) * PERIOD * 1000 + 10_000);
}
/** Moves the clock on by whole steps, so codes of earlier tests are far behind. */
const travelSteps = (steps: number) => jest.setSystemTime(Date.now() + steps * PERIOD * 1000);

/** The code the authenticator app shows `steps` time steps from now, computed by the TOTP library with its epoch. */
const codeAt = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * PERIOD });

describe('Authenticator app and recovery codes', () => {
  let t: RestartableTestApp;
  let db: Database;
  let owner: { Authorization: string };
  let ada: { Authorization: string };
  let ben: { Authorization: string };

  beforeAll(async () => {
    // The sign-in limits have their own suites; here each rule is exercised a few times.
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_15_MIN: '10000' });
    db = t.app.get<symbol, Database>(DATABASE);
    const ownerToken = await loginAsAdmin(t);
    owner = { Authorization: `Bearer ${ownerToken}` };
    ada = { Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'sales', ADA)}` };
    ben = { Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'editor', BEN)}` };
    controlTheClock();
  });
  afterAll(async () => {
    jest.useRealTimers();
    await t?.close();
  });
  // Each rule alone: wrong codes of one test must not add up to the per-admin lock-out of the next.
  beforeEach(() => db.delete(signInAttempts));

  const adminId = async (email: string) => required((await db.select().from(admins).where(eq(admins.email, email)))[0], email).id;
  const mailsSince = (before: number) => t.outbox().slice(before).map(readMessageFile);
  async function auditOf(action: AuditAction): Promise<AuditEntry[]> {
    return (await t.http.get('/api/admin/audit').query({ action }).set(owner).expect(200)).body.entries as AuditEntry[];
  }

  /** Sets the app up (with the admin's password) and confirms it with its current code: the secret and the recovery codes. */
  async function enrol(as: { Authorization: string }, { password }: { password: string }): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { secret } = (await t.http.post('/api/admin/me/totp').set(as).send({ password }).expect(201)).body as { secret: string };
    const confirmed = await t.http
      .post('/api/admin/me/totp/confirm')
      .set(as)
      .send({ code: codeAt(secret) })
      .expect(200);
    // The confirming code's step is used: sign-ins take the next step's code on.
    travelSteps(1);
    return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
  }

  /** The password step of an enrolled admin: no code is mailed. */
  async function login(credentials = ADA): Promise<{ adminId: string; challenge: string }> {
    const before = t.outbox().length;
    const answer = await t.http.post('/admin/login').send(credentials).expect(200);
    expect(t.outbox()).toHaveLength(before);
    return { adminId: answer.body.adminId as string, challenge: answer.body.challenge as string };
  }
  const verify = (attempt: { adminId: string; challenge?: string }, answer: { otp?: string; recoveryCode?: string }) =>
    t.http.post('/admin/verify-2fa').send({ ...attempt, ...answer });

  /** Ada's app set up again after an earlier test turned it on (it is turned off first when on). */
  async function enrolledAgain() {
    if ((await t.http.get('/api/admin/me/totp').set(ada).expect(200)).body.authenticator.enabled) {
      await t.app.get(AuthenticatorService).removeByEmail(ADA.email);
    }
    return enrol(ada, ADA);
  }

  /** The admin's wrong passwords counted against the sign-in's lockout (any step that asks for it). */
  async function passwordFailures(email: string): Promise<number> {
    const rows = await db
      .select()
      .from(signInAttempts)
      .where(and(eq(signInAttempts.email, email), eq(signInAttempts.step, 'password'), eq(signInAttempts.succeeded, false)));
    return rows.length;
  }

  describe('setting it up: GET, POST and POST confirm /api/admin/me/totp', () => {
    it('is off for an admin who never set it up; a setup answers a secret, its otpauth address (issuer, e-mail) and its QR code', async () => {
      expect((await t.http.get('/api/admin/me/totp').set(ben).expect(200)).body).toEqual({
        success: true,
        authenticator: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
      });
      const setup = (await t.http.post('/api/admin/me/totp').set(ben).send({ password: BEN.password }).expect(201)).body;
      expect(setup).toEqual({ success: true, secret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauthUrl: expect.any(String), qrSvg: expect.any(String) });
      const address = new URL(setup.otpauthUrl);
      expect(`${address.protocol}//${address.host}`).toBe('otpauth://totp');
      expect(decodeURIComponent(address.pathname)).toBe(`/Brightwave Technologies:${BEN.email}`);
      expect(address.searchParams.get('secret')).toBe(setup.secret);
      expect(address.searchParams.get('issuer')).toBe('Brightwave Technologies');
      expect(setup.qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);
      // Stored sealed: the database holds neither the secret nor anything that opens it.
      const [row] = await db
        .select()
        .from(adminAuthenticators)
        .where(eq(adminAuthenticators.adminId, await adminId(BEN.email)));
      expect(row).toMatchObject({ confirmedAt: null, secret: expect.stringMatching(/^enc:v1:/) });
      expect(row?.secret).not.toContain(setup.secret);
      // A second setup replaces the pending secret: the first one's codes no longer confirm.
      const again = (await t.http.post('/api/admin/me/totp').set(ben).send({ password: BEN.password }).expect(201)).body;
      expect(again.secret).not.toBe(setup.secret);
      const stale = await t.http
        .post('/api/admin/me/totp/confirm')
        .set(ben)
        .send({ code: codeAt(setup.secret) })
        .expect(400);
      expect(stale.body).toEqual({ success: false, message: AUTHENTICATOR_MESSAGES.codeWrong, errors: { code: AUTHENTICATOR_MESSAGES.codeWrong } });
    });

    it('refuses a confirmation with nothing set up (409) and codes that are not 6 digits (400, per field)', async () => {
      await db.delete(adminAuthenticators).where(eq(adminAuthenticators.adminId, await adminId(BEN.email)));
      const nothing = await t.http.post('/api/admin/me/totp/confirm').set(ben).send({ code: '123456' }).expect(409);
      expect(nothing.body.message).toBe(AUTHENTICATOR_MESSAGES.nothingPending);
      const missing = await t.http.post('/api/admin/me/totp/confirm').set(ben).send({}).expect(400);
      expect(missing.body.errors).toEqual({ code: AUTHENTICATOR_MESSAGES.codeMissing });
      const short = await t.http.post('/api/admin/me/totp/confirm').set(ben).send({ code: '12345' }).expect(400);
      expect(short.body.errors).toEqual({ code: AUTHENTICATOR_MESSAGES.codeFormat });
    });

    it('turns it on with a current code: ten recovery codes shown once, stored hashed; audited and mailed; a second setup is refused', async () => {
      const before = t.outbox().length;
      const { recoveryCodes } = await enrol(ada, ADA);
      expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
      for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
      const stored = await db
        .select()
        .from(adminRecoveryCodes)
        .where(eq(adminRecoveryCodes.adminId, await adminId(ADA.email)));
      expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
      for (const row of stored) {
        expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
        expect(recoveryCodes.some((code) => row.codeHash.includes(code.replace('-', '')))).toBe(false);
      }

      const status = (await t.http.get('/api/admin/me/totp').set(ada).expect(200)).body.authenticator;
      expect(status).toEqual({ enabled: true, enabledAt: new Date(Date.now() - PERIOD * 1000).toISOString(), recoveryCodesLeft: RECOVERY_CODE_COUNT });
      const [added] = await auditOf('account.authenticator_added');
      expect(added).toMatchObject({ adminEmail: ADA.email, targetKind: 'admin', details: { recoveryCodes: RECOVERY_CODE_COUNT } });
      const [mail] = mailsSince(before);
      expect(mail?.headers.to).toContain(ADA.email);
      expect(mail?.subject).toBe('An authenticator app was turned on for your Brightwave admin account');

      const again = await t.http.post('/api/admin/me/totp').set(ada).send({ password: ADA.password }).expect(409);
      expect(again.body.message).toBe(AUTHENTICATOR_MESSAGES.alreadyEnabled);
      expect((await t.http.post('/api/admin/me/totp/confirm').set(ada).send({ code: '123456' }).expect(409)).body.message).toBe(
        AUTHENTICATOR_MESSAGES.alreadyEnabled,
      );
    });

    it('needs a session (401)', async () => {
      await t.http.get('/api/admin/me/totp').expect(401);
      await t.http.post('/api/admin/me/totp').send({ password: ADA.password }).expect(401);
      await t.http.post('/api/admin/me/totp/confirm').send({ code: '123456' }).expect(401);
      await t.http.delete('/api/admin/me/totp').send({ password: ADA.password, code: '123456' }).expect(401);
      await t.http.post('/api/admin/me/totp/recovery-codes').send({ password: ADA.password, code: '123456' }).expect(401);
    });
  });

  describe('signing in with it', () => {
    let secret: string;
    let recoveryCodes: string[];

    beforeAll(async () => {
      ({ secret, recoveryCodes } = await enrol(ben, BEN));
    });

    it('asks for the app’s code, mails no code and offers no resend; the app’s code signs in (audited with the factor)', async () => {
      const answer = await t.http.post('/admin/login').send(BEN).expect(200);
      expect(answer.body).toEqual({
        success: true,
        adminId: expect.any(String),
        challenge: expect.any(String),
        factors: ['authenticator', 'recovery-code'],
        message: AUTHENTICATOR_MESSAGES.codeAsked,
      });
      const attempt = { adminId: answer.body.adminId as string, challenge: answer.body.challenge as string };
      const resend = await t.http.post('/admin/resend-otp').send(attempt).expect(409);
      expect(resend.body.message).toBe(AUTHENTICATOR_MESSAGES.mailedCodeNotOffered);

      const signedIn = await verify(attempt, { otp: codeAt(secret) }).expect(200);
      expect(signedIn.body).toEqual({ success: true, token: expect.any(String), admin: expect.objectContaining({ email: BEN.email }) });
      await t.http.get('/api/admin/account').set('Authorization', `Bearer ${signedIn.body.token}`).expect(200);
      const [signIn] = await auditOf('auth.sign_in');
      expect(signIn).toMatchObject({ adminEmail: BEN.email, details: { with: 'authenticator' } });
    });

    it('accepts each code once: the same step’s code again is refused, on any login', async () => {
      travelSteps(10);
      const code = codeAt(secret);
      await verify(await login(BEN), { otp: code }).expect(200);
      const replay = await verify(await login(BEN), { otp: code }).expect(400);
      expect(replay.body).toEqual({ success: false, message: MESSAGES.verifyInvalidCode });
      // Sent with the admin id alone (SPEC §7), the same.
      const { adminId } = await login(BEN);
      expect((await verify({ adminId }, { otp: code }).expect(400)).body.message).toBe(MESSAGES.verifyInvalidCode);
    });

    it('accepts the code of one step before or after (clock drift), never two; nor one of a step before the last used', async () => {
      travelSteps(10);
      expect((await verify(await login(BEN), { otp: codeAt(secret, 2) }).expect(400)).body.message).toBe(MESSAGES.verifyInvalidCode);
      expect((await verify(await login(BEN), { otp: codeAt(secret, -2) }).expect(400)).body.message).toBe(MESSAGES.verifyInvalidCode);
      await verify(await login(BEN), { otp: codeAt(secret, -1) }).expect(200);
      await verify(await login(BEN), { otp: codeAt(secret, 1) }).expect(200);
      // The current step's code is older than the one just used.
      expect((await verify(await login(BEN), { otp: codeAt(secret) }).expect(400)).body.message).toBe(MESSAGES.verifyInvalidCode);
    });

    it('counts wrong app codes against the login’s tries like mailed ones: after 5 even the right code is refused', async () => {
      travelSteps(10);
      const attempt = await login(BEN);
      const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
      for (let tries = 1; tries < OTP_MAX_ATTEMPTS; tries++)
        expect((await verify(attempt, { otp: wrong }).expect(400)).body.message).toBe(MESSAGES.verifyInvalidCode);
      expect((await verify(attempt, { otp: wrong }).expect(400)).body.message).toBe(MESSAGES.tooManyAttempts);
      expect((await verify(attempt, { otp: codeAt(secret) }).expect(400)).body.message).toBe(MESSAGES.tooManyAttempts);
      expect(await auditOf('auth.code_failed')).toEqual(
        expect.arrayContaining([expect.objectContaining({ adminEmail: BEN.email, details: { via: 'challenge' } })]),
      );
    });

    it('takes a recovery code instead, in any letter case and without its hyphen, once; audited and mailed with the codes left', async () => {
      const code = required(recoveryCodes[0], 'a recovery code');
      const before = t.outbox().length;
      const signedIn = await verify(await login(BEN), { recoveryCode: ` ${code.replace('-', '').toUpperCase()} ` }).expect(200);
      expect(signedIn.body.token).toEqual(expect.any(String));
      const [used] = await auditOf('auth.recovery_code_used');
      expect(used).toMatchObject({ adminEmail: BEN.email, targetKind: 'admin', details: { codesLeft: RECOVERY_CODE_COUNT - 1 } });
      expect((await auditOf('auth.sign_in'))[0]).toMatchObject({ adminEmail: BEN.email, details: { with: 'recovery-code' } });
      const mails = mailsSince(before);
      expect(mails.map((mail) => mail.subject)).toEqual(['A recovery code was used to sign in to your Brightwave admin account']);
      expect(mails[0]?.text).toContain(`You have ${RECOVERY_CODE_COUNT - 1} recovery codes left.`);

      expect((await verify(await login(BEN), { recoveryCode: code }).expect(400)).body.message).toBe(MESSAGES.verifyInvalidCode);
      expect((await t.http.get('/api/admin/me/totp').set(ben).expect(200)).body.authenticator.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    });

    it('refuses both a code and a recovery code, and a recovery code of the wrong shape, before any try is taken', async () => {
      const attempt = await login(BEN);
      const both = await verify(attempt, { otp: codeAt(secret), recoveryCode: required(recoveryCodes[1], 'a code') }).expect(400);
      expect(both.body).toEqual({
        success: false,
        message: AUTHENTICATOR_MESSAGES.codeOrRecoveryCode,
        errors: { recoveryCode: AUTHENTICATOR_MESSAGES.codeOrRecoveryCode },
      });
      const shape = await verify(attempt, { recoveryCode: 'abc' }).expect(400);
      expect(shape.body.errors).toEqual({ recoveryCode: AUTHENTICATOR_MESSAGES.recoveryCodeFormat });
    });

    it('leaves the spec’s sign-in as it was for an admin without the app: a mailed code, and a recovery code is just a wrong code', async () => {
      const answer = await t.http.post('/admin/login').send({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }).expect(200);
      expect(answer.body).toMatchObject({ factors: ['email-code'], message: MESSAGES.codeSent });
      const wrong = await verify({ adminId: answer.body.adminId, challenge: answer.body.challenge }, { recoveryCode: 'k7m2p-x9qrt' }).expect(400);
      expect(wrong.body).toEqual({ success: false, message: MESSAGES.verifyInvalidCode });
    });
  });

  describe('turning it off: DELETE /api/admin/me/totp', () => {
    it('needs the password and a current code or an unused recovery code (400 per field); then it is off, audited and mailed', async () => {
      travelSteps(10);
      const { secret, recoveryCodes } = await enrolledAgain();
      const wrongPassword = await t.http
        .delete('/api/admin/me/totp')
        .set(ada)
        .send({ password: 'not-the-password-1', code: codeAt(secret) })
        .expect(400);
      expect(wrongPassword.body.errors).toEqual({ password: AUTHENTICATOR_MESSAGES.passwordWrong });
      const wrongCode = await t.http.delete('/api/admin/me/totp').set(ada).send({ password: ADA.password, code: 'zzzzz-zzzzz' }).expect(400);
      expect(wrongCode.body.errors).toEqual({ code: AUTHENTICATOR_MESSAGES.appOrRecoveryCodeWrong });
      const badShape = await t.http.delete('/api/admin/me/totp').set(ada).send({ password: ADA.password, code: '12' }).expect(400);
      expect(badShape.body.errors).toEqual({ code: AUTHENTICATOR_MESSAGES.appOrRecoveryCodeFormat });
      expect((await t.http.get('/api/admin/me/totp').set(ada).expect(200)).body.authenticator.enabled).toBe(true);

      const before = t.outbox().length;
      const removed = await t.http
        .delete('/api/admin/me/totp')
        .set(ada)
        .send({ password: ADA.password, code: required(recoveryCodes[3], 'a recovery code') })
        .expect(200);
      expect(removed.body).toEqual({ success: true, message: AUTHENTICATOR_MESSAGES.removed });
      expect((await t.http.get('/api/admin/me/totp').set(ada).expect(200)).body.authenticator).toEqual({
        enabled: false,
        enabledAt: null,
        recoveryCodesLeft: 0,
      });
      expect(
        await db
          .select()
          .from(adminRecoveryCodes)
          .where(eq(adminRecoveryCodes.adminId, await adminId(ADA.email))),
      ).toEqual([]);
      expect((await auditOf('account.authenticator_removed'))[0]).toMatchObject({ adminEmail: ADA.email, details: { with: 'recovery-code' } });
      expect(mailsSince(before).map((mail) => mail.subject)).toEqual(['The authenticator app of your Brightwave admin account was turned off']);

      // The spec's sign-in again: a mailed code.
      expect((await t.http.post('/admin/login').send(ADA).expect(200)).body.factors).toEqual(['email-code']);
      expect(
        (
          await t.http
            .delete('/api/admin/me/totp')
            .set(ada)
            .send({ password: ADA.password, code: codeAt(secret) })
            .expect(409)
        ).body.message,
      ).toBe(AUTHENTICATOR_MESSAGES.notEnabled);
    });
  });

  /** The admin's recovery codes as stored, in a stable order: what a refused change must leave as it was. */
  async function storedCodes(email: string) {
    return db
      .select({ codeHash: adminRecoveryCodes.codeHash, usedAt: adminRecoveryCodes.usedAt })
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminId, await adminId(email)))
      .orderBy(adminRecoveryCodes.codeHash);
  }
  const replaceCodes = (as: { Authorization: string }, body: object) => t.http.post('/api/admin/me/totp/recovery-codes').set(as).send(body);

  describe('new recovery codes: POST /api/admin/me/totp/recovery-codes', () => {
    it('puts ten new codes in place of every code, used or not, for the password and a code: the old ones stop working at once; audited and mailed', async () => {
      travelSteps(10);
      const { secret, recoveryCodes: old } = await enrolledAgain();
      await verify(await login(), { recoveryCode: required(old[0], 'a recovery code') }).expect(200);
      const before = t.outbox().length;

      const replaced = await replaceCodes(ada, { password: ADA.password, code: codeAt(secret) }).expect(200);
      expect(replaced.body).toEqual({ success: true, message: AUTHENTICATOR_MESSAGES.recoveryCodesReplaced, recoveryCodes: expect.any(Array) });
      const fresh = replaced.body.recoveryCodes as string[];
      expect(new Set(fresh).size).toBe(RECOVERY_CODE_COUNT);
      expect(fresh.filter((code) => old.includes(code))).toEqual([]);
      expect(await storedCodes(ADA.email)).toHaveLength(RECOVERY_CODE_COUNT);
      expect((await t.http.get('/api/admin/me/totp').set(ada).expect(200)).body.authenticator.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);
      expect((await auditOf('account.recovery_codes_replaced'))[0]).toMatchObject({
        adminEmail: ADA.email,
        targetKind: 'admin',
        details: { recoveryCodes: RECOVERY_CODE_COUNT, with: 'authenticator' },
      });
      const mails = mailsSince(before);
      expect(mails.map((mail) => mail.subject)).toEqual(['New recovery codes were made for your Brightwave admin account']);
      expect(mails[0]?.headers.to).toContain(ADA.email);

      // An old code never used no longer signs in; a new one does.
      expect((await verify(await login(), { recoveryCode: required(old[1], 'an old code') }).expect(400)).body.message).toBe(MESSAGES.verifyInvalidCode);
      await verify(await login(), { recoveryCode: required(fresh[0], 'a new code') }).expect(200);
    });

    it('takes a recovery code instead of the app’s; refuses a wrong or missing code (400 at `code`), codes left as they were, and an admin without the app (409)', async () => {
      travelSteps(10);
      const { recoveryCodes } = await enrolledAgain();
      const stored = await storedCodes(ADA.email);
      const wrongCode = await replaceCodes(ada, { password: ADA.password, code: 'zzzzz-zzzzz' }).expect(400);
      expect(wrongCode.body).toEqual({
        success: false,
        message: AUTHENTICATOR_MESSAGES.appOrRecoveryCodeWrong,
        errors: { code: AUTHENTICATOR_MESSAGES.appOrRecoveryCodeWrong },
      });
      expect((await replaceCodes(ada, { password: ADA.password }).expect(400)).body.errors).toEqual({ code: AUTHENTICATOR_MESSAGES.appOrRecoveryCodeMissing });
      expect(await storedCodes(ADA.email)).toEqual(stored);

      await replaceCodes(ada, { password: ADA.password, code: required(recoveryCodes[2], 'a recovery code') }).expect(200);
      expect((await auditOf('account.recovery_codes_replaced'))[0]).toMatchObject({ adminEmail: ADA.email, details: { with: 'recovery-code' } });

      await t.app.get(AuthenticatorService).removeByEmail(ADA.email);
      expect((await replaceCodes(ada, { password: ADA.password, code: '123456' }).expect(409)).body.message).toBe(AUTHENTICATOR_MESSAGES.notEnabled);
    });
  });

  describe('the password asked again before a change (decision 088)', () => {
    it('sets an app up only for the password: missing or wrong, 400 at `password` and nothing set up or replaced; counted and audited as a failed sign-in', async () => {
      await t.app.get(AuthenticatorService).removeByEmail(BEN.email);
      const pending = async () =>
        db
          .select()
          .from(adminAuthenticators)
          .where(eq(adminAuthenticators.adminId, await adminId(BEN.email)));
      const missing = await t.http.post('/api/admin/me/totp').set(ben).send({}).expect(400);
      expect(missing.body.errors).toEqual({ password: AUTHENTICATOR_MESSAGES.passwordMissing });
      const wrong = await t.http.post('/api/admin/me/totp').set(ben).send({ password: 'not-the-password-1' }).expect(400);
      expect(wrong.body).toEqual({ success: false, message: AUTHENTICATOR_MESSAGES.passwordWrong, errors: { password: AUTHENTICATOR_MESSAGES.passwordWrong } });
      expect(await pending()).toEqual([]);

      // A setup under way is not replaced by a refused one.
      await t.http.post('/api/admin/me/totp').set(ben).send({ password: BEN.password }).expect(201);
      const before = await pending();
      await t.http.post('/api/admin/me/totp').set(ben).send({ password: 'not-the-password-2' }).expect(400);
      expect(await pending()).toEqual(before);

      expect(await passwordFailures(BEN.email)).toBe(2);
      expect((await auditOf('auth.sign_in_failed'))[0]).toMatchObject({ adminEmail: BEN.email, details: { step: 'password', for: 'authenticator-setup' } });
    });

    it('turns the app off or replaces its codes only for the password: a wrong one leaves the app, its codes and the code sent with it unused', async () => {
      travelSteps(10);
      const { recoveryCodes } = await enrolledAgain();
      const code = required(recoveryCodes[0], 'a recovery code');
      const stored = await storedCodes(ADA.email);
      const wrongPassword = { password: 'not-the-password-1', code };
      const removal = await t.http.delete('/api/admin/me/totp').set(ada).send(wrongPassword).expect(400);
      expect(removal.body.errors).toEqual({ password: AUTHENTICATOR_MESSAGES.passwordWrong });
      expect((await replaceCodes(ada, wrongPassword).expect(400)).body.errors).toEqual({ password: AUTHENTICATOR_MESSAGES.passwordWrong });
      expect((await replaceCodes(ada, { code }).expect(400)).body.errors).toEqual({ password: AUTHENTICATOR_MESSAGES.passwordMissing });

      expect((await t.http.get('/api/admin/me/totp').set(ada).expect(200)).body.authenticator).toMatchObject({
        enabled: true,
        recoveryCodesLeft: RECOVERY_CODE_COUNT,
      });
      expect(await storedCodes(ADA.email)).toEqual(stored);
      expect(await passwordFailures(ADA.email)).toBe(2);
      // The two newest (written within one millisecond, so in either order).
      const failed = (await auditOf('auth.sign_in_failed')).slice(0, 2).map((entry) => String(entry.details.for));
      expect(failed.sort()).toEqual(['authenticator-removal', 'recovery-codes']);
      // The recovery code sent with the wrong password was not used up.
      await verify(await login(), { recoveryCode: code }).expect(200);
    });

    it('shares the sign-in’s lockout: after 10 wrong passwords from an address the right one is refused there (429), at the login too', async () => {
      await t.app.get(AuthenticatorService).removeByEmail(BEN.email);
      for (let tries = 0; tries < SIGN_IN_FAILURES_PER_ADDRESS; tries++) {
        await t.http
          .post('/api/admin/me/totp')
          .set(ben)
          .send({ password: `wrong-password-${tries}` })
          .expect(400);
      }
      const locked = await t.http.post('/api/admin/me/totp').set(ben).send({ password: BEN.password }).expect(429);
      expect(locked.body).toEqual({ success: false, message: MESSAGES.signInLocked });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await t.http.post('/admin/login').send(BEN).expect(429)).body.message).toBe(MESSAGES.signInLocked);
      expect(
        await db
          .select()
          .from(adminAuthenticators)
          .where(eq(adminAuthenticators.adminId, await adminId(BEN.email))),
      ).toEqual([]);
    });
  });

  describe('what a stolen session can guess (decision 088)', () => {
    it('changes the password only for the current one: a wrong one is 400 at `currentPassword`, counted and audited as a failed sign-in', async () => {
      const before = await passwordFailures(ADA.email);
      const wrong = await t.http
        .put('/api/admin/account/password')
        .set(ada)
        .send({ currentPassword: 'not-the-password-9', newPassword: 'another-long-password-77' })
        .expect(400);
      expect(wrong.body.errors).toEqual({ currentPassword: MESSAGES.currentPasswordWrong });
      expect(await passwordFailures(ADA.email)).toBe(before + 1);
      const failed = (await auditOf('auth.sign_in_failed')).filter((entry) => entry.adminEmail === ADA.email && entry.details.for === 'password-change');
      expect(failed).toHaveLength(1);
    });

    it('counts the code asked with the password as the login counts codes sent with the admin id alone: past the limit, even a right one is refused (429)', async () => {
      // A window of its own: the wrong codes of earlier tests are out of it, and this test's are once it ends.
      travelSteps(31);
      const { secret } = await enrolledAgain();
      const stored = await storedCodes(ADA.email);
      const codeFailures = async () =>
        (await auditOf('auth.code_failed')).filter((entry) => entry.adminEmail === ADA.email && entry.details.via === 'account').length;
      const failedBefore = await codeFailures();
      for (let tries = 0; tries < CODE_FAILURES_PER_ADDRESS; tries++) {
        await replaceCodes(ada, { password: ADA.password, code: codeAt(secret, 100 + tries * 3) }).expect(400);
      }
      const locked = await replaceCodes(ada, { password: ADA.password, code: codeAt(secret) }).expect(429);
      expect(locked.body).toEqual({ success: false, message: MESSAGES.codeLocked });
      expect(await storedCodes(ADA.email)).toEqual(stored);
      expect((await codeFailures()) - failedBefore).toBe(CODE_FAILURES_PER_ADDRESS);
      travelSteps(31);
      await replaceCodes(ada, { password: ADA.password, code: codeAt(secret) }).expect(200);
    });
  });

  describe('the rules, at the service (real database)', () => {
    it('removes an app from the command line (lost phone and codes) once, audited, mailed; an admin without one is left as is', async () => {
      const service = t.app.get(AuthenticatorService);
      await enrolAs(ADA);
      const before = t.outbox().length;
      expect(await service.removeByEmail(ADA.email.toUpperCase())).toEqual({ email: ADA.email, removed: true });
      expect(await service.removeByEmail(ADA.email)).toEqual({ email: ADA.email, removed: false });
      expect(await service.factorsOf(await adminId(ADA.email))).toEqual(['email-code']);
      expect(mailsSince(before)).toHaveLength(1);
      await expect(service.removeByEmail('nobody@two-step.test')).rejects.toThrow('No admin has the email nobody@two-step.test');
    });

    it('asks for the app only once it is confirmed', async () => {
      const service = t.app.get(AuthenticatorService);
      const id = await adminId(ADA.email);
      await t.http.post('/api/admin/me/totp').set(ada).send({ password: ADA.password }).expect(201);
      expect(await service.factorsOf(id)).toEqual(['email-code']);
      await enrolAs(ADA);
      expect(await service.factorsOf(id)).toEqual(['authenticator', 'recovery-code']);
    });

    it('keeps recovery codes made before DATA_KEY was set working after, and seals the secrets again with the new key at start', async () => {
      travelSteps(10);
      const { secret, recoveryCodes } = await enrolAs(ADA);
      const id = await adminId(ADA.email);
      const sealedBefore = required((await db.select().from(adminAuthenticators).where(eq(adminAuthenticators.adminId, id)))[0], 'the app').secret;
      await t.restart({ DATA_KEY: 'd'.repeat(40) });
      db = t.app.get<symbol, Database>(DATABASE);
      const sealedAfter = required((await db.select().from(adminAuthenticators).where(eq(adminAuthenticators.adminId, id)))[0], 'the app').secret;
      expect(sealedAfter).toMatch(/^enc:v1:/);
      expect(sealedAfter).not.toBe(sealedBefore);
      const service = t.app.get(AuthenticatorService);
      const now = new Date();
      expect(await service.acceptCode({ id, email: ADA.email, name: 'Ada' }, codeAt(secret, 1), now)).toBe(true);
      expect(await service.acceptRecoveryCode({ id, email: ADA.email, name: 'Ada' }, required(recoveryCodes[0], 'a code'), now)).toBe(true);
    });

    describeEngineDependent('the same code sent twice at once', () => {
      it('passes once, for an app code and for a recovery code', async () => {
        travelSteps(10);
        const service = t.app.get(AuthenticatorService);
        const { secret, recoveryCodes } = await enrolAs(BEN);
        const admin = { id: await adminId(BEN.email), email: BEN.email, name: 'Ben' };
        const now = new Date();
        const code = codeAt(secret, 1);
        expect((await Promise.all([1, 2, 3].map(() => service.acceptCode(admin, code, now)))).filter(Boolean)).toHaveLength(1);
        const recovery = required(recoveryCodes[0], 'a code');
        expect((await Promise.all([1, 2, 3].map(() => service.acceptRecoveryCode(admin, recovery, now)))).filter(Boolean)).toHaveLength(1);
      });
    });

    /** Turns the admin's app on through the service, as the routes do: off first if it was on. */
    async function enrolAs({ email, password }: { email: string; password: string }): Promise<{ secret: string; recoveryCodes: string[] }> {
      const service = t.app.get(AuthenticatorService);
      await service.removeByEmail(email);
      const id = await adminId(email);
      const admin = { _id: id, id, email, name: email, role: 'sales' as const, sessionId: id };
      const { secret } = await service.setUp(admin, password, '127.0.0.1');
      const recoveryCodes = await service.confirm(admin, codeAt(secret));
      return { secret, recoveryCodes };
    }
  });
});
