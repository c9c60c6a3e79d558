import { test as base, type Page } from '@playwright/test';

/**
 * The site requests its scripts after the first paint and hydrates when they arrive, which can be after
 * the load event page.goto waits for. Here every goto and reload of a page for which `isSitePage` holds also waits
 * until React has taken over the page (<html data-hydrated>), so a test's first click or keystroke is handled by the
 * app, as a visitor's would be once the page is interactive (typed earlier, it is lost when React takes over).
 */
export function waitForHydration(page: Page, isSitePage: (url: URL) => boolean = () => true): void {
  const hydrated = async () => {
    if (isSitePage(new URL(page.url()))) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await hydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await hydrated();
    return response;
  };
}

/** Tests of the site: every page they open is hydrated before they act on it. */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    waitForHydration(page);
    await use(page);
  },
});
