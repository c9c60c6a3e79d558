import { test as base, type Page } from '@playwright/test';

/**
 * The site requests its scripts after the first paint and hydrates when they arrive, which can be after
 * the load event page.goto waits for. Every goto and reload here also waits until React has taken over the page
 * (<html data-hydrated>), so a test's first click is handled by the app, as a visitor's would be once the
 * page is interactive.
 */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const hydrated = () => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
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
    await use(page);
  },
});
