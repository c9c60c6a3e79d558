// Pictures (docs/features/site-content.md, "Pictures"): an editor uploads a picture for a service card in the admin,
// describes it and publishes; visitors get it as a <picture> with AVIF and WebP sources, every file served. A file
// that is no picture is refused with the server's message. This project runs after the other content tests
// (playwright.config.ts): it publishes the services page too.
import path from 'node:path';
import { MESSAGES } from '@brightwave/common';
import { expect, expectNoAxeViolations, test, unique } from '../admin/fixtures';
import { collectErrors } from '../site/helpers';
import { e2eBaseUrl } from '../support/env';
import { waitForHydration } from '../support/hydrated-page';
import { editorContext } from './editor-session';

// A picture of the site's own (1200 × 630 PNG): what a marketer would upload, from disk.
const PICTURE = path.resolve(__dirname, '../../site/public/images/share-careers.png');

test.describe('pictures', () => {
  test.describe.configure({ timeout: 120_000 });

  test.afterAll(async ({ api }) => {
    // Back to the installed texts and pictures.
    const { page } = await (await api.request.get('/api/admin/content/services')).json();
    await api.request.post(`/api/admin/content/services/versions/${page.versions.at(-1)._id}/restore`);
    await api.request.post('/api/admin/content/services/publish', { data: {} });
  });

  test('an editor uploads a picture for a service card, describes it and publishes; /services shows it as a <picture>', async ({
    browser,
    api,
    playwright,
  }) => {
    const context = await editorContext(browser, api.request, playwright);
    const page = await context.newPage();
    const description = unique('Our team at the whiteboard');

    await page.goto('/admin/content/services');
    await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
    const card = page.getByRole('group', { name: 'service card 1', exact: true });
    const upload = card.getByLabel('Upload a picture');

    // Not a picture, whatever its name says: the server's message, and the field keeps its value.
    const image = card.getByRole('textbox', { name: 'Image', exact: true });
    const before = await image.inputValue();
    await upload.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<html><body>not a picture</body></html>') });
    await expect(card.getByRole('alert')).toHaveText(MESSAGES.mediaWrongType);
    await expect(image).toHaveValue(before);

    await upload.setInputFiles(PICTURE);
    await expect(image).toHaveValue(/^\/media\/[0-9a-f-]{36}-1200x630$/);
    const src = await image.inputValue();
    const id = src.slice('/media/'.length, -'-1200x630'.length);
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expect(card.locator(`img[src="/media/${id}/320.jpg"]`)).toBeVisible();
    await card.getByLabel('Image description (for screen readers)').fill(description);
    await expectNoAxeViolations(page, 'content editor with an uploaded picture');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(MESSAGES.contentSaved)).toBeVisible();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alertdialog', { name: 'Publish now' }).getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(MESSAGES.contentPublished)).toBeVisible();

    // A visitor: the card's picture in the HTML, with its sources, size and description, and every file there.
    const visitor = await browser.newContext({ baseURL: e2eBaseUrl, storageState: { cookies: [], origins: [] } });
    const site = await visitor.newPage();
    const errors = collectErrors(site);
    waitForHydration(site);
    await site.goto('/services');
    const picture = site.locator('picture').filter({ has: site.getByRole('img', { name: description }) });
    const srcset = (format: string) => [320, 640, 960, 1200].map((width) => `/media/${id}/${width}.${format} ${width}w`).join(', ');
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute('srcset', srcset('avif'));
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', srcset('webp'));
    const img = picture.getByRole('img', { name: description });
    await expect(img).toHaveAttribute('width', '1200');
    await expect(img).toHaveAttribute('height', '630');
    await expect(img).toHaveAttribute('srcset', srcset('jpg'));
    await img.scrollIntoViewIfNeeded();
    // Chromium picks the AVIF source, and it loads.
    await expect
      .poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0 && element.currentSrc))
      .toMatch(new RegExp(`/media/${id}/\\d+\\.avif$`));
    for (const format of ['avif', 'webp', 'jpg']) {
      const file = await site.request.get(`/media/${id}/640.${format}`);
      expect(`${format}: ${file.status()} ${file.headers()['cache-control']}`).toBe(`${format}: 200 public, max-age=31536000, immutable`);
    }
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
