// spam triage of the public forms, from the visitor's form to the admin's Spam filter.
import { FORM_TOKEN_HEADER, FORM_TRAP_HEADER, MESSAGES } from '@brightwave/common';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, openFilters, test, unique } from './fixtures';

const MESSAGE = 'We would like a new booking website for our three dental practices, with reminders.';

/** Fills the quote form the way a person does: one field after another, typing the message key by key. */
async function fillQuoteLikeAPerson(page: Page, name: string, email: string) {
  const form = page.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('Name').pressSequentially(name, { delay: 30 });
  await form.getByLabel('Email').pressSequentially(email, { delay: 30 });
  await form.getByLabel('Service').selectOption({ label: 'Web Designing' });
  await form.getByLabel('Message').pressSequentially(MESSAGE, { delay: 30 });
  return form;
}

async function fillContactAtOnce(page: Page, name: string, email: string) {
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Department').selectOption({ index: 1 });
  await form.getByLabel('Message').fill('Buy cheap watches now, best prices online.');
  return form;
}

test.describe('spam triage', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a person filling the quote form normally is never flagged', async ({ page, api }) => {
    const email = `${unique('person').replace(/\W+/g, '.')}@example.test`;
    await page.goto('/');
    const form = await fillQuoteLikeAPerson(page, 'Dana Person', email);
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/leads'));
    await form.getByRole('button', { name: 'Get Quote' }).click();
    const headers = (await sent).headers();
    expect(headers[FORM_TOKEN_HEADER]).toBeTruthy();
    expect(headers[FORM_TRAP_HEADER]).toBeUndefined();
    await expect(page.getByText(MESSAGES.quoteSuccess)).toBeVisible();
    expect(await api.senders('leads')).toContain(email);
    expect(await api.senders('leads', true)).not.toContain(email);
  });

  test('a filled honeypot gets the normal answer and is kept as spam', async ({ page, api }) => {
    const email = `${unique('robot').replace(/\W+/g, '.')}@example.test`;
    await page.goto('/');
    const form = await fillQuoteLikeAPerson(page, 'Robot Filler', email);
    // What a robot does: it fills every input it finds, the hidden one too (people cannot reach it).
    await form.locator('input[name="website_url"]').evaluate((input: HTMLInputElement) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'https://spam.example');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
    await form.getByRole('button', { name: 'Get Quote' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().headers()[FORM_TRAP_HEADER]).toBe('1');
    expect(response.request().postDataJSON()).toEqual({ name: 'Robot Filler', email, service: 'web', message: MESSAGE });
    await expect(page.getByText(MESSAGES.quoteSuccess)).toBeVisible();
    expect(await api.senders('leads', true)).toContain(email);
    expect(await api.senders('leads')).not.toContain(email);
  });

  test('a message sent within seconds is shown under Spam, and Not spam moves it to the inbox', async ({ page, api }) => {
    const name = unique('Fast Sender');
    const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.test`;
    await page.goto('/contact');
    const form = await fillContactAtOnce(page, name, email);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(MESSAGES.contactSuccess)).toBeVisible();
    expect(await api.senders('contacts', true)).toContain(email);

    await page.goto('/admin/queries');
    await (await openFilters(page)).getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Spam' });
    await page.getByRole('searchbox', { name: 'Search queries' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(page.getByText(/Nobody was notified/)).toBeVisible();
    await expectNoAxeViolations(page, 'spam filter of the contact messages');
    await row.getByRole('button', { name: `Not spam: the contact message from ${name}` }).click();
    await expect(page.getByText(MESSAGES.markedNotSpam)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await api.senders('contacts')).toContain(email);

    await (await openFilters(page)).getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Inbox' });
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  });
});
