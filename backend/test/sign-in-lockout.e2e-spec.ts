import {
  CODE_FAILURES_PER_ADDRESS,
  CODE_FAILURES_PER_ADMIN,
  MESSAGES,
  OTP_CHALLENGE_MAX_AGE_SECONDS,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_MIN_INTERVAL_SECONDS,
  required,
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_ADDRESS,
} from '@brightwave/common';
import { Clock } from '../src/auth/clock';
import { codeFrom, readMessageFile } from './mail-message';
import { fakeOnlyDate } from './support/fake-date';
import { createTestApp, TEST_ADMIN, TestApp } from './support/test-app';

// Argon2id for every wrong password: 100+ of them take a while on a busy 2-core machine.
const SLOW_TEST_MS = 180_000;

/** Requests as nginx forwards them: the client's address in X-Forwarded-For (TRUST_PROXY=true below). */
function from(t: TestApp, address: string) {
  return {
    login: (password: string, email = TEST_ADMIN.email) => t.http.post('/admin/login').set('X-Forwarded-For', address).send({ email, password }),
    verify: (body: Record<string, string>) => t.http.post('/admin/verify-2fa').set('X-Forwarded-For', address).send(body),
    resend: (body: Record<string, string>) => t.http.post('/admin/resend-otp').set('X-Forwarded-For', address).send(body),
  };
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function newestMail(t: TestApp) {
  const mails = t.outbox();
  return readMessageFile(required(mails.at(-1), 'a mail'));
}
const ALERT_SUBJECT = 'Failed sign-in attempts on your Brightwave admin account';
const mailsAfter = (t: TestApp, count: number) => t.outbox().slice(count).map(readMessageFile);
const credentials = { email: TEST_ADMIN.email, password: TEST_ADMIN.password };

/** A full sign-in from `address`, which makes it an address the admin is known to use. */
async function signIn(t: TestApp, address: string) {
  const login = await from(t, address).login(TEST_ADMIN.password).expect(200);
  const otp = codeFrom(newestMail(t));
  await from(t, address).verify({ adminId: login.body.adminId, otp }).expect(200);
}

describe('A stranger guessing passwords cannot lock the admin out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('locks one address out of an account after 10 wrong passwords; the right password still works from another address', async () => {
    const attacker = from(t, '203.0.113.10');
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) await attacker.login(`wrong-${i}`).expect(401);
    const locked = await attacker.login(TEST_ADMIN.password).expect(429);
    expect(locked.body).toEqual({ success: false, message: MESSAGES.signInLocked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    await from(t, '198.51.100.20').login(TEST_ADMIN.password).expect(200);
  });

  it('counts failures only: right passwords from one address never lock it', async () => {
    const admin = from(t, '198.51.100.21');
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS + 2; i++) await admin.login(TEST_ADMIN.password).expect(200);
  });

  it(
    'past 100 failures from everywhere, only known addresses may sign in, and the admin is told by e-mail',
    async () => {
      const knownAddress = '198.51.100.30';
      await signIn(t, knownAddress);
      const mailsBefore = t.outbox().length;
      // The earlier tests left 10 failures; the attack spreads the rest over many addresses.
      for (let i = SIGN_IN_FAILURES_PER_ADDRESS; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
        await from(t, `203.0.114.${Math.floor(i / 5)}`)
          .login(`wrong-${i}`)
          .expect(401);
      }
      const alerts = t.outbox().slice(mailsBefore).map(readMessageFile);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]?.subject).toBe(ALERT_SUBJECT);
      expect(alerts[0]?.headers.to).toContain(TEST_ADMIN.email);

      const stranger = await from(t, '192.0.2.99').login(TEST_ADMIN.password).expect(429);
      expect(stranger.body).toEqual({ success: false, message: MESSAGES.signInLocked });
      await from(t, knownAddress).login(TEST_ADMIN.password).expect(200);
    },
    SLOW_TEST_MS,
  );
});

describe("The lockout's window is drawn by the server's clock alone", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it("locks an address out after 10 wrong passwords while the server's clock is an hour ahead of the database's", async () => {
    // A database on another machine keeps its own time: attempts stamped by it would fall outside a window drawn an
    // hour later by the server's clock, and the guesses would never add up.
    const clock = t.app.get(Clock);
    const serverTime = clock.now;
    clock.now = () => new Date(Date.now() + 60 * 60 * 1000);
    try {
      const attacker = from(t, '203.0.113.40');
      for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) await attacker.login(`wrong-${i}`).expect(401);
      expect((await attacker.login(TEST_ADMIN.password).expect(429)).body).toEqual({ success: false, message: MESSAGES.signInLocked });
    } finally {
      clock.now = serverTime;
    }
  });
});

describe('The per-account budget of the code steps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_AUTH_PER_15_MIN: '4' });
  });
  afterAll(() => t.close());

  it("spends a stranger's calls made with the admin id alone from many addresses, never the budget of the challenge's holder", async () => {
    const login = await from(t, '198.51.100.40').login(TEST_ADMIN.password).expect(200);
    const id: string = login.body.adminId;
    // Every spelling of the id, each from a new address: more than the whole budget of one account.
    const spellings = [id, id.toUpperCase(), ` ${id} `, `${id.slice(0, 8).toUpperCase()}${id.slice(8)}`, id];
    for (const [index, adminId] of spellings.entries()) {
      await from(t, `203.0.113.${index + 1}`)
        .verify({ adminId, otp: '000000' })
        .expect(400);
    }
    const otp = codeFrom(newestMail(t));
    const verified = await from(t, '198.51.100.40').verify({ adminId: id, challenge: login.body.challenge, otp }).expect(200);
    expect(typeof verified.body.token).toBe('string');
  });

  it('counts the calls that carry a challenge per challenge, from any address; every spelling of it shares the count', async () => {
    const login = await from(t, '198.51.100.41').login(TEST_ADMIN.password).expect(200);
    const { adminId, challenge } = login.body as { adminId: string; challenge: string };
    const spellings = [challenge, challenge.toUpperCase(), ` ${challenge} `, challenge];
    for (const [index, spelling] of spellings.entries()) {
      await from(t, `198.51.101.${index}`).verify({ adminId, challenge: spelling, otp: '000000' }).expect(400);
    }
    const refused = await from(t, '198.51.101.99').verify({ adminId, challenge, otp: '000000' }).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("counts the calls made with the admin id alone per address: a stranger who spent one address's budget leaves the others theirs", async () => {
    const login = await from(t, '198.51.100.42').login(TEST_ADMIN.password).expect(200);
    const id: string = login.body.adminId;
    const otp = codeFrom(newestMail(t));
    const attacker = from(t, '203.0.113.50');
    for (const adminId of [id, id.toUpperCase(), ` ${id} `, id]) await attacker.verify({ adminId, otp: '000000' }).expect(400);
    await attacker.verify({ adminId: id, otp: '000000' }).expect(429);
    // The admin's own client, sending the id alone as SPEC §7 does, from its own address.
    await from(t, '198.51.100.42').verify({ adminId: id, otp }).expect(200);
  });
});

describe('Wrong codes add up across login attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it(`after ${CODE_FAILURES_PER_ADMIN} wrong codes sent with their challenges in any number of logins, even the right code is refused for 15 minutes, and the admin is told`, async () => {
    const client = from(t, '198.51.100.50');
    let wrong = 0;
    let latest = { adminId: '', challenge: '', otp: '' };
    while (wrong < CODE_FAILURES_PER_ADMIN) {
      const login = await client.login(TEST_ADMIN.password).expect(200);
      latest = { adminId: login.body.adminId, challenge: login.body.challenge, otp: codeFrom(newestMail(t)) };
      // Four wrong codes per login: each attempt alone stays under its own limit of 5.
      for (let i = 0; i < 4 && wrong < CODE_FAILURES_PER_ADMIN; i++, wrong++) {
        await client.verify({ adminId: latest.adminId, challenge: latest.challenge, otp: otherCode(latest.otp) }).expect(400);
      }
    }
    const alert = newestMail(t);
    expect(alert.subject).toBe(ALERT_SUBJECT);
    expect(alert.text).toContain('change it now');

    const refused = await client.verify({ ...latest }).expect(429);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.codeLocked });
  });
});

describe("Knowing an admin's id does not let anyone spend the admin's code attempts", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterEach(() => t.close());

  it('after 100 wrong codes sent with the admin id alone, from one address and from many, the holder of the challenge signs in with the right code', async () => {
    const holder = from(t, '198.51.100.60');
    const login = await holder.login(TEST_ADMIN.password).expect(200);
    const { adminId, challenge } = login.body as { adminId: string; challenge: string };
    const otp = codeFrom(newestMail(t));
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await from(t, '203.0.113.70').verify({ adminId, otp: otherCode(otp) })).status);
    for (let i = 0; i < 50; i++) statuses.push((await from(t, `203.0.114.${i}`).verify({ adminId, otp: otherCode(otp) })).status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(CODE_FAILURES_PER_ADMIN);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - CODE_FAILURES_PER_ADMIN);

    const verified = await holder.verify({ adminId, challenge, otp }).expect(200);
    expect(typeof verified.body.token).toBe('string');
  });

  it(`refuses an address after ${CODE_FAILURES_PER_ADDRESS} wrong codes sent with the admin id alone; another address may still try, and the right code still signs in there`, async () => {
    const login = await from(t, '198.51.100.61').login(TEST_ADMIN.password).expect(200);
    const { adminId } = login.body as { adminId: string };
    const otp = codeFrom(newestMail(t));
    const attacker = from(t, '203.0.113.80');
    for (let i = 0; i < CODE_FAILURES_PER_ADDRESS; i++) {
      const wrong = await attacker.verify({ adminId, otp: otherCode(otp) }).expect(400);
      expect(wrong.body.message).toBe(MESSAGES.verifyInvalidCode);
    }
    const locked = await attacker.verify({ adminId, otp }).expect(429);
    expect(locked.body).toEqual({ success: false, message: MESSAGES.codeLocked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Those guesses took none of the login attempt's tries, which the id-alone call still shares (SPEC §7).
    expect(CODE_FAILURES_PER_ADDRESS).toBeGreaterThanOrEqual(OTP_MAX_ATTEMPTS);
    await from(t, '198.51.100.61').verify({ adminId, otp }).expect(200);
  });

  it(`after ${CODE_FAILURES_PER_ADMIN} wrong codes sent with the admin id alone from anywhere, such calls are refused even with the right code and the admin is told; the challenge still works`, async () => {
    const holder = from(t, '198.51.100.62');
    const login = await holder.login(TEST_ADMIN.password).expect(200);
    const { adminId, challenge } = login.body as { adminId: string; challenge: string };
    const otp = codeFrom(newestMail(t));
    const mailsBefore = t.outbox().length;
    for (let i = 0; i < CODE_FAILURES_PER_ADMIN; i++) {
      await from(t, `203.0.115.${i}`)
        .verify({ adminId, otp: otherCode(otp) })
        .expect(400);
    }
    const alerts = mailsAfter(t, mailsBefore);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toBe(ALERT_SUBJECT);
    expect(alerts[0]?.text).toContain('without your password');

    const refused = await from(t, '203.0.115.200').verify({ adminId, otp }).expect(429);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.codeLocked });
    await holder.verify({ adminId, otp }).expect(429);
    await holder.verify({ adminId, challenge, otp }).expect(200);
  });
});

describe('A code is bound to its login attempt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => jest.useRealTimers());

  it('answers the login step with a challenge; verify with another challenge is refused, with its own it signs in', async () => {
    const login = await t.http.post('/admin/login').send(credentials).expect(200);
    const otp = codeFrom(newestMail(t));
    const otherChallenge = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const refused = await t.http.post('/admin/verify-2fa').send({ adminId: login.body.adminId, otp, challenge: otherChallenge }).expect(400);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.verificationExpired });
    const resend = await t.http.post('/admin/resend-otp').send({ adminId: login.body.adminId, challenge: otherChallenge }).expect(400);
    expect(resend.body).toEqual({ success: false, message: MESSAGES.verificationExpired });
    const verified = await t.http
      .post('/admin/verify-2fa')
      .send({ adminId: login.body.adminId, otp, challenge: login.body.challenge.toUpperCase() })
      .expect(200);
    expect(typeof verified.body.token).toBe('string');
  });

  it(`gives a login attempt an absolute lifetime of ${OTP_CHALLENGE_MAX_AGE_SECONDS / 60} minutes that resends cannot extend`, async () => {
    fakeOnlyDate();
    const login = await t.http.post('/admin/login').send(credentials).expect(200);
    const attempt = { adminId: login.body.adminId, challenge: login.body.challenge };
    // Resend every 4 minutes: each new code is valid 5 minutes, but not past the attempt's 15.
    let otp = '';
    for (let elapsed = 0; elapsed + 240 < OTP_CHALLENGE_MAX_AGE_SECONDS; elapsed += 240) {
      jest.setSystemTime(Date.now() + 240 * 1000);
      await t.http.post('/admin/resend-otp').send(attempt).expect(200);
      otp = codeFrom(newestMail(t));
    }
    jest.setSystemTime(Date.now() + (OTP_RESEND_MIN_INTERVAL_SECONDS + 200) * 1000);
    const late = await t.http
      .post('/admin/verify-2fa')
      .send({ ...attempt, otp })
      .expect(400);
    expect(late.body).toEqual({ success: false, message: MESSAGES.verificationExpired });
  });
});
