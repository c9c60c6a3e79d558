// PostgreSQL pass, engine blocks: wrong codes sent in parallel are counted under concurrent updates.
import { createHmac } from 'node:crypto';
import { CODE_FAILURES_PER_ADDRESS, MESSAGES, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, required, SESSION_TTL_SECONDS } from '@brightwave/common';
import { JwtService } from '@nestjs/jwt';
import { AdminsRepository } from '../src/accounts/admins.repository';
import { PASSWORD_HASH_OPTIONS } from '../src/config/key-derivation';
import { LoginChallengesRepository } from '../src/auth/login-challenges.repository';
import { DATABASE, type Database } from '../src/database/database';
import { signInAttempts } from '../src/database/schema';
import { codeFrom, readMessageFile } from './mail-message';
import { loginAsAdmin } from './support/admin-session';
import { fakeOnlyDate } from './support/fake-date';
import { createTestApp, describeEngineDependent, TEST_ADMIN, TestApp } from './support/test-app';

const travel = (seconds: number) => jest.setSystemTime(Date.now() + seconds * 1000);

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('Admin authentication', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The sign-in rate limits have their own test below; here every rule is exercised many times.
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_15_MIN: '10000' });
  });
  afterAll(() => t.close());
  afterEach(() => jest.useRealTimers());
  // Each rule is tested alone: wrong codes of earlier tests must not add up to the per-admin lock-out, which has
  // tests of its own (sign-in-lockout.e2e-spec.ts).
  beforeEach(() => t.app.get<symbol, Database>(DATABASE).delete(signInAttempts));

  async function login(email = TEST_ADMIN.email, password = TEST_ADMIN.password) {
    const before = t.outbox().length;
    const response = await t.http.post('/admin/login').send({ email, password }).expect(200);
    const mails = t.outbox();
    expect(mails).toHaveLength(before + 1);
    return {
      adminId: response.body.adminId as string,
      challenge: response.body.challenge as string,
      code: codeFrom(readMessageFile(required(mails.at(-1), 'a mail'))),
    };
  }
  // With `challenge` as the admin app sends it; without, as SPEC §7's client does.
  const verify = (adminId: string, otp: string, challenge?: string) => t.http.post('/admin/verify-2fa').send({ adminId, otp, challenge });
  const resend = (adminId: string) => t.http.post('/admin/resend-otp').send({ adminId });
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const leadsWith = (token: string) => t.http.get('/api/leads').set('Authorization', `Bearer ${token}`);

  describe('sign-in flow', () => {
    it('signs in with password and mailed code; the token opens admin routes until logout revokes it', async () => {
      const loginResponse = await t.http.post('/admin/login').send({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }).expect(200);
      expect(loginResponse.body).toEqual({
        success: true,
        adminId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        challenge: expect.stringMatching(/^[0-9a-f-]{36}$/),
        // The spec's sign-in: an admin without an authenticator app gets the mailed code.
        factors: ['email-code'],
        message: MESSAGES.codeSent,
      });
      const mails = t.outbox();
      const code = codeFrom(readMessageFile(required(mails.at(-1), 'a mail')));

      const verified = await verify(loginResponse.body.adminId, code).expect(200);
      expect(verified.body).toEqual({
        success: true,
        token: expect.any(String),
        admin: {
          _id: loginResponse.body.adminId,
          id: loginResponse.body.adminId,
          name: TEST_ADMIN.name,
          email: TEST_ADMIN.email,
        },
      });
      const token = verified.body.token as string;
      await leadsWith(token).expect(200);

      const logout = await t.http.post('/admin/logout').set('Authorization', `Bearer ${token}`).expect(200);
      expect(logout.body).toEqual({ success: true, message: MESSAGES.loggedOut });
      const after = await leadsWith(token).expect(401);
      expect(after.body).toEqual({ success: false, message: MESSAGES.notAuthorized });
      await t.http.post('/admin/logout').set('Authorization', `Bearer ${token}`).expect(401);
    });

    it('logging out one session leaves the admin’s other sessions signed in', async () => {
      const first = await loginAsAdmin(t);
      const second = await loginAsAdmin(t);
      await t.http.post('/admin/logout').set('Authorization', `Bearer ${first}`).expect(200);
      await leadsWith(first).expect(401);
      await leadsWith(second).expect(200);
    });

    it('accepts the e-mail address in any letter case and with surrounding spaces', async () => {
      const { adminId, code } = await login(`  ${TEST_ADMIN.email.toUpperCase()} `);
      await verify(adminId, code).expect(200);
    });

    it('answers an unknown e-mail and a wrong password with the same 401 and message, and mails nothing', async () => {
      const before = t.outbox().length;
      const unknown = await t.http.post('/admin/login').send({ email: 'nobody@example.test', password: TEST_ADMIN.password }).expect(401);
      const wrong = await t.http.post('/admin/login').send({ email: TEST_ADMIN.email, password: 'wrong-password-123' }).expect(401);
      expect(unknown.body).toEqual({ success: false, message: MESSAGES.invalidCredentials });
      expect(wrong.body).toEqual(unknown.body);
      expect(t.outbox()).toHaveLength(before);
    });

    it('takes about as long for an unknown e-mail as for a wrong password (a password hash is checked either way, at the standard cost)', async () => {
      // The production cost: at the suites' cheap one a hash takes about as long as the rest of the answer.
      const standard = await createTestApp({ KEY_DERIVATION_COST: 'standard' });
      try {
        const timeOf = async (email: string) => {
          const start = process.hrtime.bigint();
          await standard.http.post('/admin/login').send({ email, password: 'wrong-password-123' }).expect(401);
          return Number(process.hrtime.bigint() - start) / 1e6;
        };
        const median = (values: number[]) => required([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)], 'a median');
        await timeOf('warm-up@example.test');
        const unknown: number[] = [];
        const wrong: number[] = [];
        for (let i = 0; i < 7; i += 1) {
          unknown.push(await timeOf(`nobody${i}@example.test`));
          wrong.push(await timeOf(TEST_ADMIN.email));
        }
        // An argon2id check costs tens of milliseconds; without the dummy check an unknown e-mail answers in ~1 ms
        // (a ratio near 0.03). Interleaved medians and wide bounds keep the test steady on a busy machine.
        const ratio = median(unknown) / median(wrong);
        expect(ratio).toBeGreaterThan(0.25);
        expect(ratio).toBeLessThan(4);
      } finally {
        await standard.close();
      }
    });

    it('stores the password as an argon2id hash at the configured cost (the suites run the test cost; password-hasher.spec.ts checks the standard one)', async () => {
      const admin = await t.app.get(AdminsRepository).findByEmail(TEST_ADMIN.email);
      const { memoryCost, timeCost, parallelism } = PASSWORD_HASH_OPTIONS[t.config.keys.derivationCost];
      expect(admin?.passwordHash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},t=${timeCost},p=${parallelism}\\$`));
    });
  });

  describe('the e-mailed code', () => {
    it('is mailed with a text and an HTML part that say when it expires', async () => {
      await login();
      const mails = t.outbox();
      const mail = readMessageFile(required(mails.at(-1), 'a mail'));
      expect(mail.headers.to).toContain(TEST_ADMIN.email);
      expect(mail.subject).toBe('Your Brightwave admin verification code');
      expect(mail.text).toMatch(/Your verification code is \d{6}\n/);
      expect(mail.text).toContain('expires in 5 minutes');
      expect(mail.html).toContain(codeFrom(mail));
      expect(mail.html).toContain('expires in 5 minutes');
      expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    });

    it('is 6 digits and differs from one login to the next', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 4; i += 1) codes.add((await login()).code);
      expect(codes.size).toBeGreaterThan(1);
      for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    });

    it('rejects a wrong code with 400 Invalid verification code', async () => {
      const { adminId, code } = await login();
      const response = await verify(adminId, otherCode(code)).expect(400);
      expect(response.body).toEqual({ success: false, message: MESSAGES.verifyInvalidCode });
    });

    it('works once: the same code cannot be used again', async () => {
      const { adminId, code } = await login();
      await verify(adminId, code).expect(200);
      const again = await verify(adminId, code).expect(400);
      expect(again.body.success).toBe(false);
      expect(again.body.message).toBe(MESSAGES.verificationExpired);
    });

    it('still works just before 300 seconds and has expired after them', async () => {
      fakeOnlyDate();
      const early = await login();
      travel(OTP_TTL_SECONDS - 1);
      await verify(early.adminId, early.code).expect(200);

      const late = await login();
      travel(OTP_TTL_SECONDS + 1);
      const response = await verify(late.adminId, late.code).expect(400);
      expect(response.body).toEqual({ success: false, message: MESSAGES.verificationExpired });
    });

    it('dies after 5 wrong tries sent with its challenge: even the right code then fails', async () => {
      const { adminId, challenge, code } = await login();
      for (let i = 0; i < 4; i += 1) {
        expect((await verify(adminId, otherCode(code), challenge).expect(400)).body.message).toBe(MESSAGES.verifyInvalidCode);
      }
      expect((await verify(adminId, otherCode(code), challenge).expect(400)).body.message).toBe(MESSAGES.tooManyAttempts);
      const right = await verify(adminId, code, challenge).expect(400);
      expect(right.body).toEqual({ success: false, message: MESSAGES.tooManyAttempts });
      expect((await verify(adminId, code).expect(400)).body).toEqual({ success: false, message: MESSAGES.tooManyAttempts });
    });

    describeEngineDependent('codes sent in parallel, with the challenge', () => {
      it('counts parallel wrong tries too: at most 5 codes are ever compared', async () => {
        const { adminId, challenge, code } = await login();
        const wrong = await Promise.all(Array.from({ length: 8 }, () => verify(adminId, otherCode(code), challenge)));
        expect(wrong.every((response) => response.status === 400)).toBe(true);
        // Each attempt is taken before its code is compared; the counter stops at the limit.
        expect((await t.app.get(LoginChallengesRepository).findOpen(adminId))?.failedAttempts).toBe(OTP_MAX_ATTEMPTS);
        await verify(adminId, code, challenge).expect(400);
      });
    });

    describeEngineDependent('codes sent in parallel, with the admin id alone', () => {
      it(`compares at most ${CODE_FAILURES_PER_ADDRESS} codes sent in parallel with the admin id alone from one address, and takes none of the login's tries`, async () => {
        const { adminId, challenge, code } = await login();
        const answers = await Promise.all(Array.from({ length: 8 }, () => verify(adminId, otherCode(code))));
        // Each guess is reserved before it is compared, so parallel ones see each other's reservations: at most 5 are
        // compared. Fewer may be, when a reservation refused a moment later was still counted (a busy machine).
        const compared = answers.filter((response) => response.status === 400).length;
        expect(compared).toBeGreaterThanOrEqual(1);
        expect(compared).toBeLessThanOrEqual(CODE_FAILURES_PER_ADDRESS);
        expect(answers.filter((response) => response.status === 429)).toHaveLength(8 - compared);
        expect((await t.app.get(LoginChallengesRepository).findOpen(adminId))?.failedAttempts).toBe(0);
        await verify(adminId, code, challenge).expect(200);
      });
    });

    it('is bound to the latest login: a new login voids the earlier code', async () => {
      const first = await login();
      const second = await login();
      expect(second.adminId).toBe(first.adminId);
      if (first.code !== second.code) await verify(first.adminId, first.code).expect(400);
      await verify(second.adminId, second.code).expect(200);
    });

    it('answers 400, never 500, for an adminId that is not an id or names no admin', async () => {
      for (const adminId of ['not-a-uuid', "1' OR '1'='1", '00000000-0000-4000-8000-000000000000']) {
        const verified = await verify(adminId, '123456').expect(400);
        expect(verified.body).toEqual({ success: false, message: MESSAGES.verificationExpired });
        const resent = await resend(adminId).expect(400);
        expect(resent.body).toEqual({ success: false, message: MESSAGES.verificationExpired });
      }
    });
  });

  describe('resend', () => {
    it('mails a new code that replaces the previous one', async () => {
      fakeOnlyDate();
      const { adminId, code } = await login();
      travel(31);
      const before = t.outbox().length;
      const response = await resend(adminId).expect(200);
      expect(response.body).toEqual({ success: true, message: MESSAGES.resendSuccess });
      const mails = t.outbox();
      expect(mails).toHaveLength(before + 1);
      const newCode = codeFrom(readMessageFile(required(mails.at(-1), 'a mail')));
      if (newCode !== code) await verify(adminId, code).expect(400);
      await verify(adminId, newCode).expect(200);
    });

    it('gives the new code a fresh 300 seconds', async () => {
      fakeOnlyDate();
      const { adminId } = await login();
      travel(OTP_TTL_SECONDS - 10);
      await resend(adminId).expect(200);
      const mails = t.outbox();
      const newCode = codeFrom(readMessageFile(required(mails.at(-1), 'a mail')));
      travel(OTP_TTL_SECONDS - 10);
      await verify(adminId, newCode).expect(200);
    });

    it('is refused within 30 seconds of the last code with 429 and Retry-After', async () => {
      fakeOnlyDate();
      const { adminId } = await login();
      travel(10);
      const before = t.outbox().length;
      const response = await resend(adminId).expect(429);
      expect(response.body).toEqual({ success: false, message: MESSAGES.resendTooSoon });
      expect(Number(response.headers['retry-after'])).toBe(20);
      expect(t.outbox()).toHaveLength(before);
      travel(20);
      await resend(adminId).expect(200);
      await resend(adminId).expect(429);
    });

    it('allows at most 5 resends in 15 minutes', async () => {
      fakeOnlyDate();
      const { adminId } = await login();
      for (let i = 0; i < 5; i += 1) {
        travel(31);
        await resend(adminId).expect(200);
      }
      travel(31);
      const response = await resend(adminId).expect(429);
      expect(response.body.message).toBe(MESSAGES.resendTooSoon);
      expect(Number(response.headers['retry-after'])).toBe(15 * 60 - 6 * 31);
    });

    it('is refused once the code has expired or used up its tries: the admin logs in again', async () => {
      fakeOnlyDate();
      const expired = await login();
      travel(OTP_TTL_SECONDS + 1);
      expect((await resend(expired.adminId).expect(400)).body.message).toBe(MESSAGES.verificationExpired);

      const { adminId, challenge, code } = await login();
      for (let i = 0; i < 5; i += 1) await verify(adminId, otherCode(code), challenge).expect(400);
      travel(31);
      expect((await resend(adminId).expect(400)).body.message).toBe(MESSAGES.tooManyAttempts);
    });
  });

  describe('tokens', () => {
    const decode = (token: string) => JSON.parse(Buffer.from(required(token.split('.')[1], 'the payload'), 'base64url').toString()) as Record<string, unknown>;
    const hs = (algorithm: 'sha256' | 'sha512', input: string, secret: Buffer) => createHmac(algorithm, secret).update(input).digest('base64url');

    it('is an HS256 JWT carrying the admin id and a session id, valid for 8 hours', async () => {
      const token = await loginAsAdmin(t);
      const header = JSON.parse(Buffer.from(required(token.split('.')[0], 'the header'), 'base64url').toString());
      const claims = decode(token);
      expect(header.alg).toBe('HS256');
      expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
      expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
      expect((claims.exp as number) - (claims.iat as number)).toBe(SESSION_TTL_SECONDS);
    });

    it('refuses a token signed with another secret', async () => {
      const claims = decode(await loginAsAdmin(t));
      const forged = new JwtService({ secret: 'another-secret-of-at-least-32-bytes!!' }).sign({ sub: claims.sub, sid: claims.sid });
      expect((await leadsWith(forged).expect(401)).body).toEqual({ success: false, message: MESSAGES.notAuthorized });
    });

    it('refuses alg none and other algorithms, even with the right claims and secret', async () => {
      const claims = decode(await loginAsAdmin(t));
      const payload = base64url(claims);
      const none = base64url({ alg: 'none', typ: 'JWT' });
      await leadsWith(`${none}.${payload}.`).expect(401);
      await leadsWith(`${none}.${payload}.${hs('sha256', `${none}.${payload}`, t.config.keys.jwtSigning)}`).expect(401);
      const hs512 = base64url({ alg: 'HS512', typ: 'JWT' });
      await leadsWith(`${hs512}.${payload}.${hs('sha512', `${hs512}.${payload}`, t.config.keys.jwtSigning)}`).expect(401);
      // The same claims signed properly do pass: the refusals above are about the algorithm alone.
      const hs256 = base64url({ alg: 'HS256', typ: 'JWT' });
      await leadsWith(`${hs256}.${payload}.${hs('sha256', `${hs256}.${payload}`, t.config.keys.jwtSigning)}`).expect(200);
    });

    it('signs with a key derived from JWT_SECRET: a token signed with the secret itself is refused', async () => {
      const payload = base64url(decode(await loginAsAdmin(t)));
      const hs256 = base64url({ alg: 'HS256', typ: 'JWT' });
      const withRawSecret = hs('sha256', `${hs256}.${payload}`, Buffer.from(t.config.keys.jwtSecret));
      await leadsWith(`${hs256}.${payload}.${withRawSecret}`).expect(401);
    });

    it('refuses a well-signed token whose session does not exist', async () => {
      const claims = decode(await loginAsAdmin(t));
      const token = new JwtService({ secret: t.config.keys.jwtSigning }).sign({
        sub: claims.sub,
        sid: '00000000-0000-4000-8000-000000000000',
      });
      await leadsWith(token).expect(401);
    });

    it('works until its 8 hours are over, then is refused', async () => {
      fakeOnlyDate();
      const token = await loginAsAdmin(t);
      travel(SESSION_TTL_SECONDS - 60);
      await leadsWith(token).expect(200);
      travel(61);
      expect((await leadsWith(token).expect(401)).body).toEqual({ success: false, message: MESSAGES.notAuthorized });
    });

    it('refuses a missing or malformed Authorization header with 401 and WWW-Authenticate', async () => {
      const token = await loginAsAdmin(t);
      const missing = await t.http.get('/api/leads').expect(401);
      expect(missing.body).toEqual({ success: false, message: MESSAGES.notAuthorized });
      expect(missing.headers['www-authenticate']).toBe('Bearer');
      for (const header of [token, `Basic ${token}`, `Bearer`, `Bearer `, `Bearer ${token} extra`, 'Bearer a.b', 'Bearer not-a-jwt', `bearer${token}`]) {
        await t.http.get('/api/leads').set('Authorization', header).expect(401);
      }
      const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
      await leadsWith(tampered).expect(401);
    });
  });

  describe('validation', () => {
    it.each([
      [{}, 'email', 'Please provide your email address'],
      [{ email: '', password: 'x' }, 'email', 'Please provide your email address'],
      [{ email: 'not-an-email', password: 'x' }, 'email', 'Please provide a valid email address'],
      [{ email: TEST_ADMIN.email }, 'password', 'Please provide your password'],
      [{ email: TEST_ADMIN.email, password: '' }, 'password', 'Please provide your password'],
      [{ email: TEST_ADMIN.email, password: 12345678901234 }, 'password', 'Please provide your password'],
    ])('login %j → 400 naming %s', async (body, field, message) => {
      const response = await t.http.post('/admin/login').send(body).expect(400);
      expect(response.body.success).toBe(false);
      expect(response.body.errors[field]).toBe(message);
    });

    it('refuses unknown fields at login', async () => {
      const response = await t.http.post('/admin/login').send({ email: TEST_ADMIN.email, password: TEST_ADMIN.password, role: 'owner' }).expect(400);
      expect(response.body.errors.role).toBe('role is not an accepted field');
    });

    it.each([
      [{ otp: '123456' }, 'adminId', 'The sign-in attempt is missing. Please log in again.'],
      [{ adminId: 'x' }, 'otp', 'Please enter the verification code'],
      [{ adminId: 'x', otp: '' }, 'otp', 'Please enter the verification code'],
      [{ adminId: 'x', otp: '12345' }, 'otp', 'The verification code is the 6 digits from the email'],
      [{ adminId: 'x', otp: '12a456' }, 'otp', 'The verification code is the 6 digits from the email'],
    ])('verify %j → 400 naming %s', async (body, field, message) => {
      const response = await t.http.post('/admin/verify-2fa').send(body).expect(400);
      expect(response.body.success).toBe(false);
      expect(response.body.errors[field]).toBe(message);
    });

    it('accepts a code with spaces around it', async () => {
      const { adminId, code } = await login();
      await verify(adminId, ` ${code} `).expect(200);
    });

    it('refuses resend without an adminId', async () => {
      const response = await t.http.post('/admin/resend-otp').send({}).expect(400);
      expect(response.body.errors.adminId).toBe('The sign-in attempt is missing. Please log in again.');
    });
  });
});

describe('Admin sign-in rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_15_MIN: '3' });
  });
  afterAll(() => t.close());

  it('limits login attempts (per address and per account) with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) {
      await t.http
        .post('/admin/login')
        .send({ email: 'target@example.test', password: `guess-${i}` })
        .expect(401);
    }
    const limited = await t.http.post('/admin/login').send({ email: 'target@example.test', password: 'guess-4' }).expect(429);
    expect(limited.body).toEqual({ success: false, message: MESSAGES.rateLimited });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
