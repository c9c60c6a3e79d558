// Passkeys: added in My account, used to sign in alone, removed; with Chromium's virtual authenticator. WebAuthn needs a
// secure context and an RP ID that is a host name (Chrome refuses an IP address): the backend's PUBLIC_URL is
// http://localhost:<port> (support/server.mjs), so this suite browses the same server at localhost, not 127.0.0.1.
import { PASSKEY_MESSAGES } from '@brightwave/common';
import { e2eServer } from '../support/env';
import { expect, expectNoAxeViolations, invitedAdminSession, test, unique } from './fixtures';

/** The password invitedAdminSession sets for the admins it invites. */
const INVITED_PASSWORD = 'harbor-lantern-willow-73';
const LOCALHOST = e2eServer.baseUrl.replace('127.0.0.1', 'localhost');

test('an admin adds a passkey in My account (password asked again), signs out, signs in with the passkey alone, and removes it', async ({ page, api }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  const session = await invitedAdminSession(api, 'editor', unique('Pia Passkey'));
  await page.goto(`${LOCALHOST}/admin/login`);
  await page.evaluate(({ token, admin }) => {
    window.localStorage.setItem('adminToken', token);
    window.localStorage.setItem('adminDetails', JSON.stringify(admin));
  }, session);
  await page.goto(`${LOCALHOST}/admin/account`);

  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  const add = section.getByRole('form', { name: 'Add a passkey' });
  await add.getByLabel('Passkey name').fill('Work laptop');
  await add.getByLabel('Password').fill('not-my-password-1');
  await add.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(add.getByText('That is not your password: enter the password you sign in with')).toBeVisible();
  await add.getByLabel('Password').fill(INVITED_PASSWORD);
  await add.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.added)).toBeVisible();
  const row = section.getByRole('row', { name: /Work laptop/ });
  await expect(row.getByRole('cell', { name: 'Never' })).toBeVisible();
  await expectNoAxeViolations(page, 'account: passkeys');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectNoAxeViolations(page, 'login with the passkey button');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // Signed in without the password or a code.
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${LOCALHOST}/admin/account`);
  await expect(row.getByRole('cell', { name: 'Never' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the passkey "Work laptop"?' });
  await dialog.getByLabel('Password').fill(INVITED_PASSWORD);
  await expectNoAxeViolations(page, 'account: remove a passkey');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText(PASSKEY_MESSAGES.removed)).toBeVisible();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
});
