// Single sign-on: the login page's button, the company's provider (a real OpenID provider started beside this suite's
// server, support/oidc-provider.mjs), and back signed in; an account made at the first sign-in from the provider's role
// claim; a refusal said on a page of its own. Browsed at localhost, the server's PUBLIC_URL, where the provider sends
// the browser back to (the sign-in's cookie is that host's).
import { expect, test, type Page } from '@playwright/test';
import { SSO_LOGIN_TEXTS, SSO_MESSAGES } from '@brightwave/common';
import { expectNoAxeViolations } from '../support/axe';
import { e2eAdmin } from '../support/env';

const PROVIDER = 'Test IdP';

/** From the login page, through the provider's own sign-in page as `email`. */
async function signInThroughProvider(page: Page, email: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByRole('link', { name: SSO_LOGIN_TEXTS.signInWith(PROVIDER) }).click();
  await expect(page.getByRole('heading', { name: PROVIDER })).toBeVisible();
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an owner signs in with the company’s provider from the login page, without a password or a code', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('link', { name: SSO_LOGIN_TEXTS.signInWith(PROVIDER) })).toBeVisible();
  await expectNoAxeViolations(page, { label: 'login with the single sign-on button' });
  await signInThroughProvider(page, e2eAdmin.email);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a person the provider gives a mapped role gets an account of that role at their first sign-in; one of another domain is refused', async ({ page }) => {
  await signInThroughProvider(page, 'new.recruiter@example.test');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // A recruiter's back office: hiring, not sales.
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link', { name: 'Jobs' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Leads' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  // Someone else at the same browser: signed out at the provider too (its session would sign the recruiter in again).
  await page.context().clearCookies({ domain: '127.0.0.1' });
  await signInThroughProvider(page, 'mallory@elsewhere.test');
  await expect(page).toHaveTitle(new RegExp(SSO_MESSAGES.pageTitle));
  await expect(page.getByText(SSO_MESSAGES.domainNotAllowed('elsewhere.test'))).toBeVisible();
  await expectNoAxeViolations(page, { label: 'single sign-on refused' });
  await page.getByRole('link', { name: SSO_MESSAGES.backToSignIn }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
