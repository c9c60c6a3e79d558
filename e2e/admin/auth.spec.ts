// SPEC §2, §4, §6, §8: login, e-mailed code, countdown, resend, guard, logout and session expiry.
import { MESSAGES } from '@brightwave/common';
import { loginCodeTo } from '@brightwave/testing';
import { e2eAdmin, e2eServer } from '../support/env';
import {
  expect,
  expectNoAxeViolations,
  invitedAdmin,
  outboxSnapshot,
  putSession,
  signInOverApi,
  signInThroughUi,
  test,
  unique,
  withLoginLock,
} from './fixtures';

// Signed out: these tests sign in themselves. The admin suite's own `test` (not Playwright's) keeps them in its
// workers, so they run in the file order among the others: with Playwright's, they needed workers of their own and
// ran last, taking turns at the sign-in lock with little else left to run beside them.
test.use({ storageState: { cookies: [], origins: [] } });
/** The server of the browser suites allows a resend this long after a code (support/server.mjs; 30 s in production). */
const RESEND_INTERVAL_SECONDS = 5;

async function storedSession(page: import('@playwright/test').Page) {
  return page.evaluate(() => ({
    token: window.localStorage.getItem('adminToken'),
    details: window.localStorage.getItem('adminDetails'),
  }));
}

/** Submits the password of `admin` (the suite's owner unless given) and stays on the verification page; returns the mailed code. */
async function passwordStep(page: import('@playwright/test').Page, admin: { email: string; password: string } = e2eAdmin): Promise<string> {
  const before = outboxSnapshot();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/verify-2fa$/);
  return loginCodeTo(e2eServer.outboxDir, before, admin.email);
}

test.describe('admin login', () => {
  test('the whole login: password, the e-mailed code, then the dashboard with the session stored', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await expectNoAxeViolations(page, 'login');
    await withLoginLock(async () => {
      const loginAnswer = page.waitForResponse((response) => response.url().endsWith('/admin/login'));
      const code = await passwordStep(page);
      const { challenge } = (await (await loginAnswer).json()) as { challenge: string };
      // The code is bound to this login attempt: the verification call carries its challenge.
      const verifyRequest = page.waitForRequest((request) => request.url().endsWith('/admin/verify-2fa'));
      await expect(page.getByRole('heading', { name: 'Two-Factor Verification' })).toBeVisible();
      await expect(page.getByRole('timer')).toHaveText(/^[45]:\d\d$/);
      await expectNoAxeViolations(page, 'verify-2fa');
      await page.getByLabel('Verification Code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      expect((await verifyRequest).postDataJSON()).toMatchObject({ challenge, otp: code });
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    });
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const session = await storedSession(page);
    expect(session.token).toMatch(/\S{20,}/);
    expect(JSON.parse(session.details!)).toMatchObject({ email: e2eAdmin.email, name: e2eAdmin.name });
  });

  test('email and password are required', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("a wrong password shows the server's message inline and stays on the login page", async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(e2eAdmin.email);
    await page.getByLabel('Password').fill('not-the-password-at-all');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, details: null });
  });

  test('a wrong code shows "Invalid verification code" and keeps the admin on the verification page', async ({ page }) => {
    await page.goto('/admin/login');
    await withLoginLock(async () => {
      const code = await passwordStep(page);
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByLabel('Verification Code').fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('alert')).toHaveText(MESSAGES.verifyInvalidCode);
      await expect(page).toHaveURL(/\/admin\/verify-2fa$/);
      expect(await storedSession(page)).toEqual({ token: null, details: null });
      // The right code still works afterwards.
      await page.getByLabel('Verification Code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    });
  });

  test('the verification page without an adminId goes back to login', async ({ page }) => {
    await page.goto('/admin/verify-2fa');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });

  test("resend too soon shows the server's message; after the wait it toasts, resets the countdown and mails a new code", async ({ page, api }) => {
    // An admin of its own, whom no other test signs in as: the wait below then holds up no other test's sign-in (the
    // suite's owner signs in by turns, withLoginLock), which had left the machine idle for 8 s while it ran.
    const admin = await invitedAdmin(api, 'sales', unique('Rene Resend'));
    await page.goto('/admin/login');
    const firstCode = await passwordStep(page, admin);
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByText(MESSAGES.resendTooSoon)).toBeVisible();

    // The server allows one resend per interval; let the real time pass.
    await page.waitForTimeout((RESEND_INTERVAL_SECONDS + 1) * 1000);
    await expect(page.getByRole('timer')).not.toHaveText('5:00');
    const before = outboxSnapshot();
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByText(MESSAGES.resendSuccess)).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^(5:00|4:59)$/);
    const secondCode = await loginCodeTo(e2eServer.outboxDir, before, admin.email);

    if (secondCode !== firstCode) {
      await page.getByLabel('Verification Code').fill(firstCode);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('alert').filter({ hasText: MESSAGES.verifyInvalidCode })).toBeVisible();
    }
    await page.getByLabel('Verification Code').fill(secondCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('the countdown runs from 5:00 as m:ss and its end sends the admin back to login', async ({ page }) => {
    await page.clock.install();
    await page.goto('/admin/login');
    await withLoginLock(async () => {
      await passwordStep(page);
    });
    await expect(page.getByRole('timer')).toHaveText('5:00');
    await page.clock.runFor(1000);
    await expect(page.getByRole('timer')).toHaveText('4:59');
    // A jump (due timers fire once), not every second's tick: the countdown reads the time left from its deadline.
    await page.clock.fastForward(238_000);
    await expect(page.getByRole('timer')).toHaveText('1:01');
    await page.clock.fastForward(60_000);
    await expect(page.getByRole('timer')).toHaveText('0:01');
    await expect(page).toHaveURL(/\/admin\/verify-2fa$/);
    await page.clock.runFor(1000);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });
});

test.describe('route guard', () => {
  test('a guarded page without a session goes to login, and after login opens the page first asked for', async ({ page }) => {
    await page.goto('/admin/jobs');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signInThroughUi(page);
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    await expect(page.getByRole('heading', { name: 'Jobs Management' })).toBeVisible();
  });

  test('/admin/ opens the dashboard', async ({ page, request }) => {
    const session = await signInOverApi(request);
    await putSession(page, session);
    await page.goto('/admin/');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('a token without admin details is not a session', async ({ page }) => {
    await page.goto('/admin/login');
    await page.evaluate(() => window.localStorage.setItem('adminToken', 'some-token'));
    await page.goto('/admin/leads');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test.describe('session end', () => {
  test('logout revokes the session, removes both keys and goes to login', async ({ page, request }) => {
    await page.goto('/admin/login');
    await signInThroughUi(page);
    const { token } = await storedSession(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, details: null });
    const revoked = await request.get('/api/leads', { headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.status()).toBe(401);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a 401 mid-session (token no longer valid) clears the storage and returns to login', async ({ page, request }) => {
    const session = await signInOverApi(request);
    await putSession(page, session);
    await page.goto('/admin/leads');
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    // Mid-session: once the screen's own calls (the list, the sidebar's counts) are answered; a call still to start
    // would meet the broken token before the click does.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.localStorage.setItem('adminToken', 'corrupted.token.value'));
    await page.getByRole('link', { name: 'Queries' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(await storedSession(page)).toEqual({ token: null, details: null });
  });
});
