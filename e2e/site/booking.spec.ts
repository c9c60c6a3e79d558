// Booking a call (docs/features/booking.md, "The booking page"): from the quote form's confirmation to a booked call,
// as a visitor does it, and the page of a link that does not work.
import { BOOKING_CANCEL_PARAM, BOOKING_MESSAGES, BOOKING_PAGE_TEXTS, CACHE_CONTROL, FORM_CONFIRMATIONS, SPAM_MIN_FILL_SECONDS } from '@brightwave/common';
import { expect } from '@playwright/test';
import { AdminApi, invitedAdminSession, signInOverApi, unique } from '../admin/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { ALWAYS, withQuoteRequestsGoingTo } from '../support/booking';
import { e2eServer } from '../support/env';
import { test } from '../support/hydrated-page';
import { collectErrors } from './helpers';

/** The visitor's clock: what the page detects and shows the times on. */
const VISITOR_ZONE = 'Europe/Berlin';
test.use({ timezoneId: VISITOR_ZONE });

test('a visitor sends a quote request, follows "Book a call with …" to the owner\'s free times on their own clock, books one, and cancels it', async ({
  page,
  playwright,
  request,
}) => {
  // The owner: a salesperson of the test's own, who takes calls at any time (the suite's owner's leads are other tests').
  const { token: ownerToken } = await signInOverApi(request);
  const ownerApi = await playwright.request.newContext({ baseURL: e2eServer.baseUrl, extraHTTPHeaders: { Authorization: `Bearer ${ownerToken}` } });
  const name = unique('Pat Planner');
  const sales = await invitedAdminSession(new AdminApi(ownerApi, e2eServer), 'sales', name);
  const availability = await request.put('/api/admin/me/availability', { headers: { Authorization: `Bearer ${sales.token}` }, data: ALWAYS });
  expect(availability.status(), await availability.text()).toBe(200);

  const errors = collectErrors(page);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill(`ada.${Date.now().toString(36)}@example.com`);
  await form.getByLabel('Service').selectOption({ label: 'Web Designing' });
  await form.getByLabel('Message').fill('We need a new website for our bakery.');
  // Sooner than this after the form's first focus, a request is taken for a bot's (and gets no owner).
  await page.waitForTimeout(SPAM_MIN_FILL_SECONDS * 1000);
  await withQuoteRequestsGoingTo(ownerApi, sales.admin._id, async () => {
    await form.getByRole('button', { name: 'Get Quote' }).click();
    await expect(page.getByRole('region', { name: 'Quote request received' })).toBeVisible();
  });
  await ownerApi.dispose();

  const confirmation = page.getByRole('region', { name: 'Quote request received' });
  const bookCall = confirmation.getByRole('link', { name: FORM_CONFIRMATIONS.bookCall('Pat') });
  await expect(bookCall).toHaveAttribute('href', /^\/book\/[\w-]{50}$/);
  await bookCall.click();
  await expect(page).toHaveURL(/\/book\/[\w-]{50}$/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  await expect(page.getByRole('heading', { level: 1, name: BOOKING_PAGE_TEXTS.title('Pat') })).toBeVisible();
  await expect(page.getByText(BOOKING_PAGE_TEXTS.tagline(30))).toBeVisible();
  const zone = page.getByRole('combobox', { name: BOOKING_PAGE_TEXTS.timeZone });
  await expect(zone).toHaveValue(VISITOR_ZONE);

  // On another clock, the same free times under that clock's days and hours.
  await zone.selectOption('Asia/Tokyo');
  // The second time of the second day: at least half an hour away whenever the test runs (the day's first time can
  // begin while the test runs, and a time that has begun is refused as no longer free).
  const secondDay = page.getByRole('group').nth(1);
  const slot = secondDay.getByRole('radio').nth(1);
  const start = new Date(String(await slot.getAttribute('value')));
  const onTokyoClock = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', ...options }).format(start);
  const time = onTokyoClock({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  await expect(slot).toHaveAccessibleName(new RegExp(`^\\w+day \\d{1,2} \\w+, ${time} to \\d\\d:\\d\\d$`));
  const [day, times] = String(await slot.getAttribute('aria-label')).split(', ');
  await expect(secondDay.getByRole('heading', { level: 3 })).toHaveText(String(day));
  const when = `${day} ${onTokyoClock({ year: 'numeric' })}, ${times} (Asia/Tokyo)`;

  // Chosen with the keyboard, and booked.
  await slot.focus();
  await page.keyboard.press('Space');
  await expect(slot).toBeChecked();
  await expect(page.getByText(BOOKING_PAGE_TEXTS.chosen(when))).toBeVisible();
  await expectNoAxeViolations(page, { label: 'the booking page' });
  await page.getByRole('button', { name: BOOKING_PAGE_TEXTS.book }).click();

  await expect(page.getByRole('heading', { name: BOOKING_PAGE_TEXTS.bookedHeading })).toBeFocused();
  await expect(page.getByText(BOOKING_PAGE_TEXTS.booked('Pat', when))).toBeVisible();
  const details = await request.get(`/api/booking/${new URL(page.url()).pathname.split('/').pop()}`);
  expect((await details.json()).meeting).toMatchObject({ start: start.toISOString(), with: 'Pat' });

  // Booking again moves the call: the page says when it is now, and offers to move it.
  await page.getByRole('button', { name: BOOKING_PAGE_TEXTS.another }).click();
  await expect(page.getByRole('button', { name: BOOKING_PAGE_TEXTS.move })).toBeVisible();
  await expect(page.getByText(BOOKING_PAGE_TEXTS.current('Pat', when))).toBeVisible();
  // The times to move it to: its own time is not one of them.
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expect(page.locator(`input[type="radio"][value="${start.toISOString()}"]`)).toHaveCount(0);

  // The visitor's mail links the same page to cancel: it asks first, then the link books anew.
  const link = new URL(page.url()).pathname;
  await page.goto(`${link}?${BOOKING_CANCEL_PARAM}=1`);
  await expect(page.getByText(/^Cancel your call with Pat on \w+day .+\(Europe\/Berlin\)\?$/)).toBeVisible();
  await page.getByRole('button', { name: BOOKING_PAGE_TEXTS.cancel }).click();
  await expect(page.getByRole('status').filter({ hasText: BOOKING_PAGE_TEXTS.cancelled })).toBeVisible();
  await expect(page.getByRole('button', { name: BOOKING_PAGE_TEXTS.book })).toBeVisible();
  expect((await (await request.get(`/api/booking/${link.split('/').pop()}`)).json()).meeting).toBeNull();
  // Hydrated as rendered: the server's page and the browser's first render agree (no mismatch reported).
  expect(errors).toEqual([]);
});

test('a link this server did not sign gets the page saying so, 404, never kept nor indexed', async ({ page }) => {
  const response = await page.goto('/book/not-a-link-of-ours');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['cache-control']).toBe(CACHE_CONTROL.noStore);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.getByRole('heading', { level: 1, name: BOOKING_PAGE_TEXTS.notFoundTitle })).toBeVisible();
  await expect(page.getByText(BOOKING_MESSAGES.linkNotFound)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('link', { name: BOOKING_PAGE_TEXTS.contact })).toHaveAttribute('href', '/contact');
});
