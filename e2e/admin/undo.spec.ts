// Undo (docs/features/workspace.md, docs/features/hiring.md): a change is made at once and its toast offers Undo,
// named for what it undoes; Undo closes the toast, reverts the change through the same route (so the timeline shows
// both) and says so. A status change and a note's deletion on a lead's page, a move on the pipeline board.
import { MESSAGES } from '@brightwave/common';
import { expect, expectNoAxeViolations, test, engineeringJob, unique } from './fixtures';

test.describe('undo', () => {
  test.describe.configure({ timeout: 60_000 });

  test("a lead's status change and the deletion of a note are undone from their toasts", async ({ page, api }) => {
    const name = unique('Una Undo');
    const { data: lead } = await api.createLead({ name, email: 'una@example.test', service: 'crm', message: 'Change your mind.' });

    await page.goto(`/admin/leads/${lead._id}`);
    const status = page.getByRole('region', { name: 'Status' }).getByRole('group', { name: 'Status' });
    await status.getByRole('button', { name: 'Contacted' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Status changed to Contacted' });
    const undo = toast.getByRole('button', { name: 'Undo: status changed to Contacted' });
    await expect(undo).toBeVisible();
    await expect(status.getByRole('button', { name: 'Contacted', pressed: true })).toBeVisible();
    // Paused while the pointer is over it, the toast stays for the checks.
    await toast.hover();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `lead page with an undo toast (${colorScheme})`);
    }
    await undo.click();
    await expect(undo).toHaveCount(0);
    await expect(page.getByText('Status back to New', { exact: true })).toBeVisible();
    await expect(status.getByRole('button', { name: 'New', pressed: true })).toBeVisible();
    const activity = page.getByRole('region', { name: 'Activity' });
    // The revert is a change like any other: both are in the timeline.
    await expect(activity.getByText('Status changed from Contacted to New', { exact: true })).toBeVisible();
    await expect(activity.getByText('Status changed from New to Contacted', { exact: true })).toBeVisible();
    expect(await api.leadStatus(lead._id)).toBe('new');

    const text = 'Wants a call on Friday.';
    await activity.getByRole('textbox', { name: 'New note' }).fill(text);
    await activity.getByRole('button', { name: 'Add note' }).click();
    const note = activity.getByRole('article', { name: /^Note by / });
    await expect(note).toContainText(text);
    await note.getByRole('button', { name: /^Delete the note by/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete note' });
    await expect(confirm).toContainText(MESSAGES.ownNoteDeleteConfirm);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(note).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo: note deleted' }).click();
    await expect(page.getByText('Note restored', { exact: true })).toBeVisible();
    await expect(note).toContainText(text);
  });

  test('a move on the pipeline board is undone from its toast: the card goes back to its column', async ({ page, api }) => {
    const title = unique('Undo Engineer');
    const job = engineeringJob(title, 'Take it back.', 'SQL');
    const { data: created } = await api.createJob(job);
    const fullName = unique('Ivy Undo');
    await api.apply({ job: created._id, fullName, email: 'ivy.undo@example.test', phone: '+15551234567', experience: '3 years' });

    await page.goto(`/admin/jobs/${created._id}/pipeline`);
    const column = (label: string) => page.getByRole('region', { name: new RegExp(`^${label} \\d+ application`) });
    const card = page.getByRole('article', { name: fullName });
    await card.getByRole('combobox', { name: `Move ${fullName} to` }).selectOption({ label: 'Shortlisted' });
    await card.getByRole('button', { name: `Move ${fullName}` }).click();
    await expect(column('Shortlisted').getByRole('article', { name: fullName })).toBeVisible();
    const undo = page.getByRole('button', { name: `Undo: ${fullName} moved to Shortlisted` });
    await undo.click();
    await expect(undo).toHaveCount(0);
    await expect(page.getByText(`${fullName} back in Pending`, { exact: true })).toBeVisible();
    await expect(column('Pending').getByRole('article', { name: fullName })).toBeVisible();
    await expect(column('Shortlisted').getByRole('article', { name: fullName })).toHaveCount(0);
    expect((await api.applications(created._id)).map((one) => one.status)).toEqual(['pending']);
  });
});
