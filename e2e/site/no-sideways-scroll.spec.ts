import { jobPath, required, type Job } from '@brightwave/common';
import { expect, type Page } from '@playwright/test';
import { test } from '../support/hydrated-page';
import { publicPaths } from './helpers';

// No public page scrolls sideways on a phone or a tablet, in either theme: a row wider than the screen
// widened the whole page (the home hero's carousel controls) or was cut off by its section (the services hero's).

const WIDTHS = [320, 360, 390, 768] as const;

interface Fit {
  viewport: number;
  root: number;
  body: number;
  /** Controls a visitor can reach that stick out of the viewport on the left or the right. */
  outside: string[];
}

/** How the page as laid out now fits the viewport's width. */
function measureFit(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
    const outside = [...controls].flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || !control.checkVisibility({ visibilityProperty: true })) return [];
      // Out of reach on purpose: the spam honeypot (inert, far off to the left) and the skip link until it is focused
      // (clipped to nothing, wherever its box is).
      if (control.closest('[inert]') || getComputedStyle(control).clipPath !== 'none') return [];
      if (box.left >= -0.5 && box.right <= viewport + 0.5) return [];
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? '';
      return [`${control.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)}..${Math.round(box.right)}`];
    });
    return { viewport, root: document.documentElement.scrollWidth, body: document.body.scrollWidth, outside };
  });
}

/** At each width (the same page, resized in place), the page is no wider than the viewport and every control is on it. */
async function expectFitsEveryWidth(page: Page): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const fit = await measureFit(page);
    expect.soft(fit.root, `the page's width at ${width} px`).toBeLessThanOrEqual(fit.viewport);
    expect.soft(fit.body, `the body's width at ${width} px`).toBeLessThanOrEqual(fit.viewport);
    expect.soft(fit.outside, `controls outside the viewport at ${width} px`).toEqual([]);
  }
}

/** The page at `path` fits every width in the light theme, then (reloaded under a dark system preference) in the dark one. */
async function expectNoSidewaysScroll(page: Page, path: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(path);
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expectFitsEveryWidth(page);
  // The theme follows the system preference when the page loads (no choice is stored here).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectFitsEveryWidth(page);
}

test.describe('no sideways scroll at 320, 360, 390 and 768 px, light and dark', () => {
  for (const path of publicPaths) {
    test(path, async ({ page }) => {
      await expectNoSidewaysScroll(page, path);
    });
  }

  test('the search page', async ({ page }) => {
    await expectNoSidewaysScroll(page, '/search?q=design');
  });

  test('a job page', async ({ page, request }) => {
    const { jobs } = (await (await request.get('/api/jobs')).json()) as { jobs: Job[] };
    await expectNoSidewaysScroll(page, jobPath(required(jobs[0], 'a seeded job')));
  });
});
