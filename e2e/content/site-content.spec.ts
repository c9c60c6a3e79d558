// Site content (docs/features/site-content.md): an editor changes the footer's blurb and a service card, previews,
// publishes, and visitors see it in the HTML after a reload, hydrated without an error; a page's own texts reach a
// visitor who navigates to it inside the site; two editors on one page cannot overwrite each other unseen. It runs
// against a server of its own (playwright.config.ts): a publish changes every page, which the other suites read.
import { MESSAGES } from '@brightwave/common';
import { expect, expectNoAxeViolations, test, unique } from '../admin/fixtures';
import { collectErrors } from '../site/helpers';
import { waitForHydration } from '../support/hydrated-page';
import { editorContext } from './editor-session';

test.describe('site content', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an editor changes the footer blurb and a service card, previews, publishes, and the site shows it', async ({ browser, api, playwright, server }) => {
    const context = await editorContext(browser, api.request, playwright, server);
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
    const visitor = await browser.newContext({ baseURL: server.baseUrl, storageState: { cookies: [], origins: [] } });
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

  test("a page's own texts reach a visitor who navigates to it, and a second editor's stale save is refused", async ({ browser, api, playwright, server }) => {
    const context = await editorContext(browser, api.request, playwright, server);
    const heading = unique('The People Behind the Work');
    const title = unique('About the team');

    // Two tabs on the About page; the first saves and publishes.
    const first = await context.newPage();
    const second = await context.newPage();
    for (const tab of [first, second]) {
      await tab.goto('/admin/content/about');
      await expect(tab.getByRole('heading', { name: 'About us', level: 1 })).toBeVisible();
    }
    await first.getByRole('group', { name: 'Who we are' }).getByLabel('Heading', { exact: true }).fill(heading);
    await first.getByRole('group', { name: 'Search and sharing' }).getByLabel('Page title').fill(title);
    await first.getByRole('button', { name: 'Publish now' }).click();
    await first.getByRole('alertdialog', { name: 'Publish now' }).getByRole('button', { name: 'Publish' }).click();
    await expect(first.getByText(MESSAGES.contentPublished)).toBeVisible();

    // The second tab still holds the page as it was: its save is refused, and what it typed stays.
    const stale = second.getByRole('group', { name: 'Numbers' }).getByLabel('Label').first();
    await stale.fill('Delighted Clients');
    await second.getByRole('button', { name: 'Save draft' }).click();
    await expect(second.getByText(MESSAGES.contentChangedMeanwhile)).toBeVisible();
    await expect(stale).toHaveValue('Delighted Clients');

    // A visitor on the home page navigates to About inside the site: its published texts and title, no error.
    const visitor = await browser.newContext({ baseURL: server.baseUrl, storageState: { cookies: [], origins: [] } });
    const site = await visitor.newPage();
    const errors = collectErrors(site);
    waitForHydration(site);
    await site.goto('/');
    await site.getByRole('link', { name: 'About', exact: true }).first().click();
    await expect(site.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    await expect(site).toHaveTitle(title);
    await expect(site.getByText('Delighted Clients')).toHaveCount(0);
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
