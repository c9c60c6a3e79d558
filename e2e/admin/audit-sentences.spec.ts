// The audit log reads as sentences naming who did what to which item (with links), filters by picking a
// person or an item, keeps the system's noise behind a toggle; the dashboard's figures open the lists they count.
// Axe on both screens at 1440 and 390 px.
import { AUDIT_ACTION_LABELS } from '@brightwave/common';
import { e2eAdmin } from '../support/env';
import { expect, expectNoAxeViolations, invitedAdminSession, test, unique } from './fixtures';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

test.describe('audit log as sentences', () => {
  test.describe.configure({ timeout: 90_000 });

  test('names the admin and the item in a sentence, filters by a picked person or a clicked item, and hides the system entries until asked', async ({
    page,
    api,
  }) => {
    const name = unique('Sentenced Lead');
    const { data } = await api.createLead({ name, email: 'sentenced.lead@example.test', service: 'web', message: 'Tell it as a sentence' });

    // The suite's admin moves the lead in the browser (its entry carries this browser); another admin moves it back.
    await page.goto('/admin/leads');
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^Status: New/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Lead Status' });
    await dialog.getByRole('button', { name: /^Qualified/ }).click();
    await expect(dialog).toBeHidden();
    const otherName = unique('Sal Auditor');
    const other = await invitedAdminSession(api, 'sales', otherName);
    const moved = await api.request.patch(`/api/leads/${data._id}/status`, {
      data: { status: 'contacted' },
      headers: { Authorization: `Bearer ${other.token}` },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    // A whole-list read: system noise, hidden by default.
    await api.senders('leads');

    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    const mine = page.getByRole('row').filter({ hasText: `${e2eAdmin.name} moved the lead ${name} from New to Qualified` });
    await expect(mine).toHaveCount(1);
    // The browser as people name it, not the raw user agent.
    await expect(mine.getByRole('cell').last()).toHaveText(/^(Chrome|Chromium) \d+ on Linux$/);
    const theirs = page.getByRole('row').filter({ hasText: `${otherName} moved the lead ${name} from Qualified to Contacted` });
    await expect(theirs).toHaveCount(1);

    // Picking a person (a select of the admins, by name) leaves only their entries.
    const person = page.getByRole('combobox', { name: 'Admin', exact: true });
    await person.selectOption({ label: otherName });
    await expect(page).toHaveURL(/adminId=[0-9a-f-]{36}/);
    await expect(theirs).toHaveCount(1);
    await expect(mine).toHaveCount(0);
    await person.selectOption({ label: e2eAdmin.name });
    await expect(mine).toHaveCount(1);
    await expect(theirs).toHaveCount(0);
    await person.selectOption({ label: 'Any admin' });

    // Clicking the item in a row filters by it; the filter names the item and links to its page.
    await mine.getByRole('button', { name: `Show only the entries about ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`targetId=${data._id}`));
    await expect(page.getByRole('row')).toHaveCount(3); // the header and the two status changes
    await expect(theirs).toHaveCount(1);
    await expect(page.getByText('Only the entries about')).toBeVisible();
    await expectNoAxeViolations(page, 'audit log filtered by an item');
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/leads/${data._id}$`));
    await expect(page.getByRole('heading', { name: 'Quote request', level: 1 })).toBeVisible();
    await page.goBack();
    // The filter is in the address: it survives going back (and a reload).
    await expect(theirs).toHaveCount(1);
    await page.reload();
    await expect(theirs).toHaveCount(1);
    await page.getByRole('button', { name: `Show every item, not only ${name}` }).click();
    await expect(page).not.toHaveURL(/targetId=/);

    // System entries (whole-list reads) show only when asked for.
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: AUDIT_ACTION_LABELS['list.read_all'] });
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    const toggle = page.getByRole('checkbox', { name: 'Show system entries' });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `${e2eAdmin.name} read the whole of the leads list` })
        .first(),
    ).toBeVisible();
    await toggle.uncheck();
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
  });

  test('a dashboard figure opens the list it counts, filtered as counted', async ({ page, api }) => {
    await api.createLead({ name: unique('Figure Lead'), email: 'figure.lead@example.test', service: 'web', message: 'Count me as new' });
    await page.goto('/admin/dashboard');
    const newLeads = page.getByRole('region', { name: 'New Leads', exact: true });
    await newLeads.getByRole('link', { name: /^\d+ New Leads: open the new leads$/ }).click();
    // The list keeps its view in the address.
    await expect(page).toHaveURL(/\/admin\/leads\?status=new$/);
    await expect(page.getByRole('button', { name: 'Remove filter: Status New' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    await expect(page.getByRole('table').getByRole('button', { name: /^Status: (?!New)/ })).toHaveCount(0);

    await page.goto('/admin/dashboard');
    await page
      .getByRole('region', { name: 'Pending Queries', exact: true })
      .getByRole('link', { name: /open the pending contact messages$/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/queries\?status=pending$/);
    await expect(page.getByRole('button', { name: 'Remove filter: Status Pending' })).toBeVisible();
  });

  for (const size of WIDTHS) {
    test(`the audit log and the dashboard pass axe at ${size.width}×${size.height}`, async ({ page, api }) => {
      await api.createLead({ name: unique('Axe Lead'), email: 'axe.lead@example.test', service: 'web', message: 'For the channels table' });
      await page.setViewportSize(size);
      await page.goto('/admin/dashboard');
      await expect(page.getByRole('region', { name: 'Total Leads', exact: true }).getByRole('link')).toBeVisible();
      await expect(page.getByRole('table', { name: /^Submissions of the last 30 days/ })).toBeVisible();
      await expectNoAxeViolations(page, `dashboard at ${size.width}`);
      await page.goto('/admin/audit');
      await expect(page.getByRole('table', { name: 'Audit entries, newest first' }).getByRole('row').nth(1)).toBeVisible();
      await expectNoAxeViolations(page, `audit log at ${size.width}`);
    });
  }
});
