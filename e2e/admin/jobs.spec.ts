// SPEC §2, §4, §5, §8: jobs management: table, job form, status dialog, delete confirmation, toasts.
import {
  DATE_FORMAT,
  JOB_DEPARTMENT_LABELS,
  JOB_LOCATION_LABELS,
  JOB_STATUSES,
  JOB_STATUS_LABELS,
  JOB_TYPE_LABELS,
  MESSAGES,
  type JobPayload,
} from '@brightwave/common';
import { backgroundOf, SPEC_BADGE_COLOURS } from '../support/spec-colours';
import type { Locator, Page } from '@playwright/test';
import { format } from 'date-fns';
import { expect, expectNoAxeViolations, test, unique } from './fixtures';

const jobPayload = (title: string): JobPayload => ({
  title,
  department: 'design',
  location: 'remote',
  type: 'part-time',
  experience: '1-2 years',
  description: 'Design calm, clear interfaces.',
  requirements: ['Figma'],
});

/** Narrows the table to one job by searching its title (the search is debounced). */
async function findJobRow(page: Page, title: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(title);
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  return row;
}

function requirementItems(dialog: Locator) {
  return dialog.getByRole('list', { name: 'Requirements' }).getByRole('listitem');
}

const colourClass = (status: (typeof JOB_STATUSES)[number]) => backgroundOf(SPEC_BADGE_COLOURS.job[status]);

test.describe('jobs management', () => {
  // Long journeys with several axe runs on a shared 2-core machine.
  test.describe.configure({ timeout: 60_000 });

  test('the jobs screen: heading, Post New Job, the seven columns', async ({ page }) => {
    await page.goto('/admin/jobs');
    await expect(page.getByRole('heading', { name: 'Jobs Management', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Post New Job' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['Title', 'Department', 'Location', 'Type', 'Status', 'Posted', 'Actions']);
    const firstRow = page.getByRole('row').nth(1);
    await expect(firstRow.getByRole('button', { name: 'View Applications' })).toBeVisible();
    await expect(firstRow.getByRole('button', { name: 'Edit Job' })).toBeVisible();
    await expect(firstRow.getByRole('button', { name: 'Delete Job' })).toBeVisible();
    await expect(firstRow.getByRole('cell').nth(5)).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    await expectNoAxeViolations(page, 'jobs');
  });

  test('post a job with requirements, edit it, set every status, then delete it', async ({ page, api }) => {
    const title = unique('QA Engineer');
    await page.goto('/admin/jobs');
    await page.getByRole('button', { name: 'Post New Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post New Job' });
    await expect(dialog.getByLabel('Job Title')).toHaveValue('');
    await expect(dialog.getByRole('list', { name: 'Requirements' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'post new job dialog');
    for (const label of ['Job Title', 'Department', 'Location', 'Type', 'Experience', 'Description']) {
      await expect(dialog.getByLabel(label, { exact: false }).first()).toHaveAttribute('required', '');
    }

    await dialog.getByLabel('Job Title').fill(title);
    await dialog.getByRole('combobox', { name: 'Department' }).selectOption('engineering');
    await dialog.getByRole('combobox', { name: 'Location' }).selectOption('hybrid');
    await dialog.getByRole('combobox', { name: 'Type' }).selectOption('contract');
    await dialog.getByLabel('Experience').fill('2-3 years');
    await dialog.getByLabel('Description').fill('Own the quality of our releases.');

    const requirement = dialog.getByRole('textbox', { name: 'Requirements' });
    await requirement.fill('   ');
    await dialog.getByRole('button', { name: 'Add Requirement' }).click();
    await expect(dialog.getByRole('list', { name: 'Requirements' })).toHaveCount(0);
    await requirement.fill('  Playwright  ');
    await dialog.getByRole('button', { name: 'Add Requirement' }).click();
    await expect(requirement).toHaveValue('');
    await requirement.fill('Jest');
    await requirement.press('Enter');
    await requirement.fill('CI pipelines');
    await dialog.getByRole('button', { name: 'Add Requirement' }).click();
    await expect(requirementItems(dialog)).toHaveText(['Playwright', 'Jest', 'CI pipelines']);
    await dialog.getByRole('button', { name: 'Remove requirement 2' }).click();
    await expect(requirementItems(dialog)).toHaveText(['Playwright', 'CI pipelines']);

    await dialog.getByRole('button', { name: 'Post Job' }).click();
    await expect(page.getByText(MESSAGES.jobCreated)).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = await findJobRow(page, title);
    await expect(row.getByRole('cell')).toHaveText([
      title,
      JOB_DEPARTMENT_LABELS.engineering,
      JOB_LOCATION_LABELS.hybrid,
      JOB_TYPE_LABELS.contract,
      JOB_STATUS_LABELS.active,
      format(new Date(), DATE_FORMAT),
      '',
    ]);
    const created = (await api.request.get('/api/jobs/admin', { params: { q: title } }).then((r) => r.json())).jobs[0];
    expect(created).toMatchObject({ title, experience: '2-3 years', requirements: ['Playwright', 'CI pipelines'] });

    // Edit: the form opens filled with the job.
    await row.getByRole('button', { name: 'Edit Job' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Job' });
    await expect(edit.getByLabel('Job Title')).toHaveValue(title);
    await expect(edit.getByRole('combobox', { name: 'Type' })).toHaveValue('contract');
    await expect(requirementItems(edit)).toHaveText(['Playwright', 'CI pipelines']);
    const renamed = `${title} Senior`;
    await edit.getByLabel('Job Title').fill(renamed);
    await edit.getByRole('button', { name: 'Remove requirement 1' }).click();
    await edit.getByRole('button', { name: 'Update Job' }).click();
    await expect(page.getByText(MESSAGES.jobUpdated)).toBeVisible();
    await expect(row).toContainText(renamed);
    expect((await api.findJob(created._id))?.requirements).toEqual(['CI pipelines']);

    // A new job form starts empty again after an edit.
    await page.getByRole('button', { name: 'Post New Job' }).click();
    const fresh = page.getByRole('dialog', { name: 'Post New Job' });
    await expect(fresh.getByLabel('Job Title')).toHaveValue('');
    await expect(fresh.getByRole('list', { name: 'Requirements' })).toHaveCount(0);
    await fresh.getByRole('button', { name: 'Cancel' }).click();
    await expect(fresh).toBeHidden();

    // Status: any status from any state, the current one highlighted.
    let current: (typeof JOB_STATUSES)[number] = 'active';
    for (const next of ['expired', 'filled', 'active'] as const) {
      const badge = row.getByRole('button', { name: new RegExp(`^Status: ${JOB_STATUS_LABELS[current]}`) });
      await expect(badge).toHaveClass(colourClass(current));
      await badge.click();
      const statusDialog = page.getByRole('dialog', { name: 'Update Job Status' });
      await expect(statusDialog.getByRole('button', { name: new RegExp(JOB_STATUS_LABELS[current]) })).toHaveAttribute('aria-pressed', 'true');
      if (current === 'active') await expectNoAxeViolations(page, 'job status dialog');
      await statusDialog.getByRole('button', { name: new RegExp(`^${JOB_STATUS_LABELS[next]}`) }).click();
      await expect(page.getByText(MESSAGES.jobStatusUpdated).last()).toBeVisible();
      await expect(statusDialog).toBeHidden();
      await expect(row.getByRole('button', { name: new RegExp(`^Status: ${JOB_STATUS_LABELS[next]}`) })).toHaveClass(colourClass(next));
      expect((await api.findJob(created._id))?.status).toBe(next);
      current = next;
    }

    // Delete: Cancel keeps the job, Delete removes it.
    await row.getByRole('button', { name: 'Delete Job' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Job' });
    await expect(confirm).toContainText(MESSAGES.jobDeleteConfirm);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Delete Job' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(MESSAGES.jobDeleted)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await api.findJob(created._id)).toBeUndefined();
  });

  test('status, save and delete of a job deleted meanwhile show the failure messages', async ({ page, api }) => {
    const title = unique('Gone Job');
    const { data: job } = await api.createJob(jobPayload(title));
    await page.goto('/admin/jobs');
    const row = await findJobRow(page, title);
    await api.deleteJob(job._id);

    await row.getByRole('button', { name: /^Status: Active/ }).click();
    await page
      .getByRole('dialog', { name: 'Update Job Status' })
      .getByRole('button', { name: /^Filled/ })
      .click();
    await expect(page.getByText(MESSAGES.jobStatusFailure)).toBeVisible();

    await row.getByRole('button', { name: 'Edit Job' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Job' });
    await edit.getByRole('button', { name: 'Update Job' }).click();
    await expect(page.getByText(MESSAGES.jobNotFound)).toBeVisible();
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Delete Job' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Job' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(MESSAGES.jobDeleteFailure)).toBeVisible();
  });

  test("a jobs list that cannot load toasts 'Failed to fetch jobs'", async ({ page }) => {
    // The network drops the list request (a connection failure, not a made-up answer).
    await page.route('**/api/jobs/admin?**', (route) => route.abort('connectionrefused'));
    await page.goto('/admin/jobs');
    await expect(page.getByText(MESSAGES.jobsListFailure)).toBeVisible();
  });
});
