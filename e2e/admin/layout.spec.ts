// The admin's frame as a user sees it: the sidebar on long screens, what a disabled button looks like, and where
// toasts go (top-right as SPEC §8 says, below the header, at most TOAST_LIMIT at once).
import { TOAST_LIMIT } from '@brightwave/common';
import type { Locator, Page } from '@playwright/test';
import { expect, test, unique } from './fixtures';

/** A CSS colour (oklch, rgb…) as sRGB bytes, as the browser paints it: through a one-pixel canvas. */
function paintedColour(locator: Locator, property: 'backgroundColor' | 'color'): Promise<{ r: number; g: number; b: number }> {
  return locator.evaluate(async (element, name) => {
    // Colour transitions (transition-colors) end first.
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = getComputedStyle(element)[name];
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return { r, g, b };
  }, property);
}

/** How far a colour is from grey (0 for any grey, 255 for a pure hue). */
const chroma = ({ r, g, b }: { r: number; g: number; b: number }) => Math.max(r, g, b) - Math.min(r, g, b);
const lightness = ({ r, g, b }: { r: number; g: number; b: number }) => (Math.max(r, g, b) + Math.min(r, g, b)) / 2;

async function scrollToBottom(page: Page): Promise<number> {
  // The screen has loaded once it is longer than the window.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(200);
  return page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return window.scrollY;
  });
}

test.describe('the admin frame', () => {
  test('the dark sidebar covers the window from top to bottom on long screens scrolled to the end, and its menu scrolls to Logout', async ({ page }) => {
    const sidebar = page.locator('aside').filter({ has: page.getByRole('navigation', { name: 'Admin' }) });
    for (const height of [720, 560]) {
      await page.setViewportSize({ width: 1280, height });
      for (const path of ['/admin/settings/notifications', '/admin/dashboard']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await scrollToBottom(page), `${path} scrolls`).toBeGreaterThan(0);
        const box = await sidebar.evaluate((element) => {
          const { top, bottom } = element.getBoundingClientRect();
          return { top, bottom };
        });
        expect(box.top, `the sidebar's top on ${path} at ${height} px`).toBeLessThanOrEqual(0);
        expect(box.bottom, `the sidebar's bottom on ${path} at ${height} px`).toBeGreaterThanOrEqual(height);
        const background = await paintedColour(sidebar, 'backgroundColor');
        expect(lightness(background), `the sidebar's background ${JSON.stringify(background)}`).toBeLessThan(60);
        // Every entry can be reached, however short the window.
        const logout = sidebar.getByRole('button', { name: 'Logout' });
        await logout.scrollIntoViewIfNeeded();
        await expect(logout).toBeInViewport({ ratio: 1 });
      }
    }
  });

  test('a disabled primary button is grey with a not-allowed cursor, hovered too; enabled it is blue', async ({ page, api }) => {
    const job = await api.createJob({
      title: unique('Frame Job'),
      department: 'design',
      location: 'remote',
      type: 'contract',
      experience: '1 year',
      description: 'Frames.',
      requirements: ['Care'],
    });
    const application = await api.apply({
      job: job.data._id,
      fullName: 'Fran Frame',
      email: 'fran.frame@example.test',
      phone: '+15551234567',
      experience: '1 year',
    });
    await page.goto(`/admin/applications/${application.data._id}`);
    const form = page.getByRole('form', { name: 'Add a note' });
    const add = form.getByRole('button', { name: 'Add note' });

    await expect(add).toBeDisabled();
    await expect(add).toHaveCSS('cursor', 'not-allowed');
    await add.hover({ force: true });
    const disabled = await paintedColour(add, 'backgroundColor');
    expect(chroma(disabled), `disabled background ${JSON.stringify(disabled)}`).toBeLessThan(24);

    await form.getByRole('textbox', { name: 'New note' }).fill('Call back on Monday');
    await expect(add).toBeEnabled();
    await page.mouse.move(0, 0);
    const enabled = await paintedColour(add, 'backgroundColor');
    expect(chroma(enabled), `enabled background ${JSON.stringify(enabled)}`).toBeGreaterThan(100);
    expect(enabled.b).toBeGreaterThan(enabled.r);
    expect(Math.abs(lightness(enabled) - lightness(disabled))).toBeGreaterThan(40);
  });

  test('toasts stay top-right below the header, at most TOAST_LIMIT at once', async ({ page }) => {
    await page.goto('/admin/settings/notifications');
    const form = page.getByRole('form', { name: 'Notification settings' });
    const save = form.getByRole('button', { name: 'Save notification settings' });
    // Refused by the server, so nothing is saved for the other suites: one error toast per try.
    await form.getByRole('textbox', { name: 'Contact messages: Sales recipients' }).fill('not-an-address');
    const toasts = page.locator('.Toastify__toast');
    for (let tries = 0; tries < TOAST_LIMIT + 2; tries += 1) {
      await save.click();
      await expect(save).toBeEnabled();
      await expect(toasts.first()).toBeVisible();
      expect(await toasts.count()).toBeLessThanOrEqual(TOAST_LIMIT);
    }
    await expect(toasts).toHaveCount(TOAST_LIMIT);

    // Measured with the header in view (the Save button scrolled it away), once they have slid in.
    await page.evaluate(() => window.scrollTo(0, 0));
    await toasts.evaluateAll((elements) => Promise.all(elements.flatMap((element) => element.getAnimations()).map((animation) => animation.finished)));
    const header = await page.getByRole('banner').boundingBox();
    const viewport = page.viewportSize();
    for (const toast of await toasts.all()) {
      const box = await toast.boundingBox();
      expect(box && header && viewport, 'boxes').toBeTruthy();
      if (!box || !header || !viewport) return;
      expect(box.y, 'a toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.x + box.width, 'a toast sits at the right').toBeGreaterThan(viewport.width - 40);
      expect(box.y, 'a toast sits at the top').toBeLessThan(viewport.height / 2);
    }
  });
});
