// The staff workspace (docs/features/workspace.md): an item's page (owner, notes and timeline as one feed, follow-up), My work, the lists' owner and
// overdue columns, filters and bulk assignment, and the dashboard's overdue follow-ups.
import { DATE_FORMAT, MESSAGES, NOTE_MAX_LENGTH } from '@brightwave/common';
import type { Page } from '@playwright/test';
import { addDays, format, set, subHours } from 'date-fns';
import { e2eAdmin } from '../support/env';
import { expect, expectNoAxeViolations, openFilters, test, engineeringJob, unique } from './fixtures';

const DATE_TIME = `${DATE_FORMAT} HH:mm`;

/** Searches a list and waits until it holds only the rows matching (the search is debounced). */
async function search(page: Page, noun: 'leads' | 'queries', text: string, rows = 1) {
  await page.getByRole('searchbox', { name: `Search ${noun}` }).fill(text);
  await expect(page.getByRole('row')).toHaveCount(rows + 1);
}

test.describe('staff workspace', () => {
  // Long journeys with several axe runs on a shared 2-core machine.
  test.describe.configure({ timeout: 60_000 });

  test('an admin opens a lead from the list, assigns it, adds and deletes a note, sets a follow-up, finds it on My work; the timeline tells it all', async ({
    page,
    api,
  }) => {
    const name = unique('Workspace Lead');
    const { data } = await api.createLead({ name, email: 'workspace.lead@example.test', service: 'crm', message: 'Our CRM needs a rethink.' });

    await page.goto('/admin/leads');
    await search(page, 'leads', name);
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/leads/${data._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Quote request from ${name}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Quote request' })).toContainText('Our CRM needs a rethink.');
    await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Sent the quote request form');
    await expectNoAxeViolations(page, 'lead page');

    const owner = page.getByRole('region', { name: 'Owner' });
    await owner.getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.getByText(MESSAGES.ownerAssigned, { exact: true })).toBeVisible();
    await expect(owner.getByRole('combobox', { name: 'Owner' }).locator('option:checked')).toHaveText(e2eAdmin.name);
    await expect(owner.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);

    const notes = page.getByRole('region', { name: 'Activity' });
    const text = 'Called back: wants a demo on Tuesday.';
    await notes.getByRole('textbox', { name: 'New note' }).fill(text);
    await expect(notes).toContainText(`${text.length} / ${NOTE_MAX_LENGTH} characters`);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText(MESSAGES.noteAdded, { exact: true })).toBeVisible();
    const note = notes.getByRole('article', { name: new RegExp(`^Note by ${e2eAdmin.name}`) });
    await expect(note).toContainText(text);
    await expect(notes.getByRole('textbox', { name: 'New note' })).toHaveValue('');
    await note.getByRole('button', { name: /^Delete the note by/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete note' });
    await expect(confirm).toContainText(MESSAGES.ownNoteDeleteConfirm);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(MESSAGES.noteDeleted, { exact: true })).toBeVisible();
    await expect(notes.getByRole('article')).toHaveCount(0);
    await expect(notes).not.toContainText(text);

    const tomorrow = set(addDays(new Date(), 1), { hours: 10, minutes: 30, seconds: 0, milliseconds: 0 });
    const followUp = page.getByRole('region', { name: 'Follow-up' });
    await followUp.getByLabel('Follow-up time').fill(format(tomorrow, "yyyy-MM-dd'T'HH:mm"));
    await followUp.getByRole('button', { name: 'Set follow-up' }).click();
    await expect(page.getByText(MESSAGES.followUpSet, { exact: true })).toBeVisible();
    await expect(followUp).toContainText(`Follow up by ${format(tomorrow, DATE_TIME)}`);
    await expect(followUp).not.toContainText('Overdue');

    // Notes and timeline are one feed, the newest first.
    const timeline = page.getByRole('list', { name: 'Activity, newest first' });
    await page.getByRole('button', { name: 'Refresh the activity' }).click();
    await expect(timeline.getByRole('listitem')).toContainText([
      'Follow-up set for',
      'Deleted a note',
      'Added a note (since deleted)',
      `Assigned to ${e2eAdmin.name}`,
      'Sent the quote request form',
    ]);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'My work' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Quote request');
    await expect(row).toContainText('New');
    await expect(row).toContainText(format(tomorrow, DATE_TIME));
    await expect(row).not.toContainText('Overdue');
    await expectNoAxeViolations(page, 'my work');
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/leads/${data._id}$`));
  });

  test('an item whose follow-up has passed is Overdue in its list, on its page and on My work, and the dashboard links to it', async ({
    page,
    api,
    adminSession,
  }) => {
    const name = unique('Overdue Query');
    const { data } = await api.createContact({ name, email: 'overdue.query@example.test', department: 'support', message: 'Still waiting.' });
    await api.setOwner('contact', data._id, adminSession.admin._id);
    await api.setFollowUp('contact', data._id, subHours(new Date(), 2));

    await page.goto('/admin/dashboard');
    const overdue = page.getByRole('region', { name: 'Overdue follow-ups' });
    await overdue.getByRole('link', { name: /^\d+ contact messages? overdue$/ }).click();
    await expect(page).toHaveURL(/\/admin\/queries\?(.*&)?overdue=true/);
    await expect(page.getByRole('button', { name: 'Remove filter: Overdue only' })).toBeVisible();
    await expect((await openFilters(page)).getByRole('checkbox', { name: 'Overdue only' })).toBeChecked();
    await page.keyboard.press('Escape');
    await search(page, 'queries', name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Overdue', { exact: true })).toBeVisible();
    await expect(row).toContainText(e2eAdmin.name);
    await expectNoAxeViolations(page, 'queries with the workspace columns');

    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Contact message from ${name}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Follow-up' }).getByText('Overdue', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'query page with an overdue follow-up');

    await page.goto('/admin/my-work');
    const mine = page.getByRole('row').filter({ hasText: name });
    await expect(mine).toContainText('Contact message');
    await expect(mine.getByText('Overdue', { exact: true })).toBeVisible();
  });

  test('rows selected in a list are assigned in one go, with one toast; the owner filter then finds them', async ({ page, api }) => {
    const tag = unique('bulktag');
    for (const person of ['Bulk One', 'Bulk Two']) {
      await api.createLead({ name: `${person} ${tag}`, email: 'bulk@example.test', service: 'web', message: tag });
    }
    await page.goto('/admin/leads');
    await search(page, 'leads', tag, 2);
    // The bulk bar appears only once something is selected.
    const bulk = page.getByRole('form', { name: 'Assign selected leads' });
    await expect(bulk).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByText('2 selected', { exact: true })).toBeVisible();
    await bulk.getByRole('combobox', { name: 'Assign selected to' }).selectOption({ label: e2eAdmin.name });
    await bulk.getByRole('button', { name: 'Assign selected' }).click();
    await expect(page.getByText(`2 leads assigned to ${e2eAdmin.name}`)).toBeVisible();
    for (const person of ['Bulk One', 'Bulk Two']) {
      await expect(page.getByRole('row').filter({ hasText: `${person} ${tag}` })).toContainText(e2eAdmin.name);
    }

    await (await openFilters(page)).getByRole('combobox', { name: 'Owner' }).selectOption({ label: 'Unassigned' });
    await expect(page.getByText('No leads found.')).toBeVisible();
    await (await openFilters(page)).getByRole('combobox', { name: 'Owner' }).selectOption({ label: 'Me' });
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Follow-up' });
    await expect(page.getByRole('row')).toHaveCount(3);
  });

  test("an application opens from its job's Applications dialog: its page has the resume, owner and follow-up", async ({ page, api }) => {
    const title = unique('Workspace Engineer');
    const job = engineeringJob(title, 'Build it.', 'TypeScript');
    const { data: created } = await api.createJob(job);
    const applicant = unique('Wanda Workspace');
    const { data } = await api.apply({ job: created._id, fullName: applicant, email: 'wanda@example.test', phone: '5550100', experience: '3 years' });

    await page.goto('/admin/jobs');
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill(title);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'View Applications' }).click();
    const card = page.getByRole('dialog', { name: 'Applications (1)' }).getByRole('article', { name: applicant });
    await expect(card).toContainText('Unassigned');
    await card.getByRole('link', { name: `Open the application of ${applicant}` }).click();

    await expect(page).toHaveURL(new RegExp(`/admin/applications/${data._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Job application from ${applicant}` })).toBeVisible();
    const details = page.getByRole('region', { name: 'Job application' });
    await expect(details).toContainText(title);
    await expect(details.getByRole('button', { name: `Download Resume of ${applicant}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Activity' })).toContainText(`Applied for ${title}`);
    await expectNoAxeViolations(page, 'application page');
  });
});
