// Custom form questions in the admin (docs/features/form-questions.md): a job's questions with a knockout answer, from
// the job form to the knocked-out application's page and the list's filters (knocked out, and by the answer); the Forms
// screen's editor and preview.
import { MESSAGES, QUESTION_MESSAGES, type Job } from '@brightwave/common';
import { SAMPLE_PDF, expect, expectNoAxeViolations, openFilters, test, unique } from './fixtures';

test("a job's yes/no question with a knockout answer: the application that gives it is knocked out, shown and filtered, also by its answer", async ({
  page,
  api,
}) => {
  // A job posted through the form, an application, two pages and the list, with two axe checks.
  test.setTimeout(90_000);
  const title = unique('Permit Designer');
  await page.goto('/admin/jobs');
  await page.getByRole('button', { name: 'Post New Job' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post New Job' });
  await dialog.getByLabel('Job Title').fill(title);
  await dialog.getByRole('combobox', { name: 'Department' }).selectOption('design');
  await dialog.getByRole('combobox', { name: 'Location' }).selectOption('remote');
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption('full-time');
  await dialog.getByLabel('Experience').fill('3+ years');
  await dialog.getByLabel('Description').fill('Design the product people see first.');

  const questions = dialog.getByRole('region', { name: 'Questions for applicants' });
  await questions.getByRole('combobox', { name: 'Kind of the new question' }).selectOption({ label: 'Yes or no' });
  await questions.getByRole('button', { name: 'Add question' }).click();
  await questions.getByRole('textbox', { name: 'Label' }).fill('Do you hold a work permit?');
  await questions.getByRole('checkbox', { name: 'Required' }).check();
  await questions.getByRole('group', { name: 'Knock out applicants who answer Do you hold a work permit? with' }).getByRole('checkbox', { name: 'No' }).check();
  await expect(questions.getByRole('region', { name: 'Preview' }).getByRole('checkbox', { name: 'Do you hold a work permit?' })).toBeVisible();
  await expectNoAxeViolations(page, 'job form with questions');
  await dialog.getByRole('button', { name: 'Post Job' }).click();
  await expect(page.getByText(MESSAGES.jobCreated)).toBeVisible();

  const { jobs } = (await (await api.request.get('/api/jobs/admin', { params: { q: title } })).json()) as { jobs: Job[] };
  const job = jobs.find((one) => one.title === title);
  const permit = job?.questions[0];
  expect(permit).toMatchObject({ label: 'Do you hold a work permit?', type: 'checkbox', required: true, knockout: { answers: ['no'] } });
  expect(permit?.id).toMatch(/^do-you-hold-a-work-permit-[a-z0-9]{4}$/);

  const permitId = permit?.id ?? '';
  const apply = async (fullName: string, holdsPermit: boolean) => {
    const applied = await api.request.post('/api/jobs/apply', {
      data: {
        job: job?._id,
        fullName,
        email: `${fullName.replace(/\W+/g, '.').toLowerCase()}@example.test`,
        phone: '+15550100',
        experience: '4 years',
        resume: `data:application/pdf;base64,${SAMPLE_PDF.toString('base64')}`,
        isResumeBase64: true,
        answers: { [permitId]: holdsPermit },
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    return ((await applied.json()) as { data: { _id: string } }).data;
  };
  const permitted = unique('Permitted Applicant');
  await apply(permitted, true);
  const fullName = unique('Knocked Applicant');
  const data = await apply(fullName, false);

  await page.goto(`/admin/applications/${data._id}`);
  await expect(page.getByRole('note', { name: 'Knocked out' })).toContainText('answered “No” to “Do you hold a work permit?”');
  const answers = page.getByRole('region', { name: 'Answers' });
  await expect(answers.getByRole('term')).toHaveText(['Do you hold a work permit?']);
  await expect(answers.getByRole('definition')).toHaveText(['No']);
  await expectNoAxeViolations(page, 'knocked-out application');

  // On the job's board the knocked-out card says so, and why; the other does not.
  await page.goto(`/admin/jobs/${job?._id}/pipeline`);
  const knockedCard = page.getByRole('article', { name: fullName });
  await expect(knockedCard.getByText('Knocked out', { exact: false })).toHaveAttribute('title', 'Knocked out by the answer to “Do you hold a work permit?”');
  await expect(page.getByRole('article', { name: permitted }).getByText('Knocked out')).toHaveCount(0);

  await page.goto('/admin/applications');
  const filters = await openFilters(page);
  await filters.getByRole('checkbox', { name: 'Knocked out only' }).check();
  await expect(page).toHaveURL(/knockedOut=true/);
  await expect(page.getByRole('link', { name: fullName })).toBeVisible();
  await expect(page.getByRole('link', { name: permitted })).toBeHidden();

  // The answer filter: the question (by its id: every job's questions are offered), then its answer.
  await filters.getByRole('checkbox', { name: 'Knocked out only' }).uncheck();
  await expect(page.getByRole('link', { name: permitted })).toBeVisible();
  await filters.getByRole('combobox', { name: 'Question' }).selectOption(permitId);
  await filters.getByRole('combobox', { name: 'Answer' }).selectOption({ label: 'No' });
  await expect(page).toHaveURL(new RegExp(`question=${permitId}&answer=no`));
  await expect(page.getByRole('link', { name: fullName })).toBeVisible();
  await expect(page.getByRole('link', { name: permitted })).toBeHidden();
});

// The quote and contact forms are read by the site's suites on this server: this test saves nothing (Discard changes).
test('the Forms screen: a question shown on an earlier answer in the preview, and problems at their fields', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/admin/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quote form' })).toHaveAttribute('aria-current', 'page');
  const questions = page.getByRole('list', { name: 'Questions' });
  const before = await questions.locator(':scope > li').count();

  await page.getByRole('combobox', { name: 'Kind of the new question' }).selectOption({ label: 'One choice from a list' });
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByRole('textbox', { name: 'Label' }).last()).toBeFocused();
  await page.keyboard.type('Budget e2e');
  await page.getByRole('combobox', { name: 'Kind of the new question' }).selectOption({ label: 'Short text' });
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.keyboard.type('Timeline e2e');
  const timeline = page.getByRole('group', { name: `Question ${before + 2}: Timeline e2e` });
  await timeline.getByRole('combobox', { name: 'Show this question' }).selectOption({ label: 'Only when “Budget e2e” is answered…' });

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('textbox', { name: 'Timeline e2e' })).toBeHidden();
  await preview.getByRole('combobox', { name: 'Budget e2e' }).selectOption('Option 1');
  await expect(preview.getByRole('textbox', { name: 'Timeline e2e' })).toBeVisible();

  // Moved by keyboard: Alt+Up from its label puts it above Budget, where its condition is refused at the field.
  await timeline.getByRole('textbox', { name: 'Label' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByRole('group', { name: `Question ${before + 1}: Timeline e2e` })).toBeVisible();
  await page.getByRole('button', { name: 'Save quote form' }).click();
  await expect(page.getByText(MESSAGES.validationFailed)).toBeVisible();
  await expect(
    page.getByRole('group', { name: `Question ${before + 1}: Timeline e2e` }).getByRole('combobox', { name: 'Show this question' }),
  ).toHaveAccessibleDescription(QUESTION_MESSAGES.showIfOrder);
  await expectNoAxeViolations(page, 'forms screen');

  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(questions.locator(':scope > li')).toHaveCount(before);
});
