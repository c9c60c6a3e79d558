// Booked calls in the admin (docs/features/booking.md, "In the admin"): a call a visitor books through their quote
// request's link is on the dashboard's "Meetings this week" and on My work's "Upcoming calls" of the staff member.
import { MY_WORK_CALL_DAYS, required, type AnswerOf, type BookingSlot } from '@brightwave/common';
import { ALWAYS, withQuoteRequestsGoingTo } from '../support/booking';
import { e2eBaseUrl } from '../support/env';
import { expect, expectNoAxeViolations, invitedAdminSession, sessionStorageState, test, unique } from './fixtures';

/** The admin's clock: the dashboard and My work show a call's times on it. */
const ADMIN_ZONE = 'Europe/Berlin';

/** "Tue 3 Dec, 10:00–10:30": a call's day and times on `timeZone`'s clock, as the admin's lists write them. */
function callTimeOn(timeZone: string, { start, end }: BookingSlot): string {
  const part = (iso: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(new Date(iso));
  const time = (iso: string) => part(iso, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${part(start, { weekday: 'short' })} ${part(start, { day: 'numeric' })} ${part(start, { month: 'short' })}, ${time(start)}–${time(end)}`;
}

test("a call booked through a quote request's link is in the staff member's Meetings this week and My work's Upcoming calls", async ({
  api,
  browser,
  request,
}) => {
  // The staff member: a salesperson of the test's own who takes calls at any time (other tests' calls are the owner's).
  const sales = await invitedAdminSession(api, 'sales', unique('Mia Meetings'));
  const availability = await request.put('/api/admin/me/availability', { headers: { Authorization: `Bearer ${sales.token}` }, data: ALWAYS });
  expect(availability.status(), await availability.text()).toBe(200);

  // The visitor sends a quote request, which the round-robin gives to the salesperson, and books with its answer's link.
  const visitor = unique('Vic Visitor');
  const sent = await withQuoteRequestsGoingTo(api.request, sales.admin._id, async () => {
    const response = await request.post('/api/leads', {
      data: { name: visitor, email: `vic.${Date.now().toString(36)}@example.com`, service: 'web', message: 'Can we talk about a new site?' },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as AnswerOf<'POST /api/leads'>;
  });
  const link = required(sent.booking, 'the booking link of the answer').url;
  const token = link.slice('/book/'.length);
  const slots = await request.get(`/api/booking/${token}/slots`);
  expect(slots.status(), await slots.text()).toBe(200);
  const slot = required(((await slots.json()) as { slots: BookingSlot[] }).slots[0], 'a free slot');
  const booked = await request.post(`/api/booking/${token}`, { data: { start: slot.start, timeZone: 'Europe/Lisbon' } });
  expect(booked.status(), await booked.text()).toBe(201);

  const context = await browser.newContext({ baseURL: e2eBaseUrl, storageState: sessionStorageState(sales), timezoneId: ADMIN_ZONE });
  const page = await context.newPage();
  const callRow = `${callTimeOn(ADMIN_ZONE, slot)}: call with ${visitor}`;
  const leadPath = `/admin/leads/${sent.data._id}`;

  await page.goto('/admin/dashboard');
  const card = page.getByRole('region', { name: 'Meetings this week' });
  const inCard = card.getByRole('listitem', { name: callRow });
  await expect(inCard).toBeVisible();
  await expect(inCard.getByRole('link', { name: visitor })).toHaveAttribute('href', leadPath);
  await expect(card.getByText('1', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard with a booked call');

  await card.getByRole('link', { name: `My calls of the next ${MY_WORK_CALL_DAYS} days in My work` }).click();
  await expect(page).toHaveURL(/\/admin\/my-work$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming calls' });
  const onMyWork = upcoming.getByRole('listitem', { name: callRow });
  await expect(onMyWork).toBeVisible();
  await expect(upcoming.getByRole('listitem')).toHaveCount(1);
  // The open items are listed below, as before: the quote request is one of them.
  await expect(page.getByRole('region', { name: 'My open items' }).getByRole('link', { name: visitor })).toBeVisible();
  await expectNoAxeViolations(page, 'my work with an upcoming call');

  await onMyWork.getByRole('link', { name: visitor }).click();
  await expect(page).toHaveURL(new RegExp(`${leadPath}$`));
  await context.close();
});
