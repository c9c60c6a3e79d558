import { expect, test } from '@playwright/test';
import { collectErrors, outboxSnapshot, readLoginCode, stackAdmin } from './stack-helpers';

test.describe('admin app through nginx', () => {
  test('an admin signs in with the e-mailed code, sees the dashboard and logs out', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/admin/leads');
    await expect(page).toHaveURL(/\/admin\/login$/);

    const before = outboxSnapshot();
    await page.getByLabel('Email').fill(stackAdmin.email);
    await page.getByLabel('Password').fill(stackAdmin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/verify-2fa/);
    await page.getByLabel('Verification Code').fill(await readLoginCode(before));
    await page.getByRole('button', { name: 'Verify' }).click();

    // Back where the admin came from, then the dashboard; every API call goes through nginx to either instance.
    await expect(page).toHaveURL(/\/admin\/leads$/);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // Its cards' requests answered first: one still on its way when the session ends is refused (401), as it should be.
    await page.waitForLoadState('networkidle');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin/');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(errors).toEqual([]);
  });
});
