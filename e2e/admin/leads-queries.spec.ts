// SPEC §2, §4, §8: the leads and contact queries tables, their status dialogs and badge colours.
import {
  ADMIN_PAGE_SIZE,
  CONTACT_DEPARTMENT_LABELS,
  CONTACT_STATUSES,
  CONTACT_STATUS_LABELS,
  DATE_FORMAT,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  SERVICE_LABELS,
} from '@brightwave/common';
import { backgroundOf, SPEC_BADGE_COLOURS } from '../support/spec-colours';
import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import fs from 'node:fs';
import { expect, expectNoAxeViolations, openFilters, test, unique } from './fixtures';

const today = () => format(new Date(), DATE_FORMAT);
const longMessage = (who: string) =>
  `Hello, this is ${who}. We need a complete redesign of our online shop, including the checkout, ` +
  'a new product catalogue, and a loyalty programme for returning customers.';

/** Searches and waits until the table holds only the matching row (the search is debounced). */
async function search(page: Page, noun: 'leads' | 'queries', text: string) {
  await page.getByRole('searchbox', { name: `Search ${noun}` }).fill(text);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(text);
}

test.describe('leads', () => {
  // Long journeys with several axe runs on a shared 2-core machine.
  test.describe.configure({ timeout: 60_000 });

  test('a lead is listed with its fields, and its status can be set to each of the four', async ({ page, api }) => {
    const name = unique('Lead Person');
    const { data } = await api.createLead({
      name,
      email: 'lead.person@example.test',
      service: 'ecommerce',
      message: longMessage(name),
    });

    await page.goto('/admin/leads');
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    await search(page, 'leads', name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'lead.person@example.test' })).toBeVisible();
    await expect(row.getByRole('cell', { name: SERVICE_LABELS.ecommerce, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: today() })).toBeVisible();
    await expect(row).toContainText('Hello, this is');
    await expect(row).not.toContainText('loyalty programme');

    await row.getByRole('button', { name: /Read more/ }).click();
    const messageDialog = page.getByRole('dialog', { name: `Message from ${name}` });
    await expect(messageDialog).toContainText('loyalty programme for returning customers.');
    await page.keyboard.press('Escape');
    await expect(messageDialog).toBeHidden();

    let current: (typeof LEAD_STATUSES)[number] = 'new';
    for (const next of ['contacted', 'qualified', 'lost', 'new'] as const) {
      const badge = row.getByRole('button', { name: new RegExp(`^Status: ${LEAD_STATUS_LABELS[current]}`) });
      await expect(badge).toHaveClass(backgroundOf(SPEC_BADGE_COLOURS.lead[current]));
      await badge.click();
      const dialog = page.getByRole('dialog', { name: 'Update Lead Status' });
      await expect(dialog.getByRole('button')).toHaveCount(LEAD_STATUSES.length + 1);
      await expect(dialog.getByRole('button', { name: new RegExp(LEAD_STATUS_LABELS[current]) })).toHaveAttribute('aria-pressed', 'true');
      if (current === 'new') await expectNoAxeViolations(page, 'lead status dialog');
      await dialog.getByRole('button', { name: new RegExp(`^${LEAD_STATUS_LABELS[next]}`) }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByRole('button', { name: new RegExp(`^Status: ${LEAD_STATUS_LABELS[next]}`) })).toHaveClass(
        backgroundOf(SPEC_BADGE_COLOURS.lead[next]),
      );
      expect(await api.leadStatus(data._id)).toBe(next);
      current = next;
    }
  });

  test('the leads screen passes axe, filters by status and exports the current filter as CSV', async ({ page, api }) => {
    const name = unique('Csv Lead');
    await api.createLead({ name, email: 'csv.lead@example.test', service: 'web', message: 'Short note' });
    await page.goto('/admin/leads');
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page, 'leads');

    await search(page, 'leads', name);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
    await (await openFilters(page)).getByRole('combobox', { name: 'Status', exact: true }).selectOption('lost');
    await expect(page.getByText('No leads found.')).toBeVisible();
    await (await openFilters(page)).getByRole('combobox', { name: 'Status', exact: true }).selectOption('new');
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    // Made by the server (GET /api/leads/export.csv), dated in the admin's time zone.
    expect(download.suggestedFilename()).toBe(`leads-${format(new Date(), 'yyyy-MM-dd')}.csv`);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('"Name","Email","Service","Message","Status","Received"');
    expect(csv).toContain(`"${name}","csv.lead@example.test","${SERVICE_LABELS.web}","Short note","New","${today()}"`);
    expect(csv.trim().split('\r\n')).toHaveLength(2);
  });
});

test.describe('leads pagination', () => {
  test(`pages of ${ADMIN_PAGE_SIZE} rows, served by the API one page at a time`, async ({ page, api }) => {
    const tag = unique('pagetag');
    for (let index = 1; index <= ADMIN_PAGE_SIZE + 1; index += 1) {
      await api.createLead({ name: `Paged ${index}`, email: `paged${index}@example.test`, service: 'logo', message: tag });
    }
    await page.goto('/admin/leads');
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/leads?')) pageRequests.push(new URL(request.url()).search);
    });
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
    const pages = page.getByRole('navigation', { name: 'Leads pages' });
    await expect(pages).toContainText(`1–${ADMIN_PAGE_SIZE} of ${ADMIN_PAGE_SIZE + 1}`);
    await expect(page.getByRole('row')).toHaveCount(ADMIN_PAGE_SIZE + 1);
    await expect(page.getByRole('row').nth(1)).toContainText(`Paged ${ADMIN_PAGE_SIZE + 1}`);
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages).toContainText(`Page 2 of 2`);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText(/Paged 1(?!\d)/);
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pageRequests.some((search) => search.includes('page=2') && search.includes(`limit=${ADMIN_PAGE_SIZE}`))).toBe(true);

    await page.getByRole('combobox', { name: 'Sort' }).selectOption('oldest');
    await expect(pages).toContainText('Page 1 of 2');
    await expect(page.getByRole('row').nth(1)).toContainText(/Paged 1(?!\d)/);
  });
});

test.describe('contact queries', () => {
  test('a query is listed with phone and department, and its status can be set to each of the three', async ({ page, api }) => {
    const name = unique('Query Person');
    const { data } = await api.createContact({
      name,
      email: 'query.person@example.test',
      phone: '+15550001111',
      department: 'billing',
      message: 'Where is my invoice?',
    });

    await page.goto('/admin/queries');
    await expect(page.getByRole('heading', { name: 'Contact Queries', level: 1 })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page, 'queries');
    await search(page, 'queries', name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: '+15550001111' })).toBeVisible();
    await expect(row.getByRole('cell', { name: CONTACT_DEPARTMENT_LABELS.billing, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Where is my invoice?' })).toBeVisible();
    await expect(row.getByRole('cell', { name: today() })).toBeVisible();

    let current: (typeof CONTACT_STATUSES)[number] = 'pending';
    for (const next of ['in-progress', 'resolved', 'pending'] as const) {
      const badge = row.getByRole('button', { name: new RegExp(`^Status: ${CONTACT_STATUS_LABELS[current]}`) });
      await expect(badge).toHaveClass(backgroundOf(SPEC_BADGE_COLOURS.query[current]));
      await badge.click();
      const dialog = page.getByRole('dialog', { name: 'Update Contact Message Status' });
      await expect(dialog.getByRole('button', { name: new RegExp(CONTACT_STATUS_LABELS[current]) })).toHaveAttribute('aria-pressed', 'true');
      await dialog.getByRole('button', { name: new RegExp(`^${CONTACT_STATUS_LABELS[next]}`) }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByRole('button', { name: new RegExp(`^Status: ${CONTACT_STATUS_LABELS[next]}`) })).toBeVisible();
      expect(await api.contactStatus(data._id)).toBe(next);
      current = next;
    }
  });

  test('when the list cannot load, an inline retry brings it back', async ({ page, api }) => {
    const name = unique('Retry Query');
    await api.createContact({ name, email: 'retry@example.test', department: 'general', message: 'Hi' });
    // The network drops the first list request (a connection failure, not a made-up answer).
    let dropped = false;
    await page.route('**/api/contacts?**', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.abort('connectionrefused');
    });
    await page.goto('/admin/queries');
    await page.getByRole('button', { name: 'Retry' }).click();
    await search(page, 'queries', name);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  });
});

test.describe('keyboard', () => {
  test('a status badge opens its dialog from the keyboard; the dialog keeps focus, Escape closes it and focus returns', async ({ page, api }) => {
    const name = unique('Keyboard Lead');
    await api.createLead({ name, email: 'keys@example.test', service: 'social', message: 'Typed only' });
    await page.goto('/admin/leads');
    await search(page, 'leads', name);
    const badge = page
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: /^Status: New/ });
    await badge.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Update Lead Status' });
    await expect(dialog.getByRole('button', { name: /^New/ })).toBeFocused();
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(badge).toBeFocused();

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: /^Qualified/ }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: name })
        .getByRole('button', { name: /^Status: Qualified/ }),
    ).toBeVisible();
  });
});
