// A job's optional closing date, from the admin form to the careers page and its job page's JobPosting data.
import { MESSAGES, formatCalendarDate, todayUtc } from '@brightwave/common';
import { expect, test, unique } from './fixtures';

const inTwoWeeks = () => todayUtc(new Date(Date.now() + 14 * 24 * 60 * 60 * 1000));

test('a job posted with "Applications close on" shows "Apply by" on the careers page and its page carries validThrough', async ({ page, api }) => {
  const title = unique('Closing Date Designer');
  const closesAt = inTwoWeeks();
  await page.goto('/admin/jobs');
  await page.getByRole('button', { name: 'Post New Job' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post New Job' });
  await dialog.getByLabel('Job Title').fill(title);
  await dialog.getByRole('combobox', { name: 'Department' }).selectOption('design');
  await dialog.getByRole('combobox', { name: 'Location' }).selectOption('remote');
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption('full-time');
  await dialog.getByLabel('Experience').fill('3+ years');
  await dialog.getByLabel('Description').fill('Design the product people see first.');
  const closing = dialog.getByLabel('Applications close on');
  await expect(closing).not.toHaveAttribute('required', '');
  await closing.fill(closesAt);
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/jobs/admin') && request.method() === 'POST');
  await dialog.getByRole('button', { name: 'Post Job' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ title, closesAt });
  await expect(page.getByText(MESSAGES.jobCreated)).toBeVisible();

  await page.goto('/careers');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText(`Apply by ${formatCalendarDate(closesAt)}`)).toBeVisible();
  // The JobPosting data is on the job's own page, as the server renders it (the list carries none).
  const href = await card.getByRole('link', { name: title }).getAttribute('href');
  expect(href).toMatch(/^\/careers\/[a-z0-9-]+$/);
  await page.goto(href ?? '');
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const postings = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent!)).filter((data) => data['@type'] === 'JobPosting'));
  expect(postings).toEqual([expect.objectContaining({ title, validThrough: `${closesAt}T23:59:59Z` })]);

  // Cleared in the form: the job has no closing date again.
  const { jobs } = await (await api.request.get('/api/jobs/admin', { params: { q: title } })).json();
  await page.goto('/admin/jobs');
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(title);
  await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Edit Job' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Job' });
  await expect(edit.getByLabel('Applications close on')).toHaveValue(closesAt);
  await edit.getByLabel('Applications close on').fill('');
  await edit.getByRole('button', { name: 'Update Job' }).click();
  await expect(page.getByText(MESSAGES.jobUpdated)).toBeVisible();
  expect((await api.findJob(jobs[0]._id))?.closesAt).toBeNull();
});
