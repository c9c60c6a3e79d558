import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CONTENT, MESSAGES, required } from '@brightwave/common';
import { SAMPLE_PDF } from '../admin/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { test } from '../support/hydrated-page';
import { answerWith, toast, useTheme } from './helpers';

// Decision 070: once sent, each public form gives way to a confirmation that stays (beside SPEC §8's toast): who
// answers and when, to the address typed, the confirmation mail when the server sends one, and the next step.

/** A new address on every run: the apply route takes one application per address and job. */
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;

async function sendQuote(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Service').selectOption({ label: 'Web Designing' });
  await form.getByLabel('Message').fill('We need a new website for our bakery.');
  await form.getByRole('button', { name: 'Get Quote' }).click();
  return form;
}

async function sendContact(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Grace Hopper');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Department').selectOption({ label: 'Sales' });
  await form.getByLabel('Message').fill('Could you quote us a shop?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  return form;
}

async function openApplication(page: Page) {
  await page.goto('/careers');
  await page.getByRole('article', { name: 'UI/UX Designer' }).getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply for UI/UX Designer' });
  await expect(dialog.getByLabel('Full Name')).toBeFocused();
  return dialog;
}

async function sendApplication(page: Page, email: string) {
  const dialog = await openApplication(page);
  await dialog.getByLabel('Full Name').fill('Alan Turing');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('+44 1234 567890');
  await dialog.getByLabel('Years of Experience').fill('5');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brightwave-resume-')), 'alan.pdf');
  fs.writeFileSync(file, SAMPLE_PDF);
  await dialog.getByLabel('Resume').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  return dialog;
}

test.describe('quote form', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`gives way to a confirmation naming the address and the reply time, and 'Send another request' gives back an empty form (${theme})`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await page.goto('/');
      const email = uniqueEmail('ada');
      const form = await sendQuote(page, email);
      await expect(toast(page, MESSAGES.quoteSuccess)).toBeVisible();
      const confirmation = page.getByRole('region', { name: 'Quote request received' });
      // Announced: the focus moves to its heading.
      await expect(confirmation.getByRole('heading', { name: 'Quote request received' })).toBeFocused();
      await expect(confirmation).toContainText(`Our team will reply to ${email} within one business day.`);
      // The e2e server runs with SEND_CONFIRMATIONS on (its default).
      await expect(confirmation).toContainText('A confirmation is on its way to that address.');
      await expect(confirmation.getByRole('link', { name: 'See our portfolio' })).toHaveAttribute('href', '/portfolio');
      await expect(form).toBeHidden();
      await expectNoAxeViolations(page, { label: `the quote confirmation (${theme})`, scope: 'colours' });

      await confirmation.getByRole('button', { name: 'Send another request' }).click();
      await expect(confirmation).toBeHidden();
      await expect(form.getByLabel('Name')).toBeFocused();
      for (const field of ['Name', 'Email', 'Service', 'Message']) await expect(form.getByLabel(field)).toHaveValue('');
    });
  }
});

test.describe('contact form', () => {
  test("gives way to a confirmation naming the department's team and the address, and 'Send another message' gives back an empty form", async ({ page }) => {
    await page.goto('/contact');
    const email = uniqueEmail('grace');
    const form = await sendContact(page, email);
    await expect(toast(page, MESSAGES.contactSuccess)).toBeVisible();
    const confirmation = page.getByRole('region', { name: 'Message sent' });
    await expect(confirmation.getByRole('heading', { name: 'Message sent' })).toBeFocused();
    await expect(confirmation).toContainText(`Our sales team will reply to ${email} during our working hours.`);
    await expect(confirmation).toContainText('A confirmation is on its way to that address.');

    await confirmation.getByRole('button', { name: 'Send another message' }).click();
    await expect(form.getByLabel('Name')).toBeFocused();
    for (const field of ['Name', 'Email', 'Phone (optional)', 'Department', 'Message']) await expect(form.getByLabel(field)).toHaveValue('');
  });

  test('promises no confirmation mail when the server sends none', async ({ page }) => {
    // The server's own answer, as one with SEND_CONFIRMATIONS off gives it.
    await page.route('**/api/contacts', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), sendsConfirmations: false } });
    });
    await page.goto('/contact');
    const email = uniqueEmail('grace');
    await sendContact(page, email);
    const confirmation = page.getByRole('region', { name: 'Message sent' });
    await expect(confirmation).toContainText(`will reply to ${email}`);
    await expect(confirmation).not.toContainText('confirmation');
  });
});

test.describe('apply form', () => {
  test("gives way to a confirmation in the dialog naming the address; 'Done' closes it and the next application starts empty", async ({ page }) => {
    const email = uniqueEmail('alan');
    const dialog = await sendApplication(page, email);
    await expect(toast(page, MESSAGES.applicationSuccess)).toBeVisible();
    const confirmation = dialog.getByRole('region', { name: 'Application received' });
    await expect(confirmation.getByRole('heading', { name: 'Application received' })).toBeFocused();
    await expect(confirmation).toContainText(`Our hiring team will review it and write to you at ${email}.`);
    await expect(confirmation).toContainText('A confirmation is on its way to that address.');
    await expect(dialog.getByRole('form', { name: 'Job application' })).toBeHidden();

    await confirmation.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('article', { name: 'UI/UX Designer' });
    await expect(card.getByRole('button', { name: 'Apply Now' })).toBeFocused();
    await card.getByRole('button', { name: 'Apply Now' }).click();
    await expect(dialog.getByLabel('Full Name')).toHaveValue('');
    await expect(dialog.getByLabel('Email')).toHaveValue('');
  });

  test("refused by the rate limit (429), offers to e-mail the application to the company's address", async ({ page }) => {
    // The apply route's refusal as the server sends it (rate-limit.ts: the failure envelope with its message).
    await page.route('**/api/jobs/apply', answerWith(429, { success: false, message: MESSAGES.applyRateLimited }));
    const dialog = await sendApplication(page, uniqueEmail('alan'));
    const { address } = required(DEFAULT_CONTENT.site.contact.emails[0], "the company's first e-mail address");
    const refusal = dialog.getByRole('alert');
    await expect(refusal).toHaveText(`${MESSAGES.applyRateLimited} Or e-mail your application to ${address}.`);
    await expect(refusal.getByRole('link', { name: address })).toHaveAttribute('href', `mailto:${address}`);
    // The form stays, with what was typed.
    await expect(dialog.getByLabel('Full Name')).toHaveValue('Alan Turing');
  });

  test('any other refusal offers no e-mail address', async ({ page }) => {
    await page.route('**/api/jobs/apply', answerWith(409, { success: false, message: 'You have already applied for this job' }));
    const dialog = await sendApplication(page, uniqueEmail('alan'));
    await expect(dialog.getByRole('alert')).toHaveText('You have already applied for this job');
    await expect(dialog.getByRole('link', { name: /@/ })).toHaveCount(0);
  });
});
