import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../support/hydrated-page';

// The contact page's details and map, as a visitor sees them: addresses and hours read whole, and the
// map's place says where the office is even when the map cannot load.

/** The contact page's info card titled `title`. */
const infoCard = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title }) });

/** How many lines the text of `element` is laid out on (one rectangle per line's fragment of each text node). */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });
}

test.describe('the contact page', () => {
  test('at 1440 px each e-mail address and each line of the working hours is on one line', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/contact');
    const addresses = await infoCard(page, 'Email Addresses').getByRole('link').all();
    const hours = await infoCard(page, 'Working Hours').locator('p').all();
    expect(addresses.length).toBeGreaterThan(0);
    expect(hours.length).toBeGreaterThan(0);
    for (const line of [...addresses, ...hours]) expect(await lineCount(line), `lines of "${await line.textContent()}"`).toBe(1);
  });

  test('when the map cannot load, its framed place still shows the office address and a link to the map', async ({ page }) => {
    await page.route(/^https:\/\/([a-z0-9-]+\.)*openstreetmap\.org\//, (route) => route.abort());
    await page.goto('/contact');
    const address = (await infoCard(page, 'Our Location').locator('address').textContent())?.trim() ?? '';
    expect(address).not.toBe('');
    const map = page.getByRole('region', { name: 'Map' });
    await map.scrollIntoViewIfNeeded();
    const frame = map.locator('iframe[title^="Map of"]');
    await expect(frame).toBeAttached();
    await expect(map.getByText(address, { exact: true })).toBeVisible();
    const link = map.getByRole('link', { name: 'Open the map of our office on OpenStreetMap' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\//);
    // The map's box has a border of its own, so an empty frame is still a visible place on the page.
    const box = map.getByRole('figure');
    await expect(box.locator('iframe')).toHaveCount(1);
    expect(await box.evaluate((node) => getComputedStyle(node).borderTopWidth)).not.toBe('0px');
  });
});
