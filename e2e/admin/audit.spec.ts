// the Audit log screen (a status change made in the admin app shows as a sentence with from → to; filters; CSV export).
import fs from 'node:fs';
import { AUDIT_ACTION_LABELS, AUDIT_ACTOR_LABELS } from '@brightwave/common';
import { format } from 'date-fns';
import { e2eAdmin } from '../support/env';
import { expect, expectNoAxeViolations, test, unique } from './fixtures';

test.describe('audit log', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a lead status change made in the admin app appears in the Audit log as a sentence with from → to, and can be filtered and exported', async ({
    page,
    api,
  }) => {
    const name = unique('Audited Lead');
    const { data } = await api.createLead({ name, email: 'audited.lead@example.test', service: 'web', message: 'Please audit me' });

    await page.goto('/admin/leads');
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^Status: New/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Lead Status' });
    await dialog.getByRole('button', { name: /^Qualified/ }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    // The entry is a sentence naming the admin and the lead; the lead's name filters the log by it.
    const entry = page.getByRole('row').filter({ hasText: `${e2eAdmin.name} moved the lead ${name} from New to Qualified` });
    await expect(entry).toHaveCount(1);
    await entry.getByRole('button', { name: `Show only the entries about ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`targetId=${data._id}`));
    await expect(entry).toHaveCount(1);
    await expectNoAxeViolations(page, 'audit log');

    // Another action leaves the entry out; the lead's action brings it back.
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: AUDIT_ACTION_LABELS['job.deleted'] });
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: AUDIT_ACTION_LABELS['lead.status_changed'] });
    await expect(entry).toHaveCount(1);
    // The admin's name filters by that admin.
    await entry.getByRole('button', { name: `Show only the entries of ${e2eAdmin.name}` }).click();
    await expect(page).toHaveURL(/adminId=[0-9a-f-]{36}/);
    await expect(page.getByRole('combobox', { name: 'Admin', exact: true })).toHaveValue(/^[0-9a-f-]{36}$/);
    await expect(entry).toHaveCount(1);
    // Done by an admin, not by the command line.
    await page.getByRole('combobox', { name: 'Actor' }).selectOption({ label: AUDIT_ACTOR_LABELS.cli });
    await expect(page.getByText('No entries match these filters.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Actor' }).selectOption({ label: AUDIT_ACTOR_LABELS.admin });
    await expect(entry).toHaveCount(1);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV of the audit log' }).click();
    const download = await downloadPromise;
    // Made by the server (GET /api/admin/audit/export.csv) from the same filters.
    expect(download.suggestedFilename()).toBe(`audit-log-${format(new Date(), 'yyyy-MM-dd')}.csv`);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('"Time","Admin","Admin ID","Action","Target kind","Target ID","IP address","Browser","Details"');
    expect(csv.trim().split('\r\n')).toHaveLength(2);
    expect(csv).toContain(`"lead","${data._id}"`);

    // The export itself is in the log.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: AUDIT_ACTION_LABELS['export.csv'] });
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `${e2eAdmin.name} exported 1 row of the audit log list as CSV` })
        .first(),
    ).toBeVisible();
  });
});
