// Pages built from blocks (docs/features/built-pages.md): an editor creates a landing page from six blocks, saves,
// previews it, publishes it and puts it in the header; visitors find it at its address, linked from the site's header
// and listed in the sitemap; its address changed and published again, the old one leads to the new one (a 301 the
// Redirects screen lists). An address the site or another part of it owns is refused, naming the owner. It runs
// against a server of its own (playwright.config.ts): a page in the header changes every page, which the other suites read.
import { BUILT_PAGE_MESSAGES, MESSAGES } from '@brightwave/common';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, unique } from '../admin/fixtures';
import { collectErrors } from '../site/helpers';
import { waitForHydration } from '../support/hydrated-page';
import { editorContext } from './editor-session';

/** Appends a block of a type from the Add block menu; its card opens. */
async function addBlock(page: Page, type: string, position: number) {
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.getByRole('menu', { name: 'Add block' }).getByRole('menuitem', { name: type, exact: true }).click();
  const block = page.getByRole('group', { name: new RegExp(`^Block ${position}: ${type}`) });
  await expect(block).toBeVisible();
  return block;
}

test.describe('pages built from blocks', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an editor builds a landing page from six blocks, previews and publishes it, puts it in the header, and visitors find it', async ({
    browser,
    api,
    playwright,
    server,
  }) => {
    const context = await editorContext(browser, api.request, playwright, server);
    const page = await context.newPage();
    const adminErrors = collectErrors(page);
    const suffix = Date.now().toString(36);
    const title = `Cloud audit ${suffix}`;
    const slug = `cloud-audit-${suffix}`;
    const heroHeading = unique('Know what your cloud costs');
    const navLabel = `Audit ${suffix}`;

    // The list, and a new page from its dialog: the address follows the title.
    await page.goto('/admin/pages');
    await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Pages' })).toBeVisible();
    await expectNoAxeViolations(page, 'pages list');
    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.getByLabel('Title').fill(title);
    await expect(dialog.getByLabel('Address')).toHaveValue(slug);
    await expectNoAxeViolations(page, 'new page dialog');
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await expect(page.getByText(BUILT_PAGE_MESSAGES.created)).toBeVisible();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/pages\/[^/]+$/);

    // Six blocks: a hero, text, cards, a call to action, questions and answers, and the latest news, from the Add block menu.
    await page.getByRole('button', { name: 'Add block' }).click();
    await expect(page.getByRole('menuitem', { name: 'Hero' })).toBeFocused();
    await expectNoAxeViolations(page, 'page editor with the Add block menu open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Add block' })).toBeFocused();
    const hero = await addBlock(page, 'Hero', 1);
    await hero.getByLabel('Heading').fill(heroHeading);
    await hero.getByRole('textbox', { name: 'Text (optional)', exact: true }).fill('An audit of your cloud in a week, with a plan to spend less.');
    await hero.getByLabel('Button text (optional)').fill('Book an audit');
    await hero.getByLabel('Button link (optional)').fill('/contact');

    const text = await addBlock(page, 'Text', 2);
    await text.getByRole('textbox', { name: 'Text', exact: true }).click();
    await page.keyboard.type('We read your bills and your architecture, then tell you what to change first.');

    const cards = await addBlock(page, 'Cards', 3);
    await cards.getByLabel('Heading (optional)').fill('What you get');
    for (const [index, cardTitle] of ['A cost report', 'A security review'].entries()) {
      await cards.getByRole('button', { name: 'Add card to block 3 (Cards)' }).click();
      await cards
        .getByRole('group', { name: `card ${index + 1} of block 3 (Cards)` })
        .getByLabel('Title', { exact: true })
        .fill(cardTitle);
    }

    const callToAction = await addBlock(page, 'Call to action', 4);
    await callToAction.getByLabel('Heading').fill('Ready when you are');
    await callToAction.getByLabel('Button text').fill('Write to us');
    await callToAction.getByLabel('Button link').fill('/contact');

    const faq = await addBlock(page, 'Questions and answers', 5);
    await faq.getByRole('button', { name: 'Add question to block 5 (Questions and answers)' }).click();
    const question = faq.getByRole('group', { name: 'question 1 of block 5 (Questions and answers)' });
    await question.getByRole('textbox', { name: 'Question', exact: true }).fill('How long does an audit take?');
    await question.getByRole('textbox', { name: 'Answer', exact: true }).click();
    await page.keyboard.type('A week, from the day we get read access.');

    // And the newest posts, three unless told otherwise.
    const news = await addBlock(page, 'Latest news', 6);
    await news.getByLabel('Heading').fill('From our news');
    await expect(news.getByLabel('How many posts')).toHaveValue('3');
    await expectNoAxeViolations(page, 'page editor with six blocks');

    // A block moved up and back down by keyboard, focus following it.
    await page.getByRole('button', { name: 'Move block 4 (Call to action) up' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Move block 3 (Call to action) up' })).toBeFocused();
    await expect(page.getByRole('button', { name: /^Block 3: Call to action/ })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Move block 4 (Call to action) down' })).toBeFocused();
    await expect(page.getByRole('button', { name: /^Block 4: Call to action/ })).toBeVisible();

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(MESSAGES.contentSaved)).toBeVisible();

    // The preview shows the draft; the public address does not yet.
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = await opened;
    await preview.waitForLoadState();
    await expect(preview.getByRole('heading', { name: heroHeading })).toBeVisible();
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await preview.close();
    const visitor = await browser.newContext({ baseURL: server.baseUrl, storageState: { cookies: [], origins: [] } });
    expect((await visitor.request.get(`/${slug}`)).status()).toBe(404);

    // Published, then put in the header navigation.
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alertdialog', { name: 'Publish now' }).getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(MESSAGES.contentPublished)).toBeVisible();
    const navigation = page.getByRole('form', { name: 'Navigation' });
    await expect(navigation.getByLabel('Placement')).toBeEnabled();
    await navigation.getByLabel('Placement').selectOption({ label: 'Header' });
    await navigation.getByLabel(/^Link text/).fill(navLabel);
    await navigation.getByRole('button', { name: 'Save navigation' }).click();
    await expect(page.getByText(BUILT_PAGE_MESSAGES.navSaved)).toBeVisible();
    await expectNoAxeViolations(page, 'published page in the editor');

    // Visitors: the page at its address, linked from the header of every page (within seconds), in the sitemap.
    const site = await visitor.newPage();
    const siteErrors = collectErrors(site);
    waitForHydration(site);
    await expect(async () => {
      await site.goto('/');
      await expect(site.getByRole('banner').getByRole('link', { name: navLabel }).first()).toBeAttached({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await site.goto(`/${slug}`);
    await expect(site.getByRole('heading', { name: heroHeading })).toBeVisible();
    await expect(site.getByRole('heading', { name: 'What you get' })).toBeVisible();
    await expect(site.getByText('How long does an audit take?')).toBeVisible();
    const newsBlock = site.getByRole('region', { name: 'From our news' });
    await expect(newsBlock.getByText('No news yet.')).toBeVisible();
    await expect(newsBlock.getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
    await expect(site.getByRole('banner').getByRole('link', { name: navLabel }).first()).toHaveAttribute('href', `/${slug}`);
    const sitemap = await (await visitor.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`/${slug}</loc>`);
    expect(siteErrors).toEqual([]);

    // The list shows it published, in the header.
    await page.getByRole('link', { name: 'All pages' }).click();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row.getByRole('cell').nth(2)).toContainText('Published');
    await expect(row.getByRole('cell').nth(3)).toHaveText(`Header: ${navLabel}`);

    // A new address, published: the old one leads visitors to the new one (301), listed on the Redirects screen.
    const movedSlug = `cloud-audit-moved-${suffix}`;
    await row.getByRole('link', { name: title }).click();
    await page.getByLabel('Address', { exact: true }).fill(movedSlug);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(MESSAGES.contentSaved)).toBeVisible();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alertdialog', { name: 'Publish now' }).getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(MESSAGES.contentPublished)).toBeVisible();
    const old = await visitor.request.get(`/${slug}?from=mail`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/${movedSlug}?from=mail`);
    await site.goto(`/${slug}`);
    await expect(site).toHaveURL(new RegExp(`/${movedSlug}$`));
    await expect(site.getByRole('heading', { name: heroHeading })).toBeVisible();
    await page.getByRole('link', { name: 'All pages' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Redirects' }).click();
    await expect(page.getByRole('heading', { name: 'Redirects', level: 1 })).toBeVisible();
    const redirect = page.getByRole('table', { name: 'Redirects' }).getByRole('row', { name: new RegExp(`/${slug} `) });
    await expect(redirect.getByRole('cell')).toHaveText([`/${slug}`, `/${movedSlug}`, 'Permanent (301)', 'Page address changed', /by /, 'Delete']);
    await expectNoAxeViolations(page, 'redirects');
    expect(siteErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await visitor.close();
    await context.close();
  });

  test('an address the site already uses is refused, naming its owner', async ({ browser, api, playwright, server }) => {
    const context = await editorContext(browser, api.request, playwright, server);
    const page = await context.newPage();
    await page.goto('/admin/pages');
    await page.getByRole('button', { name: 'New page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New page' });
    await dialog.getByLabel('Title').fill('Join us');
    const reserved: [slug: string, owner: string][] = [
      ['careers/x', 'the job pages'],
      ['admin', 'the admin'],
    ];
    for (const [slug, owner] of reserved) {
      await dialog.getByLabel('Address').fill(slug);
      await dialog.getByRole('button', { name: 'Create page' }).click();
      await expect(dialog.getByLabel('Address')).toHaveAccessibleDescription(
        new RegExp(BUILT_PAGE_MESSAGES.slugTaken(owner).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      await expect(dialog.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
    }
    await expectNoAxeViolations(page, 'new page dialog with a refused address');
    await context.close();
  });
});
