// Pictures (docs/features/site-content.md, "Pictures"): an editor uploads a picture for a service card in the admin,
// describes it and publishes; visitors get it as a <picture> with AVIF and WebP sources, every file served. A file
// that is no picture is refused with the server's message. It runs against a server of its own (playwright.config.ts):
// it publishes the services page, which the other suites read.
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { MESSAGES } from '@brightwave/common';
import { expect, expectNoAxeViolations, test, unique } from '../admin/fixtures';
import { collectErrors } from '../site/helpers';
import { waitForHydration } from '../support/hydrated-page';
import { editorContext } from './editor-session';

// A picture of the site's own (1200 × 630 PNG): what a marketer would upload, from disk.
const PICTURE = path.resolve(__dirname, '../../site/public/images/share-careers.png');

/** A PNG of one colour and a size of its own: the library names each picture by its size and upload time. */
function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('pictures', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an editor uploads a picture for a service card, describes it and publishes; /services shows it as a <picture>', async ({
    browser,
    api,
    playwright,
    server,
  }) => {
    const context = await editorContext(browser, api.request, playwright, server);
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
    const visitor = await browser.newContext({ baseURL: server.baseUrl, storageState: { cookies: [], origins: [] } });
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

  test('an editor deletes a picture nothing uses from the library; one a portfolio item uses is refused, saying where', async ({
    browser,
    api,
    playwright,
    server,
  }) => {
    const uploadPng = async (width: number, height: number) => {
      const answer = await api.request.post('/api/admin/media', {
        multipart: { file: { name: `${width}.png`, mimeType: 'image/png', buffer: solidPng(width, height) } },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      return ((await answer.json()) as { data: { _id: string } }).data._id;
    };
    const unused = await uploadPng(733, 411);
    const used = await uploadPng(737, 413);
    const title = unique('Lighthouse');
    const item = await api.request.post('/api/portfolio', {
      data: {
        category: 'web',
        projectTitle: title,
        projectSubtitle: 'A picture from the library',
        description: 'Its image link is a file of an uploaded picture.',
        imgLink: `/media/${used}/640.jpg`,
        linkToProject: 'https://lighthouse.example.com',
        techStack: ['React'],
      },
    });
    expect(item.status()).toBe(201);
    const itemId = ((await item.json()) as { data: { _id: string } }).data._id;

    const context = await editorContext(browser, api.request, playwright, server);
    const page = await context.newPage();
    await page.goto('/admin/content/services');
    const card = page.getByRole('group', { name: 'service card 1', exact: true });
    await card.getByRole('button', { name: 'Choose an uploaded picture' }).click();

    await card.getByRole('button', { name: /^Delete the picture of 733 × 411 uploaded / }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete picture' });
    await expect(dialog).toContainText('This cannot be undone.');
    await expectNoAxeViolations(page, 'the question before a picture is deleted');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(MESSAGES.mediaDeleted)).toBeVisible();
    await expect(card.getByRole('button', { name: /^Use the picture of 733 × 411 / })).toHaveCount(0);
    expect((await page.request.get(`/media/${unused}/320.jpg`)).status()).toBe(404);

    await card.getByRole('button', { name: /^Delete the picture of 737 × 413 uploaded / }).click();
    await page.getByRole('alertdialog', { name: 'Delete picture' }).getByRole('button', { name: 'Delete' }).click();
    await expect(card.getByRole('alert')).toHaveText(MESSAGES.mediaInUse(`the portfolio item “${title}”`));
    await expect(card.getByRole('button', { name: /^Use the picture of 737 × 413 / })).toBeVisible();
    expect((await page.request.get(`/media/${used}/320.jpg`)).status()).toBe(200);
    await context.close();

    expect((await api.request.delete(`/api/portfolio/${itemId}`)).status()).toBe(200);
    expect((await api.request.delete(`/api/admin/media/${used}`)).status()).toBe(200);
  });
});
