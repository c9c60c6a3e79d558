// Interview scheduling (docs/features/booking.md, "Interviews"): a recruiter invites a candidate from the application's
// page with two interviewers; the candidate follows the mailed link to the booking page and books a time both share;
// the application is then shortlisted and its interview booked, on its page and on the pipeline board's card.
import { INTERVIEW_MESSAGES, bookingPageTexts, required } from '@brightwave/common';
import { waitForMail } from '@brightwave/testing';
import { ALWAYS } from '../support/booking';
import { e2eBaseUrl } from '../support/env';
import { engineeringJob, expect, expectNoAxeViolations, invitedAdminSession, outboxSnapshot, sessionStorageState, test, unique } from './fixtures';

test('a recruiter invites a candidate to interview with two interviewers; the candidate books a time from the mail; the application is shortlisted', async ({
  api,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const title = unique('Interview Engineer');
  const { data: job } = await api.createJob(engineeringJob(title, 'Build things.', 'TypeScript'));
  const fullName = unique('Cara Candidate');
  const email = `${fullName.replace(/\W+/g, '.').toLowerCase()}@example.test`;
  const { data: application } = await api.apply({ job: job._id, fullName, email, phone: '+15551234567', experience: '3 years' });

  // Two interviewers of the test's own who take calls at any time.
  const recruiter = await invitedAdminSession(api, 'recruiter', unique('Rita Recruiter'));
  const engineer = await invitedAdminSession(api, 'recruiter', unique('Eli Engineer'));
  for (const interviewer of [recruiter, engineer]) {
    const saved = await request.put('/api/admin/me/availability', { headers: { Authorization: `Bearer ${interviewer.token}` }, data: ALWAYS });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  const context = await browser.newContext({ baseURL: e2eBaseUrl, storageState: sessionStorageState(recruiter) });
  const page = await context.newPage();
  await page.goto(`/admin/applications/${application._id}`);
  const section = page.getByRole('region', { name: 'Interview' });
  await expect(section.getByText('No interview invitations yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Invite to interview' }).click();

  const dialog = page.getByRole('dialog', { name: `Invite ${fullName} to interview` });
  const interviewers = dialog.getByRole('group', { name: 'Interviewers' });
  await interviewers.getByRole('checkbox', { name: recruiter.admin.name }).check();
  await interviewers.getByRole('checkbox', { name: engineer.admin.name }).check();
  await dialog.getByRole('spinbutton', { name: 'Interview length (minutes)' }).fill('30');
  await expect(dialog.getByRole('combobox', { name: 'Status once a time is booked' })).toHaveValue('shortlisted');
  await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('We would love to hear about your last project.');
  await expectNoAxeViolations(page, 'invite to interview dialog');
  const before = outboxSnapshot();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(INTERVIEW_MESSAGES.sent)).toBeVisible();
  const invitations = section.getByRole('list', { name: 'Interview invitations, newest first' });
  await expect(invitations.getByRole('listitem')).toHaveCount(1);
  await expect(invitations.getByText('Invited, no time booked yet')).toBeVisible();

  // The candidate's mail holds the recruiter's message and the link to pick a time.
  const link = await waitForMail(
    api.server.outboxDir,
    before,
    (text) =>
      text.includes(`To: ${email}`) && text.includes('We would love to hear about your last project.') ? /\/book\/[\w-]{50}/.exec(text)?.[0] : undefined,
    { what: `the interview invitation to ${email}` },
  );
  const candidate = await browser.newContext({ baseURL: e2eBaseUrl, timezoneId: 'Europe/Lisbon' });
  const bookingPage = await candidate.newPage();
  await bookingPage.goto(link);
  const texts = bookingPageTexts('interview');
  const names = `${required(recruiter.admin.name.split(' ')[0], 'a first name')} and ${required(engineer.admin.name.split(' ')[0], 'a first name')}`;
  await expect(bookingPage.getByRole('heading', { level: 1, name: texts.title(names) })).toBeVisible();
  await expect(bookingPage.getByText(texts.tagline(30))).toBeVisible();
  const first = bookingPage.getByRole('radio').first();
  // Chosen with the keyboard, as a candidate may (the radios are drawn as buttons).
  await first.focus();
  await bookingPage.keyboard.press('Space');
  await expect(first).toBeChecked();
  await bookingPage.getByRole('button', { name: texts.book }).click();
  await expect(bookingPage.getByRole('heading', { name: texts.bookedHeading })).toBeFocused();
  await candidate.close();

  // The recruiter sees it booked, and the application shortlisted, on its page and on the board.
  await page.reload();
  await expect(invitations.getByText('Booked', { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: `Status of ${fullName}` })).toHaveValue('shortlisted');
  await expectNoAxeViolations(page, 'application with a booked interview');
  await page.goto(`/admin/jobs/${job._id}/pipeline`);
  const card = page.getByRole('article', { name: fullName });
  await expect(card.getByText(/^Interview: \w{3} \d{1,2} \w{3}, \d\d:\d\d$/)).toBeVisible();
  await expect(page.getByRole('region', { name: /^Shortlisted/ }).getByRole('article', { name: fullName })).toBeVisible();
  await context.close();
});
