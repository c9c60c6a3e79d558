import { expect } from '@playwright/test';
import { expectNoAxeViolations, type AxeScope } from '../support/axe';
import { test } from '../support/hydrated-page';
import { collectErrors, publicPaths, useTheme } from './helpers';

const ready: Partial<Record<string, string>> = {
  '/portfolio': 'article',
  '/careers': 'article',
};

// Every rule in the light theme; in the dark one, which changes only colours, the rules that read colours.
const scopes: Record<'light' | 'dark', AxeScope> = { light: 'all', dark: 'colours' };

for (const theme of ['light', 'dark'] as const) {
  const scope = scopes[theme];
  test.describe(`axe, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });

    // Each route is loaded once per theme for all three checks: axe is most of a test's time on a slow machine.
    for (const path of [...publicPaths, '/no-such-page']) {
      test(`${path} hydrates without errors, has no violations and stays interactive`, async ({ page }) => {
        const errors = collectErrors(page);
        await page.goto(path);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        const selector = ready[path];
        if (selector) await expect(page.locator(selector).first()).toBeVisible();
        await expectNoAxeViolations(page, { scope });
        // A click handled by React proves the page hydrated (with the stored theme's label on the toggle).
        await page.getByRole('button', { name: theme === 'dark' ? 'Light Mode' : 'Dark Mode' }).click();
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /^(?!.*dark)/ : /dark/);
        // The 404 page itself answers 404, which the browser logs as a failed resource.
        expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
      });
    }

    // One state per test: four axe passes in one test overran the 30 s budget on a busy 2-core machine.
    test('the open dropdown has no violations', async ({ page }) => {
      await page.goto('/portfolio');
      await page.getByRole('button', { name: 'About' }).click();
      await expect(page.getByRole('button', { name: 'About' })).toHaveAttribute('aria-expanded', 'true');
      await expectNoAxeViolations(page, { scope });
    });

    test('the project dialog has no violations', async ({ page }) => {
      await page.goto('/portfolio');
      await page.getByRole('button', { name: 'ShopSphere' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page, { scope });
    });

    test('the apply dialog has no violations', async ({ page }) => {
      await page.goto('/careers');
      await page.getByRole('button', { name: 'Apply Now' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page, { scope });
    });

    test('the mobile menu with its services list open has no violations', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      await page.getByRole('button', { name: /menu/i }).click();
      await page.getByRole('button', { name: 'Services' }).click();
      await expectNoAxeViolations(page, { scope });
    });
  });
}
