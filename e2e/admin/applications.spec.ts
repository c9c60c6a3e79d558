// SPEC §2, §4, §8, §9: the 'Applications (count)' dialog, resume download and application statuses.
import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, DATE_FORMAT, MESSAGES, type JobPayload } from '@brightwave/common';
import { backgroundOf, SPEC_BADGE_COLOURS } from '../support/spec-colours';
import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import fs from 'node:fs';
import { expect, expectNoAxeViolations, openFilters, SAMPLE_PDF, test, unique } from './fixtures';

const jobPayload = (title: string): JobPayload => ({
  title,
  department: 'engineering',
  location: 'onsite',
  type: 'full-time',
  experience: '3+ years',
  description: 'Build the things our clients use.',
  requirements: ['TypeScript'],
});

async function openApplications(page: Page, title: string) {
  await page.goto('/admin/jobs');
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(title);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'View Applications' }).click();
}

test.describe('applications', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the dialog lists every application with its details; the resume downloads under its name with the exact bytes', async ({ page, api }) => {
    const title = unique('Backend Developer');
    const { data: job } = await api.createJob(jobPayload(title));
    const jane = unique('Jane Doe');
    await api.apply({
      job: job._id,
      fullName: jane,
      email: 'jane.doe@example.test',
      phone: '+15550102030',
      experience: '4 years',
      coverLetter: 'I would love to build with you.',
      portfolio: 'https://jane.example.test/work',
    });
    const john = unique('John Roe');
    await api.apply({ job: job._id, fullName: john, email: 'john.roe@example.test', phone: '5550999', experience: '1 year' });

    await openApplications(page, title);
    const dialog = page.getByRole('dialog', { name: 'Applications (2)' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('article')).toHaveCount(2);
    await expectNoAxeViolations(page, 'applications dialog');

    const card = dialog.getByRole('article', { name: jane });
    await expect(card).toContainText('jane.doe@example.test');
    await expect(card).toContainText('+15550102030');
    await expect(card).toContainText('4 years');
    await expect(card).toContainText('I would love to build with you.');
    await expect(card).toContainText(`Received ${format(new Date(), DATE_FORMAT)}`);
    const portfolio = card.getByRole('link', { name: /jane\.example\.test\/work/ });
    await expect(portfolio).toHaveAttribute('href', 'https://jane.example.test/work');
    await expect(portfolio).toHaveAttribute('target', '_blank');
    await expect(portfolio).toHaveAttribute('rel', /noopener/);

    const downloadPromise = page.waitForEvent('download');
    await card.getByRole('button', { name: `Download Resume of ${jane}` }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`${jane}_resume.pdf`);
    expect(fs.readFileSync(await download.path())).toEqual(SAMPLE_PDF);

    await expect(dialog.getByRole('article', { name: john })).toContainText('john.roe@example.test');

    // The CSV export of the job's applications, made by the server.
    const exportPromise = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export CSV of the applications' }).click();
    const exported = await exportPromise;
    expect(exported.suggestedFilename()).toBe(`applications-${format(new Date(), 'yyyy-MM-dd')}.csv`);
    const csv = fs.readFileSync(await exported.path(), 'utf8');
    expect(csv).toContain('"Name","Email","Phone","Experience","Portfolio","Cover Letter","Status","Received"');
    expect(csv).toContain(
      `"${jane}","jane.doe@example.test","'+15550102030","4 years","https://jane.example.test/work","I would love to build with you.","Pending","${format(new Date(), DATE_FORMAT)}"`,
    );
    expect(csv).toContain(`"${john}","john.roe@example.test","5550999"`);
    expect(csv.trim().split('\r\n')).toHaveLength(3);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('an application can be set to each of the five statuses; the list follows and the server keeps it', async ({ page, api }) => {
    const title = unique('Support Lead');
    const { data: job } = await api.createJob(jobPayload(title));
    const name = unique('Ann Applicant');
    const { data: application } = await api.apply({
      job: job._id,
      fullName: name,
      email: 'ann@example.test',
      phone: '5550111',
      experience: '2 years',
    });

    await openApplications(page, title);
    const dialog = page.getByRole('dialog', { name: 'Applications (1)' });
    const status = dialog.getByRole('combobox', { name: `Status of ${name}` });
    await expect(status).toHaveValue('pending');
    await expect(status.getByRole('option')).toHaveText(APPLICATION_STATUSES.map((key) => APPLICATION_STATUS_LABELS[key]));

    const toast = page.getByRole('alert').filter({ hasText: MESSAGES.applicationStatusUpdated });
    for (const next of ['reviewed', 'shortlisted', 'rejected', 'hired', 'pending'] as const) {
      await status.selectOption(next);
      // One toast per change: each is closed before the next change. The click is dispatched to the button: a
      // pointer click waits for the toast's slide-in to settle, which a loaded machine once stretched past 60 s.
      await expect(toast).toHaveCount(1);
      await toast.getByRole('button', { name: 'close' }).dispatchEvent('click');
      await expect(toast).toHaveCount(0);
      await expect(status).toHaveValue(next);
      await expect(status).toHaveClass(backgroundOf(SPEC_BADGE_COLOURS.application[next]));
      const stored = (await api.applications(job._id)).find((row) => row._id === application._id);
      expect(stored?.status).toBe(next);
    }
  });

  test("a status change that fails toasts 'Failed to update application status' and re-fetches the list", async ({ page, api }) => {
    const title = unique('Gone Role');
    const { data: job } = await api.createJob(jobPayload(title));
    const name = unique('Gil Gone');
    await api.apply({ job: job._id, fullName: name, email: 'gil@example.test', phone: '5550222', experience: '5 years' });

    await openApplications(page, title);
    const dialog = page.getByRole('dialog', { name: 'Applications (1)' });
    const status = dialog.getByRole('combobox', { name: `Status of ${name}` });
    await expect(status).toHaveValue('pending');
    // The job goes, and its applications with it, while the dialog is open.
    await api.deleteJob(job._id);
    const refetch = page.waitForRequest((request) => request.url().endsWith(`/api/jobs/applications/${job._id}`));
    await status.selectOption('hired');
    await expect(page.getByText(MESSAGES.applicationStatusFailure)).toBeVisible();
    await refetch;
  });

  test("a list that cannot load toasts 'Failed to fetch applications'", async ({ page, api }) => {
    const title = unique('Unreachable Role');
    await api.createJob(jobPayload(title));
    // The network drops the applications request (a connection failure, not a made-up answer).
    await page.route('**/api/jobs/applications/**', (route) => route.abort('connectionrefused'));
    await openApplications(page, title);
    await expect(page.getByText(MESSAGES.applicationsListFailure)).toBeVisible();
  });

  test('a resume that is not a PDF is still saved as <fullName>_resume with its own extension', async ({ page, api }) => {
    const title = unique('Writer');
    const { data: job } = await api.createJob(jobPayload(title));
    const name = unique('Wanda Word');
    // A .doc file (OLE compound document signature).
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const response = await api.request.post('/api/jobs/apply', {
      data: {
        job: job._id,
        fullName: name,
        email: 'wanda@example.test',
        phone: '5550333',
        experience: '6 years',
        resume: `data:application/msword;base64,${doc.toString('base64')}`,
        isResumeBase64: true,
      },
    });
    expect(response.ok(), await response.text()).toBeTruthy();
    await openApplications(page, title);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download Resume of ${name}` }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`${name}_resume.doc`);
    expect(fs.readFileSync(await download.path())).toEqual(doc);
  });
});

test.describe('every job’s applications', () => {
  test('Hiring → Applications lists the applications of every job with their job; search and status narrow it and stay in the address through a reload, and a row opens its page', async ({
    page,
    api,
  }) => {
    const stem = unique('Queue');
    const { data: backend } = await api.createJob(jobPayload(`${stem} Backend`));
    const { data: design } = await api.createJob(jobPayload(`${stem} Design`));
    const ada = `${stem} Ada`;
    const bob = `${stem} Bob`;
    const { data: adaApplication } = await api.apply({
      job: backend._id,
      fullName: ada,
      email: 'ada.queue@example.test',
      phone: '5550101',
      experience: '5 years',
    });
    await api.apply({ job: design._id, fullName: bob, email: 'bob.queue@example.test', phone: '5550102', experience: '2 years' });
    await api.request.put(`/api/jobs/applications/${adaApplication._id}/status`, { data: { status: 'shortlisted' } });

    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('list', { name: 'Hiring' }).getByRole('link', { name: 'Applications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(stem);
    const table = page.getByRole('table', { name: 'Applications, newest first' });
    await expect(table.getByRole('row')).toHaveCount(3);
    // Newest first, each with its job.
    await expect(table.getByRole('row').nth(1)).toContainText(bob);
    await expect(table.getByRole('row').nth(1)).toContainText(`${stem} Design`);
    await expect(table.getByRole('row').nth(2)).toContainText(ada);
    await expect(table.getByRole('row').nth(2)).toContainText(`${stem} Backend`);
    await expectNoAxeViolations(page, 'every job’s applications');

    await (await openFilters(page)).getByRole('combobox', { name: 'Status' }).selectOption({ label: APPLICATION_STATUS_LABELS.shortlisted });
    await expect(table.getByRole('row')).toHaveCount(2);
    // The view is in the address: a reload (or a bookmark) shows the same list.
    await expect(page).toHaveURL(/\/admin\/applications\?status=shortlisted&q=Queue/);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search applications' })).toHaveValue(stem);
    await expect(page.getByRole('button', { name: `Remove filter: Status ${APPLICATION_STATUS_LABELS.shortlisted}` })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: ada }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/applications/${adaApplication._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(ada) })).toBeVisible();
  });
});
