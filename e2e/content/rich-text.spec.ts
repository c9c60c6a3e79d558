// Prose (docs/features/site-content.md, decision 052): an editor formats a service card's description with the
// rich-text editor (a word bold with the toolbar, one italic with the keyboard, a link through the dialog), saves and
// publishes, and visitors get <strong>, <em> and the link in the page's HTML, hydrated without an error.
import { MESSAGES } from '@brightwave/common';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, unique } from '../admin/fixtures';
import { collectErrors } from '../site/helpers';
import { waitForHydration } from '../support/hydrated-page';
import { editorContext } from './editor-session';

const ADDRESS = 'https://brightwave.example/contact';

/**
 * Selects `text` in the current line, `from` characters after its start, with the keyboard; then waits until the
 * editor has taken the selection in. The browser moves the selection at once, the editor reads it on the
 * selectionchange event after it: a shortcut pressed in between applied to the first letters only (a CI failure).
 */
async function selectInLine(page: Page, from: number, text: string): Promise<void> {
  await page.keyboard.press('Home');
  for (let step = 0; step < from; step++) await page.keyboard.press('ArrowRight');
  for (let step = 0; step < text.length; step++) await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe(text);
  // selectionchange is dispatched in a task of its own: one more task, and the editor has read it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

test.describe('prose', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an editor makes a word of a service description bold and links words, publishes, and /services shows them', async ({
    browser,
    api,
    playwright,
    server,
  }) => {
    const context = await editorContext(browser, api.request, playwright, server);
    const page = await context.newPage();
    const adminErrors = collectErrors(page);
    // A word of its own, so that the page shows it only once published.
    const word = unique('speedy').replace(/\W+/g, '');
    const sentence = `We build ${word} shops that sell. Write to us.`;

    await page.goto('/admin/content/services');
    await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
    const card = page.getByRole('group', { name: 'service card 1', exact: true });
    const description = card.getByRole('textbox', { name: 'Description', exact: true });
    await expect(description).toHaveAttribute('aria-multiline', 'true');
    const toolbar = card.getByRole('toolbar', { name: 'Formatting of Description' });
    await expectNoAxeViolations(page, 'content editor with rich-text fields');

    // The sentence typed over the description; the word made bold with the toolbar.
    await description.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(sentence);
    await selectInLine(page, 'We build '.length, word);
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await expect(description.locator('strong')).toHaveText(word);

    // A word made italic with the keyboard shortcut.
    await selectInLine(page, `We build ${word} `.length, 'shops');
    await page.keyboard.press('ControlOrMeta+i');
    await expect(description.locator('em')).toHaveText('shops');

    // A link through the dialog, which refuses an address the site would refuse.
    await selectInLine(page, sentence.indexOf('Write to us'), 'Write to us');
    await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add link' });
    const address = dialog.getByRole('textbox', { name: 'Address' });
    await expect(address).toBeFocused();
    await address.fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save link' }).click();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(/^Enter a web address/)).toBeVisible();
    await expectNoAxeViolations(page, 'link dialog with an error');
    await address.fill(ADDRESS);
    await address.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(description.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', ADDRESS);
    await expect(toolbar.getByRole('button', { name: 'Remove link' })).not.toHaveAttribute('aria-disabled');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(MESSAGES.contentSaved)).toBeVisible();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alertdialog', { name: 'Publish now' }).getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(MESSAGES.contentPublished)).toBeVisible();
    expect(adminErrors).toEqual([]);

    // Visitors: in the HTML the server sends, and hydrated without a mismatch.
    const visitor = await browser.newContext({ baseURL: server.baseUrl, storageState: { cookies: [], origins: [] } });
    const site = await visitor.newPage();
    const errors = collectErrors(site);
    waitForHydration(site);
    await site.goto('/services');
    await site.reload();
    await expect(site.locator('strong', { hasText: word })).toBeVisible();
    await expect(site.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', ADDRESS);
    const html = await (await site.request.get('/services')).text();
    expect(html).toContain(`<p>We build <strong>${word}</strong> <em>shops</em> that sell. <a href="${ADDRESS}"`);
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
