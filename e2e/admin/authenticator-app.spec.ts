// Two-step sign-in with an authenticator app: turned on from My account, then used to sign in. A newly invited admin
// enrols, so the suite's own admin (signed in once per worker) keeps the mailed code.
import { AUTHENTICATOR_MESSAGES, RECOVERY_CODE_COUNT, required } from '@brightwave/common';
import { generateSync } from 'otplib';
import { expect, expectNoAxeViolations, invitedAdminSession, putSession, test, unique } from './fixtures';

/** The password invitedAdminSession sets for the admins it invites. */
const INVITED_PASSWORD = 'harbor-lantern-willow-73';
const PERIOD_SECONDS = 30;

test('an admin turns an authenticator app on in My account (password asked again), signs out, signs in with the password and the app’s code, and replaces the recovery codes', async ({
  page,
  api,
}) => {
  const session = await invitedAdminSession(api, 'sales', unique('Tess Twostep'));
  await putSession(page, session);

  await page.goto('/admin/account');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  // The password again first: a session left open is not enough to enrol an app.
  const start = section.getByRole('form', { name: 'Set up an authenticator app' });
  await start.getByLabel('Password').fill('not-my-password-1');
  await start.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(start.getByText(AUTHENTICATOR_MESSAGES.passwordWrong)).toBeVisible();
  await start.getByLabel('Password').fill(INVITED_PASSWORD);
  await start.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page, 'account: authenticator setup');
  // What a person types into their app by hand: the setup key, in groups of four.
  const setupKey = (await section.locator('code').innerText()).replace(/\s/g, '');
  expect(setupKey).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByRole('textbox', { name: 'Code from the app' }).fill(generateSync({ secret: setupKey }));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText(AUTHENTICATOR_MESSAGES.enabled)).toBeVisible();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(RECOVERY_CODE_COUNT);
  const firstCodes = await codes.allInnerTexts();
  await expectNoAxeViolations(page, 'account: recovery codes');
  await section.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText(`${RECOVERY_CODE_COUNT} of ${RECOVERY_CODE_COUNT} recovery codes left`, { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(session.admin.email);
  await page.getByLabel('Password').fill(INVITED_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/verify-2fa$/);
  await expect(page.getByRole('heading', { name: 'Two-Factor Verification' })).toBeVisible();
  await expect(page.getByText('Enter the code your authenticator app shows.')).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();
  // No code is mailed to an admin with an app: nothing to resend. A recovery code is offered instead.
  await expect(page.getByRole('button', { name: 'Resend code' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  await expectNoAxeViolations(page, 'verify-2fa with an authenticator app');
  // The setup's code used its time step; the app's next code (one step ahead is accepted) signs in without waiting.
  await page.getByLabel('Verification Code').fill(generateSync({ secret: setupKey, epoch: Math.floor(Date.now() / 1000) + PERIOD_SECONDS }));
  await page.getByRole('button', { name: 'Verify' }).click();
  // Back on the page signed out from, signed in.
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(section.getByText(/^On since /)).toBeVisible();

  // New recovery codes, after a confirmation that takes the password and a code (here one of the first recovery codes).
  await section.getByRole('button', { name: 'Replace recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace your recovery codes?' });
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await expectNoAxeViolations(page, 'account: replace recovery codes');
  await dialog.getByLabel('Password').fill(INVITED_PASSWORD);
  await dialog.getByRole('textbox', { name: 'Code from the app or a recovery code' }).fill(required(firstCodes[0], 'a first recovery code'));
  await dialog.getByRole('button', { name: 'Replace recovery codes' }).click();
  await expect(page.getByText(AUTHENTICATOR_MESSAGES.recoveryCodesReplaced)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(codes).toHaveCount(RECOVERY_CODE_COUNT);
  expect((await codes.allInnerTexts()).filter((code) => firstCodes.includes(code))).toEqual([]);
  await section.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText(`${RECOVERY_CODE_COUNT} of ${RECOVERY_CODE_COUNT} recovery codes left`, { exact: false })).toBeVisible();
});
