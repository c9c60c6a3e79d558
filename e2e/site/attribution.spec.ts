// Where a visit came from and what the site counts of it (docs/features/analytics.md): the visit's landing, referrer and UTM tags travel
// with the forms in X-Attribution, page views and the form funnel go to /api/collect by sendBeacon, and nothing of it is
// kept in the browser.
import { ATTRIBUTION_HEADER, COLLECT_PATH, RETENTION_DEFAULT_DAYS, type AttributionReport, type CollectEvent } from '@brightwave/common';
import { expect, type Page } from '@playwright/test';
import { signInOverApi } from '../admin/fixtures';
import { test } from '../support/hydrated-page';

/** Every beacon the page sends to the analytics endpoint, as the server reads it (a routed request shows its body). */
async function collectBeacons(page: Page): Promise<CollectEvent[]> {
  const events: CollectEvent[] = [];
  await page.route(`**${COLLECT_PATH}`, async (route) => {
    const request = route.request();
    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toBe('application/json');
    events.push(request.postDataJSON() as CollectEvent);
    const response = await route.fetch();
    expect(response.status()).toBe(204);
    await route.fulfill({ response });
  });
  return events;
}

async function storageKeys(page: Page): Promise<{ local: string[]; session: string[] }> {
  return page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
}

test.describe('attribution and analytics of a visit', () => {
  test('a campaign visit: the contact form carries its landing and UTM tags after a navigation, the views and the funnel are reported, and nothing is stored', async ({
    page,
    request,
  }) => {
    const beacons = await collectBeacons(page);
    // Followed from a mail read on the web: the referring page's address says who read it.
    await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring', { referer: 'https://mail.example.org/inbox/42?reader=ada' });
    const storedOnLanding = await storageKeys(page);
    // A navigation inside the site (no new document: the marker survives it).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name').fill('Ada Campaign');
    await form.getByLabel('Email').fill('ada.campaign@example.com');
    await form.getByLabel('Department').selectOption({ label: 'Sales' });
    await form.getByLabel('Message').fill('We read about you in your spring newsletter.');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contacts') && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    const header = (await response.request().headerValue(ATTRIBUTION_HEADER)) ?? '';
    expect(JSON.parse(header) as AttributionReport).toEqual({
      landing: '/',
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      referrer: 'mail.example.org',
    });

    await expect.poll(() => beacons.filter((event) => event.type === 'submit')).toEqual([{ type: 'submit', form: 'contact', path: '/contact' }]);
    expect(beacons).toEqual([
      { type: 'view', path: '/', referrer: 'mail.example.org', source: 'newsletter', medium: 'email', screen: 'desktop' },
      { type: 'view', path: '/contact', source: 'newsletter', medium: 'email', screen: 'desktop' },
      { type: 'start', form: 'contact', path: '/contact' },
      { type: 'submit', form: 'contact', path: '/contact' },
    ]);

    expect(await page.context().cookies()).toEqual([]);
    expect(await storageKeys(page)).toEqual(storedOnLanding);
    expect(storedOnLanding).toEqual({ local: [], session: [] });

    // What the staff see on the message: the visit's source, medium, campaign and landing page.
    const { data } = (await response.json()) as { data: { _id: string } };
    const { token } = await signInOverApi(request);
    const details = await request.get(`/api/contacts/${data._id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(details.status()).toBe(200);
    expect((await details.json()).data.attribution).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      term: null,
      content: null,
      referrerHost: 'mail.example.org',
      landingPath: '/',
    });
  });

  for (const [signal, init] of [
    ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
    ['Global Privacy Control', () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })],
  ] as const) {
    test(`a browser that sends ${signal} reports nothing, and its forms still carry their attribution`, async ({ page }) => {
      await page.addInitScript(init);
      const beacons = await collectBeacons(page);
      await page.goto('/?utm_source=partner');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
      await expect(page).toHaveURL('/contact');
      const form = page.getByRole('form', { name: 'Send us a message' });
      await form.getByLabel('Name').fill('Dee Entee');
      await form.getByLabel('Email').fill('dee.entee@example.com');
      await form.getByLabel('Department').selectOption({ label: 'General' });
      await form.getByLabel('Message').fill('Please do not track me.');
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/contacts') && response.request().method() === 'POST');
      await form.getByRole('button', { name: 'Send Message' }).click();
      const response = await answer;
      expect(response.status()).toBe(201);
      expect(JSON.parse((await response.request().headerValue(ATTRIBUTION_HEADER)) ?? '')).toEqual({ landing: '/', source: 'partner' });
      await expect(page.getByRole('alert').filter({ hasText: 'Message sent successfully!' })).toBeVisible();
      expect(beacons).toEqual([]);
    });
  }

  test('/privacy says what is counted of visits and what is not, and how long the totals are kept', async ({ page }) => {
    await page.goto('/privacy');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Visits to this site' })).toBeVisible();
    await expect(main).toContainText('No cookie is set and nothing is stored in your browser.');
    await expect(main).toContainText('Your IP address and browser are never stored');
    await expect(main).toContainText('If your browser sends Do Not Track or Global Privacy Control, the site reports nothing.');
    await expect(main).toContainText(`Visit statistics (daily totals only): ${RETENTION_DEFAULT_DAYS.analytics / 365} years.`);
  });
});
