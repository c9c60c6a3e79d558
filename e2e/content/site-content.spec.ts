// Site content (docs/features/site-content.md): an editor changes the footer's blurb and a service card, previews,
// publishes, and visitors see it in the HTML after a reload, hydrated without an error. This project runs after the
// site's and the admin's (playwright.config.ts): a publish changes every page, which the other suites read.
import { MESSAGES } from '@brightwave/common';
import { invitationLinkSince } from '@brightwave/testing';
import { type APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, outboxDir, outboxSnapshot, sessionStorageState, signInOverApi, test, unique } from '../admin/fixtures';
import { collectErrors } from '../site/helpers';
import { e2eBaseUrl } from '../support/env';
import { waitForHydration } from '../support/hydrated-page';

const PASSWORD = 'harbor-lantern-copper-71';

/** An editor, invited by the suite's owner and signed in over HTTP: the session the admin app would store. */
async function editorSession(owner: APIRequestContext, request: APIRequestContext) {
  const email = `${unique('editor').replace(/\W+/g, '.')}@example.test`;
  const before = outboxSnapshot();
  expect((await owner.post('/api/admin/admins', { data: { email, name: 'Eddie Editor', role: 'editor' } })).status()).toBe(201);
  const link = await invitationLinkSince(outboxDir, before, email);
  const token = new URLSearchParams(link.hash.slice(1)).get('token');
  expect((await request.post('/admin/accept-invite', { data: { token, password: PASSWORD } })).status()).toBe(200);
  return signInOverApi(request, { email, password: PASSWORD });
}

test.describe('site content', () => {
  test.describe.configure({ timeout: 120_000 });

  test.afterAll(async ({ api }) => {
    // Back to the installed texts: restore each page's seed version and publish it.
    for (const key of ['site', 'services']) {
      const { page } = await (await api.request.get(`/api/admin/content/${key}`)).json();
      const seed = page.versions.at(-1);
      await api.request.post(`/api/admin/content/${key}/versions/${seed._id}/restore`);
      await api.request.post(`/api/admin/content/${key}/publish`, { data: {} });
    }
  });

  test('an editor changes the footer blurb and a service card, previews, publishes, and the site shows it', async ({ browser, api, playwright }) => {
    const request = await playwright.request.newContext({ baseURL: e2eBaseUrl });
    const session = await editorSession(api.request, request);
    await request.dispose();
    const context = await browser.newContext({ baseURL: e2eBaseUrl, storageState: sessionStorageState(session) });
    const page = await context.newPage();
    const blurb = unique('We build software people enjoy.');
    const cardTitle = unique('Websites That Sell');

    // The list of pages, and the company's page.
    await page.goto('/admin/content');
    await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'content pages');
    await page.getByRole('link', { name: 'Company details, navbar and footer' }).click();
    await expect(page.getByRole('heading', { name: 'Company details, navbar and footer', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'content editor');
    const footer = page.getByRole('group', { name: 'Footer' });
    await footer.getByLabel('Blurb').fill(blurb);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(MESSAGES.contentSaved)).toBeVisible();

    // Saved, not published: visitors do not see it.
    const visitor = await browser.newContext({ baseURL: e2eBaseUrl, storageState: { cookies: [], origins: [] } });
    const site = await visitor.newPage();
    waitForHydration(site);
    await site.goto('/');
    await expect(site.getByRole('contentinfo')).not.toContainText(blurb);

    // A service card: changed, previewed, published.
    await page.goto('/admin/content/services');
    await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
    const card = page.getByRole('group', { name: 'service card 2', exact: true });
    await card.getByLabel('Title', { exact: true }).fill(cardTitle);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(MESSAGES.contentSaved)).toBeVisible();
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = await opened;
    await preview.waitForLoadState();
    expect(new URL(preview.url()).pathname).toBe('/preview/services');
    await expect(preview.getByRole('heading', { name: cardTitle, level: 3 })).toBeVisible();
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await preview.close();
    await site.goto('/services');
    await expect(site.getByRole('heading', { name: cardTitle })).toHaveCount(0);

    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alertdialog', { name: 'Publish now' }).getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(MESSAGES.contentPublished)).toBeVisible();
    await page.goto('/admin/content/site');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alertdialog', { name: 'Publish now' }).getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(MESSAGES.contentPublished)).toBeVisible();

    // Visitors: in the HTML the server sends, and hydrated without a mismatch.
    const errors = collectErrors(site);
    await site.reload();
    await expect(site.getByRole('heading', { name: cardTitle, level: 3 })).toBeVisible();
    await expect(site.getByRole('contentinfo')).toContainText(blurb);
    const html = await (await site.request.get('/services')).text();
    expect(html).toContain(blurb);
    expect(html).toContain(cardTitle);
    await site.getByRole('link', { name: 'About', exact: true }).first().click();
    await expect(site.getByRole('contentinfo')).toContainText(blurb);
    expect(errors).toEqual([]);

    // The versions: the editor compares the published one with the installed one.
    await page.goto('/admin/content/services');
    const versions = page.getByRole('table', { name: /^Versions of Services/ });
    const boxes = versions.getByRole('checkbox');
    await boxes.first().check();
    await boxes.last().check();
    await page.getByRole('button', { name: 'Compare' }).click();
    await expect(page.getByText(cardTitle).first()).toBeVisible();
    await expectNoAxeViolations(page, 'content versions compared');
    await visitor.close();
    await context.close();
  });
});
