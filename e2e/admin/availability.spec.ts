// My availability (booking): a salesperson sets the hours visitors may book a call in, and a busy calendar.
import { AVAILABILITY_MESSAGES } from '@brightwave/common';
import { e2eBaseUrl } from '../support/env';
import { expect, expectNoAxeViolations, invitedAdminSession, sessionStorageState, test, unique } from './fixtures';

test('a salesperson sets working hours, the call length and a busy calendar; a private calendar address is refused at its field', async ({ api, browser }) => {
  // An admin of their own: availability is one's own, and other tests' owner must not see it change.
  const sales = await invitedAdminSession(api, 'sales', unique('Bea Bookable'));
  const context = await browser.newContext({ baseURL: e2eBaseUrl, storageState: sessionStorageState(sales) });
  const page = await context.newPage();
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'My availability' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My availability' })).toBeVisible();
  await expect(page.getByText('Not bookable')).toHaveCount(7);
  await expectNoAxeViolations(page, 'my availability');

  await page.getByRole('combobox', { name: 'Time zone' }).selectOption('Europe/Berlin');
  await page.getByRole('button', { name: 'Add hours on Monday' }).click();
  await page.getByRole('button', { name: 'Add hours on Thursday' }).click();
  await page.getByLabel('Thursday: from').fill('13:30');
  await page.getByRole('spinbutton', { name: 'Call length (minutes)' }).fill('45');
  await page.getByRole('spinbutton', { name: 'Free time around each call (minutes)' }).fill('15');
  // A feed on this machine's own addresses is refused, as webhooks are: the server would read its own network.
  const calendar = page.getByRole('textbox', { name: 'Busy calendar address (ICS)' });
  await calendar.fill('http://127.0.0.1:9/private.ics');
  await page.getByRole('button', { name: 'Save availability' }).click();
  await expect(calendar).toHaveAttribute('aria-invalid', 'true');
  await expect(calendar).toHaveAccessibleDescription(/.+/);

  await calendar.fill('');
  await page.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText(AVAILABILITY_MESSAGES.saved)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
  await expect(page.getByLabel('Monday: from')).toHaveValue('09:00');
  await expect(page.getByLabel('Thursday: from')).toHaveValue('13:30');
  await expect(page.getByLabel('Thursday: until')).toHaveValue('17:00');
  await expect(page.getByText('Not bookable')).toHaveCount(5);
  await expect(page.getByRole('spinbutton', { name: 'Call length (minutes)' })).toHaveValue('45');
  await expect(page.getByRole('spinbutton', { name: 'Free time around each call (minutes)' })).toHaveValue('15');
  await context.close();
});
