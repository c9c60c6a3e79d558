import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { test } from '../support/hydrated-page';
import { collectErrors, publicPaths, useTheme } from './helpers';

const ready: Partial<Record<string, string>> = {
  '/portfolio': 'article',
  '/careers': 'article',
};

const DARK = /\bdark\b/;
const LIGHT = /^(?!.*\bdark\b)/;

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

// Each route is loaded once for both themes: it opens in the remembered dark theme (applied before the first paint),
// where the rules that read colours run (the dark theme changes colours only); the toggle, a click handled by React,
// proves the page hydrated, and every rule runs on the light theme it turns to. Loading each route once per theme
// doubled the longest browser file for no other check.
for (const path of [...publicPaths, '/no-such-page']) {
  test(`${path} opens in the remembered theme, hydrates without errors, has no violations in either theme and stays interactive`, async ({ page }) => {
    await useTheme(page, 'dark');
    const errors = collectErrors(page);
    await page.goto(path);
    await expect(page.locator('html')).toHaveClass(DARK);
    const selector = ready[path];
    if (selector) await expect(page.locator(selector).first()).toBeVisible();
    await expectNoAxeViolations(page, { scope: 'colours', label: `${path}, dark theme` });
    await page.getByRole('button', { name: 'Light Mode' }).click();
    await expect(page.locator('html')).toHaveClass(LIGHT);
    await expectNoAxeViolations(page, { scope: 'all', label: `${path}, light theme` });
    await page.getByRole('button', { name: 'Dark Mode' }).click();
    await expect(page.locator('html')).toHaveClass(DARK);
    // The 404 page itself answers 404, which the browser logs as a failed resource.
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
  });
}

/**
 * Scans an open state in the light theme (every rule), then in the dark one (the rules that read colours). The theme
 * is the `dark` class on <html> (site/src/lib/theme.ts); it is set directly because an open dialog covers the toggle.
 */
async function expectNoViolationsInEitherTheme(page: Page, label: string): Promise<void> {
  await expect(page.locator('html')).toHaveClass(LIGHT);
  await expectNoAxeViolations(page, { scope: 'all', label: `${label}, light theme` });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectNoAxeViolations(page, { scope: 'colours', label: `${label}, dark theme` });
}

test.describe('open states', () => {
  // Two scans of one state: a big dialog's take several seconds each on a busy two-core machine.
  test.describe.configure({ timeout: 60_000 });
  test.beforeEach(async ({ page }) => {
    await useTheme(page, 'light');
  });

  test('the open dropdown has no violations', async ({ page }) => {
    await page.goto('/portfolio');
    await page.getByRole('button', { name: 'About' }).click();
    await expect(page.getByRole('button', { name: 'About' })).toHaveAttribute('aria-expanded', 'true');
    await expectNoViolationsInEitherTheme(page, 'the open About dropdown');
  });

  test('the project dialog has no violations', async ({ page }) => {
    await page.goto('/portfolio');
    await page.getByRole('button', { name: 'ShopSphere' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolationsInEitherTheme(page, 'the project dialog');
  });

  test('the apply dialog has no violations', async ({ page }) => {
    await page.goto('/careers');
    await page.getByRole('button', { name: 'Apply Now' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolationsInEitherTheme(page, 'the apply dialog');
  });

  test('the mobile menu with its services list open has no violations', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('button', { name: 'Services' }).click();
    await expectNoViolationsInEitherTheme(page, 'the mobile menu');
  });
});
