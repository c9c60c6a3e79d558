import { expect } from '@playwright/test';
import { test } from '../support/hydrated-page';

test.describe('hash links', () => {
  test('a hash on /services scrolls smoothly to its card and highlights it', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      // Record every scroll position so a smooth (multi-step) scroll can be told from a jump.
      (window as unknown as { positions: number[] }).positions = [];
      window.addEventListener('scroll', () => (window as unknown as { positions: number[] }).positions.push(window.scrollY));
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Services' }).first().click();
    await expect(page).toHaveURL('/services');
    await page.evaluate(() => ((window as unknown as { positions: number[] }).positions = []));
    await page.evaluate(() => {
      history.pushState({}, '', '/services#blockchain');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const card = page.locator('article#blockchain');
    await expect(card).toHaveAttribute('data-highlighted', 'true');
    await expect(card).toBeInViewport();
    const positions = await page.evaluate(() => (window as unknown as { positions: number[] }).positions);
    // A jump leaves one position; a smooth scroll passes through several.
    expect(new Set(positions).size).toBeGreaterThan(1);
    await expect(card).not.toHaveAttribute('data-highlighted', 'true', { timeout: 5000 });
  });

  test('opening /services#crm directly lands on the highlighted CRMs card', async ({ page }) => {
    await page.goto('/services#crm');
    const card = page.locator('article#crm');
    await expect(card).toBeInViewport();
    await expect(card).toHaveAttribute('data-highlighted', 'true');
    await expect(card.getByRole('heading', { name: 'CRMs' })).toBeVisible();
  });

  test('a route change without a hash starts at the top even after a hash visit', async ({ page }) => {
    await page.goto('/services#health');
    await expect(page.locator('article#health')).toBeInViewport();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL('/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Portfolio' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
