// an owner invites a recruiter, who sets a password through the mailed link, signs in with the
// code flow and sees only what a recruiter may use.
import { MESSAGES } from '@brightwave/common';
import { invitationLinkSince } from '@brightwave/testing';
import { e2eAdmin, e2eBaseUrl, e2eServer } from '../support/env';
import { expect, expectNoAxeViolations, outboxSnapshot, readNewCode, test, unique, withLoginLock } from './fixtures';

const PASSWORD = 'lantern-meadow-river-58';

test('an invited recruiter sets a password, signs in and sees only Dashboard, My work, Jobs, Applications, Settings (candidate e-mails), My availability and My account', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const name = unique('Rita Recruiter');
  const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.test`;

  await page.goto('/admin/admins');
  await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'admins');
  const before = outboxSnapshot();
  const invite = page.getByRole('region', { name: 'Invite an admin' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Name').fill(name);
  await invite.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Recruiter' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${MESSAGES.adminInvited}: ${email}`)).toBeVisible();
  const row = page.getByRole('region', { name: 'Admins' }).getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(0);
  const pending = page.getByRole('region', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: email });
  await expect(pending).toContainText('Recruiter');
  await expect(pending).toContainText(e2eAdmin.name);

  const link = await invitationLinkSince(e2eServer.outboxDir, before, email);
  // Nobody is signed in there (contexts take the suite's stored owner session unless told otherwise).
  const invitee = await browser.newContext({ baseURL: e2eBaseUrl, storageState: { cookies: [], origins: [] } });
  const newcomer = await invitee.newPage();
  await newcomer.goto(`/admin/accept-invite${link.hash}`);
  await expect(newcomer.getByRole('heading', { name: 'Accept invitation' })).toBeVisible();
  await expectNoAxeViolations(newcomer, 'accept invitation');
  await newcomer.getByLabel('New password').fill('Password12345');
  await newcomer.getByLabel('Repeat the password').fill('Password12345');
  await newcomer.getByRole('button', { name: 'Set password' }).click();
  await expect(newcomer.getByRole('alert')).toHaveText(MESSAGES.passwordTooCommon);
  await newcomer.getByLabel('New password').fill(PASSWORD);
  await newcomer.getByLabel('Repeat the password').fill(PASSWORD);
  await newcomer.getByRole('button', { name: 'Set password' }).click();
  await expect(newcomer.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();

  await newcomer.getByRole('link', { name: 'Go to sign in' }).click();
  await withLoginLock(async () => {
    const codes = outboxSnapshot();
    await newcomer.getByLabel('Email').fill(email);
    await newcomer.getByLabel('Password').fill(PASSWORD);
    await newcomer.getByRole('button', { name: 'Login' }).click();
    await newcomer.getByLabel('Verification Code').fill(await readNewCode(codes));
    await newcomer.getByRole('button', { name: 'Verify' }).click();
    await expect(newcomer).toHaveURL(/\/admin\/dashboard$/);
  });
  const nav = newcomer.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'My work', 'Jobs', 'Applications', 'Settings', 'My availability', 'My account']);
  await nav.getByRole('link', { name: 'Jobs' }).click();
  await expect(newcomer.getByRole('heading', { name: 'Jobs Management' })).toBeVisible();
  await newcomer.goto('/admin/leads');
  await expect(newcomer.getByRole('heading', { name: 'Not allowed' })).toBeVisible();

  await newcomer.goto('/admin/account');
  await expect(newcomer.getByRole('region', { name: 'Profile' })).toContainText('Recruiter');
  await expect(newcomer.getByRole('cell', { name: 'This session' })).toBeVisible();
  await expectNoAxeViolations(newcomer, 'my account');
  await invitee.close();

  // The owner sees the new admin, no longer an invitation, and can disable them.
  await page.reload();
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell', { name: 'Not bookable No working hours set' })).toBeVisible();
  await expect(pending).toHaveCount(0);
  await row.getByRole('button', { name: `Disable ${name}` }).click();
  // Asked first, with what goes with it (a recruiter owns applications and takes no calls).
  const confirm = page.getByRole('alertdialog', { name: `Disable ${name}?` });
  await expect(confirm).toContainText('They are signed out everywhere and can no longer sign in. The job applications they own are unassigned.');
  await expectNoAxeViolations(page, 'disable confirmation');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(MESSAGES.adminUpdated)).toBeVisible();
  await expect(row).toContainText('Disabled');
});

test('an owner revokes a pending invitation, and its link then says so', async ({ page, browser }) => {
  const name = unique('Ivan Invitee');
  const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.test`;
  await page.goto('/admin/admins');
  const before = outboxSnapshot();
  const invite = page.getByRole('region', { name: 'Invite an admin' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Name').fill(name);
  await invite.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Editor' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const link = await invitationLinkSince(e2eServer.outboxDir, before, email);
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  const row = pending.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Editor');

  await row.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke invitation' });
  await expect(confirm).toContainText(`Revoke the invitation of ${email}?`);
  await expectNoAxeViolations(page, 'revoke invitation');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`${MESSAGES.inviteRevoked}: ${email}`)).toBeVisible();
  await expect(row).toHaveCount(0);

  const invitee = await browser.newContext({ baseURL: e2eBaseUrl, storageState: { cookies: [], origins: [] } });
  const newcomer = await invitee.newPage();
  await newcomer.goto(`/admin/accept-invite${link.hash}`);
  await newcomer.getByLabel('New password').fill(PASSWORD);
  await newcomer.getByLabel('Repeat the password').fill(PASSWORD);
  await newcomer.getByRole('button', { name: 'Set password' }).click();
  await expect(newcomer.getByRole('alert')).toHaveText(MESSAGES.inviteInvalid);
  await invitee.close();
});
