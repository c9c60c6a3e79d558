// Hiring (docs/features/hiring.md): a job's pipeline board, rejections whose mails go out 48 hours later (one cancelled),
// the Deliveries screen's scheduled mails, and a rating on the application's page.
import { DELIVERY_TOPIC_LABELS, MESSAGES } from '@brightwave/common';
import { e2eBaseUrl } from '../support/env';
import { expect, expectNoAxeViolations, invitedAdminSession, sessionStorageState, test, engineeringJob, unique } from './fixtures';

test.describe('hiring', () => {
  // A long journey with several axe runs on a shared 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  test('a recruiter rejects three applicants on the board with the mail in 48 hours, cancels one and rates an applicant; the owner sees the others scheduled', async ({
    page: ownerPage,
    api,
    browser,
  }) => {
    const title = unique('Pipeline Engineer');
    const job = engineeringJob(title, 'Move data.', 'SQL');
    const { data: created } = await api.createJob(job);
    const applicants = ['Ada', 'Ben', 'Cyd'].map((first) => {
      const fullName = unique(`${first} Candidate`);
      return { fullName, email: `${fullName.replace(/\W+/g, '.').toLowerCase()}@example.test` };
    });
    for (const applicant of applicants) {
      await api.apply({ job: created._id, ...applicant, phone: '+15551234567', experience: '3 years' });
    }
    const [ada, ben, cyd] = applicants as [(typeof applicants)[0], (typeof applicants)[0], (typeof applicants)[0]];
    const recruiter = await invitedAdminSession(api, 'recruiter', unique('Rita Recruiter'));
    const context = await browser.newContext({ baseURL: e2eBaseUrl, storageState: sessionStorageState(recruiter) });
    const page = await context.newPage();

    await page.goto('/admin/jobs');
    await page.getByRole('link', { name: `Open the pipeline board of ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Pipeline: ${title}` })).toBeVisible();
    const column = (label: string) => page.getByRole('region', { name: new RegExp(`^${label}`) });
    await expect(column('Pending').getByRole('article')).toHaveCount(3);
    await expectNoAxeViolations(page, 'pipeline board');

    // One card moved with its Move control: the rejection is offered, in 48 hours by default.
    const card = page.getByRole('article', { name: ada.fullName });
    await card.getByRole('combobox', { name: `Move ${ada.fullName} to` }).selectOption({ label: 'Rejected' });
    await card.getByRole('button', { name: `Move ${ada.fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${ada.fullName}?` });
    await expect(dialog.getByRole('radio', { name: 'Send the rejection e-mail in 48 hours' })).toBeChecked();
    await expectNoAxeViolations(page, 'reject dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(page.getByText(MESSAGES.bulkUpdated, { exact: false }).first()).toBeVisible();
    await expect(column('Rejected').getByRole('article')).toHaveCount(1);

    // The other two together: selected, rejected with the kind rejection in 48 hours.
    for (const applicant of [ben, cyd]) await page.getByRole('checkbox', { name: `Select ${applicant.fullName}` }).check();
    const bulk = page.getByRole('form', { name: 'Change the selected applications' });
    await bulk.getByRole('combobox', { name: 'Set status to' }).selectOption({ label: 'Rejected' });
    await bulk.getByRole('combobox', { name: 'With e-mail' }).selectOption({ label: 'Kind rejection' });
    await bulk.getByRole('combobox', { name: 'When' }).selectOption({ label: 'In 48 hours' });
    await bulk.getByRole('button', { name: /^Apply/ }).click();
    await expect(column('Rejected').getByRole('article')).toHaveCount(3);
    await expect(column('Pending').getByRole('article')).toHaveCount(0);

    // Ada's mail cancelled on her page; she is rated there too.
    await page.getByRole('link', { name: ada.fullName }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ada.fullName);
    const mails = page.getByRole('region', { name: 'E-mails to the candidate' });
    const scheduled = mails.getByRole('article', { name: 'Your application for {{jobTitle}}' });
    await expect(scheduled).toContainText('Scheduled');
    await scheduled.getByRole('button', { name: 'Cancel the e-mail Your application for {{jobTitle}}' }).click();
    await page.getByRole('alertdialog', { name: 'Cancel the scheduled e-mail' }).getByRole('button', { name: 'Cancel the e-mail' }).click();
    await expect(page.getByText(MESSAGES.candidateEmailCancelled, { exact: true })).toBeVisible();
    await expect(scheduled).toContainText('Cancelled');

    const ratings = page.getByRole('region', { name: 'Ratings' });
    await ratings.getByRole('radio', { name: 'Strong yes' }).check();
    await ratings.getByRole('textbox', { name: 'Comment (optional)' }).fill('Clear thinking about data models.');
    await ratings.getByRole('button', { name: 'Save rating' }).click();
    await expect(page.getByText(MESSAGES.ratingSaved, { exact: true })).toBeVisible();
    await expect(ratings).toContainText('Clear thinking about data models.');
    await expect(ratings).toContainText(/Average 4 from 1 rating/);
    await expectNoAxeViolations(page, 'application with ratings and e-mails');

    await context.close();

    // The two others wait on the Deliveries screen (owners only), scheduled; Ada's is cancelled.
    await ownerPage.goto('/admin/deliveries');
    for (const [applicant, state] of [
      [ben, 'Scheduled'],
      [cyd, 'Scheduled'],
      [ada, 'Cancelled'],
    ] as const) {
      await ownerPage.getByRole('searchbox', { name: 'Search deliveries' }).fill(applicant.email);
      const row = ownerPage.getByRole('row').filter({ hasText: DELIVERY_TOPIC_LABELS['application.candidate'] });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(state);
    }
    await expectNoAxeViolations(ownerPage, 'deliveries with scheduled mails');
  });

  test("the SPEC's Applications modal changes the status at once, then offers the rejection e-mail, scheduled in 48 hours", async ({ page, api }) => {
    const title = unique('Modal Role');
    const { data: job } = await api.createJob({
      title,
      department: 'design',
      location: 'remote',
      type: 'contract',
      experience: '1+ years',
      description: 'Design it.',
      requirements: ['Figma'],
    });
    const name = unique('Mia Modal');
    await api.apply({
      job: job._id,
      fullName: name,
      email: `${name.replace(/\W+/g, '.').toLowerCase()}@example.test`,
      phone: '5550333',
      experience: '2 years',
    });

    await page.goto('/admin/jobs');
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill(title);
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'View Applications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Applications (1)' });
    await dialog.getByRole('combobox', { name: `Status of ${name}` }).selectOption('rejected');
    await expect(page.getByText(MESSAGES.applicationStatusUpdated, { exact: true })).toBeVisible();
    const offer = dialog.getByRole('region', { name: `Send ${name} the rejection e-mail (Kind rejection)?` });
    await expectNoAxeViolations(page, 'rejection offer in the applications modal');
    await offer.getByRole('button', { name: 'In 48 hours' }).click();
    await expect(page.getByText(MESSAGES.candidateEmailScheduled, { exact: true })).toBeVisible();
    await expect(offer).toHaveCount(0);
    const [application] = await api.applications(job._id);
    expect(application?.status).toBe('rejected');
  });

  test('the Interview invitation of a new install is previewed and sent as installed, with no booking link set', async ({ page, api }) => {
    const { data: job } = await api.createJob({
      title: unique('Invited Role'),
      department: 'engineering',
      location: 'hybrid',
      type: 'full-time',
      experience: '3 years',
      description: 'Build it.',
      requirements: ['TypeScript'],
    });
    const { data: application } = await api.apply({
      job: job._id,
      fullName: 'Ivo Invited',
      email: `${unique('ivo').replace(/\W+/g, '.')}@example.test`,
      phone: '5550444',
      experience: '3 years',
    });
    await page.goto(`/admin/applications/${application._id}`);
    const form = page.getByRole('form', { name: 'Write to the candidate' });
    await form.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Interview invitation' });
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('Hello Ivo,');
    await expect(preview).toContainText('Please reply to this e-mail with a few days and times that suit you');
    await form.getByRole('button', { name: 'Send e-mail' }).click();
    await expect(page.getByText(MESSAGES.candidateEmailQueued, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'E-mails to the candidate' }).getByRole('article', { name: 'Interview for {{jobTitle}} at {{companyName}}' }),
    ).toBeVisible();
  });
});
