// The sign-in policy: an owner makes a role use a strong factor in Settings → Sign-in; an admin of that role who signs
// in with the mailed code is sent to set one up, can do nothing else meanwhile, and uses the back office once they have.
// On a server of its own (the project admin-sign-in-policy): a policy binds every admin of the role.
import { ADMIN_SIGN_IN_MESSAGES, RECOVERY_CODE_COUNT, SIGN_IN_POLICY_MESSAGES } from '@brightwave/common';
import { invitationLinkSince } from '@brightwave/testing';
import { generateSync } from 'otplib';
import { e2eAdmin } from '../support/env';
import { expect, expectNoAxeViolations, outboxSnapshot, readNewCode, test, unique, withLoginLock } from './fixtures';

const PASSWORD = 'harbor-lantern-willow-73';

test('an owner makes recruiters use a strong factor; a recruiter who signs in is sent to set up an authenticator app, then uses the back office', async ({
  page,
  api,
  server,
  browser,
}) => {
  // The owner, in Settings → Sign-in: a refusal shows under its field, then the policy is saved.
  await page.goto('/admin/settings/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign-in', level: 1 })).toBeVisible();
  const roles = page.getByRole('group', { name: 'Roles that must use an authenticator app or a passkey' });
  await expect(roles.getByRole('checkbox')).toHaveCount(4);
  await roles.getByRole('checkbox', { name: /^Recruiter/ }).check();
  const days = page.getByRole('spinbutton', { name: 'Grace period (days)' });
  await days.fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('spinbutton', { name: 'Grace period (days)', description: new RegExp(SIGN_IN_POLICY_MESSAGES.graceDaysInvalid) }),
  ).toHaveAttribute('aria-invalid', 'true');
  await days.fill('7');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(SIGN_IN_POLICY_MESSAGES.saved)).toBeVisible();
  await expectNoAxeViolations(page, 'settings: sign-in');

  // A recruiter, invited, sets a password and signs in with it and the mailed code, in a browser of their own.
  const name = unique('Rita Recruiter');
  const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.test`;
  const invitations = outboxSnapshot(server);
  const invited = await api.request.post('/api/admin/admins', { data: { email, name, role: 'recruiter' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await invitationLinkSince(server.outboxDir, invitations, email);
  const accepted = await api.request.post('/admin/accept-invite', {
    data: { token: new URLSearchParams(link.hash.slice(1)).get('token'), password: PASSWORD },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // Signed out: not the owner's stored session, which contexts of this test start with.
  const context = await browser.newContext({ baseURL: server.baseUrl, storageState: { cookies: [], origins: [] } });
  const rita = await context.newPage();
  await rita.goto('/admin/jobs');
  await withLoginLock(async () => {
    const before = outboxSnapshot(server);
    await rita.getByLabel('Email').fill(email);
    await rita.getByLabel('Password').fill(PASSWORD);
    await rita.getByRole('button', { name: 'Login' }).click();
    await expect(rita).toHaveURL(/\/admin\/verify-2fa$/);
    await rita.getByLabel('Verification Code').fill(await readNewCode(before, undefined, server));
    await rita.getByRole('button', { name: 'Verify' }).click();
    // Sent to set one up, not to the page asked for.
    await expect(rita).toHaveURL(/\/admin\/account$/);
  }, server);
  await expect(rita.getByRole('heading', { name: 'Set up a second way to sign in', level: 1 })).toBeVisible();
  await expect(rita.getByText(/Your role \(Recruiter\) must sign in with an authenticator app or a passkey/)).toBeVisible();
  await expect(rita.getByText(/A code sent by e-mail still signs you in until/)).toBeVisible();
  // Nothing else: no menu, and another page leads back here.
  await expect(rita.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await rita.goto('/admin/jobs');
  await expect(rita).toHaveURL(/\/admin\/account$/);
  await expect(rita.getByRole('heading', { name: 'Set up a second way to sign in', level: 1 })).toBeVisible();
  await expectNoAxeViolations(rita, 'sign-in policy: set up a strong factor');

  // The authenticator app: the password, the QR code's setup key into the app (a real TOTP library), its code.
  const section = rita.getByRole('region', { name: 'Two-step sign-in' });
  const start = section.getByRole('form', { name: 'Set up an authenticator app' });
  await start.getByLabel('Password').fill(PASSWORD);
  await start.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const setupKey = (await section.locator('code').innerText()).replace(/\s/g, '');
  await section.getByRole('textbox', { name: 'Code from the app' }).fill(generateSync({ secret: setupKey }));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(rita.getByRole('heading', { name: 'You are set up' })).toBeVisible();
  // The recovery codes stay on screen until the recruiter moves on.
  await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(RECOVERY_CODE_COUNT);
  await rita.getByRole('button', { name: 'Continue to the dashboard' }).click();

  // The back office, as their role has it.
  await expect(rita).toHaveURL(/\/admin\/dashboard$/);
  const menu = rita.getByRole('navigation', { name: 'Admin' });
  await menu.getByRole('link', { name: 'Jobs' }).click();
  await expect(rita.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  await context.close();

  // The owner sees how the recruiter signs in now.
  await page.goto('/admin/admins');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell', { name: 'Authenticator app' })).toBeVisible();

  // The recruiter lost their phone: the owner resets their sign-in with the owner's own password, and, the policy
  // asking it of them again, gives them a new grace period to set one up.
  await row.getByRole('button', { name: `Reset sign-in of ${name}` }).click();
  const reset = page.getByRole('dialog', { name: `Reset the sign-in of ${name}?` });
  await reset.getByLabel('Your password').fill(e2eAdmin.password);
  await expectNoAxeViolations(page, 'admins: reset a sign-in');
  await reset.getByRole('button', { name: 'Reset sign-in' }).click();
  await expect(page.getByText(ADMIN_SIGN_IN_MESSAGES.reset(name))).toBeVisible();
  await expect(row.getByRole('cell', { name: /^Mailed code only/ })).toBeVisible();
  await row.getByRole('button', { name: `Restart grace period of ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: `Give ${name} a new grace period?` })
    .getByRole('button', { name: 'Restart grace period' })
    .click();
  await expect(page.getByText(new RegExp(`^${ADMIN_SIGN_IN_MESSAGES.graceRestarted(name)}, until `))).toBeVisible();
});
