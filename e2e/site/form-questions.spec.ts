// Custom form questions on the site (docs/features/form-questions.md): the quote form's budget select with a condition,
// the contact form's consent, a job's work-permit question. The questions come with the server's page (no request, no
// shift), are answered by keyboard, travel as `answers`, and the server's refusals show at their fields; axe stays clean
// in both themes. It runs against a server of its own (playwright.config.ts): the questions change the home and contact
// pages, which the other site suites read as the SPEC has them.
import { jobPath, richDoc, richLink, richParagraph, type FormQuestion } from '@brightwave/common';
import { expect, type Page } from '@playwright/test';
import { test, type AdminApi } from '../admin/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { waitForHydration } from '../support/hydrated-page';
import { answerWith, collectErrors, useTheme } from './helpers';

const QUOTE_QUESTIONS: FormQuestion[] = [
  { id: 'budget', label: 'Budget', help: 'A rough figure is enough', type: 'select', required: true, options: ['Under 10k', '10k to 50k', 'More'] },
  { id: 'scale', label: 'How large is the project?', type: 'textarea', required: true, showIf: { question: 'budget', equals: 'More' } },
  { id: 'team', label: 'Team size', type: 'number', required: false, min: 1, max: 500 },
];
const CONTACT_QUESTIONS: FormQuestion[] = [
  {
    id: 'consent',
    label: 'I agree to be contacted about my message',
    type: 'consent',
    required: true,
    statement: richDoc(richParagraph('We use your details as our ', richLink('privacy notice', '/privacy'), ' says.')),
  },
];

async function setQuestions(api: AdminApi, form: 'quote' | 'contact', questions: FormQuestion[]) {
  const saved = await api.request.put(`/api/admin/forms/${form}`, { data: { questions } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The requests to the API a page makes (the form token and the analytics beacon are the forms' own). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/collect') calls.push(url.pathname);
  });
  return calls;
}

test.describe('custom form questions', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  test.beforeAll(async ({ api }) => {
    await setQuestions(api, 'quote', QUOTE_QUESTIONS);
    await setQuestions(api, 'contact', CONTACT_QUESTIONS);
  });
  test.afterAll(async ({ api }) => {
    await setQuestions(api, 'quote', []);
    await setQuestions(api, 'contact', []);
  });

  test('the quote form asks its questions from the first paint, shows a conditional one, and sends the answers', async ({ page, request }) => {
    // In the server's HTML: no request and no shift when the form appears.
    const html = await (await request.get('/')).text();
    expect(html).toContain('name="answers.budget"');
    const calls = apiCalls(page);
    const errors = collectErrors(page);
    // The fields' code comes with the visitor's first focus, not with the page's first load.
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
    });
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Request a quote' });
    const submit = form.getByRole('button', { name: 'Get Quote' });
    const before = await submit.boundingBox();
    await waitForHydration(page);
    expect(await submit.boundingBox()).toEqual(before);
    expect(calls).toEqual([]);
    expect(scripts.filter((script) => script.includes('question-fields'))).toEqual([]);

    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Service').selectOption({ label: 'Web Designing' });
    await form.getByLabel('Message').fill('A new website for our bakery.');
    const budget = form.getByLabel('Budget');
    await expect(budget).toHaveAccessibleDescription('A rough figure is enough');
    await expect(form.getByLabel('How large is the project?')).toHaveCount(0);
    // By keyboard: the select takes the arrow keys.
    await budget.focus();
    await budget.selectOption('More');
    const scale = form.getByLabel('How large is the project?');
    await expect(scale).toBeVisible();
    await scale.fill('Twelve shops');
    await form.getByLabel('Team size (optional)').fill('12');
    expect(scripts.filter((script) => script.includes('question-fields'))).toHaveLength(1);

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
    await submit.click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      service: 'web',
      message: 'A new website for our bakery.',
      answers: { budget: 'More', scale: 'Twelve shops', team: 12 },
    });
    expect(errors).toEqual([]);
  });

  test("the server's refusal of an answer shows at its field, which takes the focus", async ({ page }) => {
    await page.route(
      '**/api/leads',
      answerWith(400, { success: false, message: 'Please check the form', errors: { 'answers.team': 'Please give a number from 1 to 500' } }),
    );
    await page.goto('/');
    await waitForHydration(page);
    const form = page.getByRole('form', { name: 'Request a quote' });
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Service').selectOption({ label: 'Web Designing' });
    await form.getByLabel('Message').fill('A new website.');
    await form.getByLabel('Budget').selectOption('Under 10k');
    await form.getByRole('button', { name: 'Get Quote' }).click();
    const team = form.getByLabel('Team size (optional)');
    await expect(team).toBeFocused();
    await expect(team).toHaveAttribute('aria-invalid', 'true');
    await expect(team).toHaveAccessibleDescription('Please give a number from 1 to 500');
  });

  test('the contact form asks for a consent with its statement, and takes the message once ticked', async ({ page }) => {
    await page.goto('/contact');
    await waitForHydration(page);
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByLabel('Department').selectOption({ label: 'Support' });
    await form.getByLabel('Message', { exact: true }).fill('Hello.');
    const consent = form.getByRole('checkbox', { name: 'I agree to be contacted about my message' });
    await expect(consent).toHaveAccessibleDescription('We use your details as our privacy notice says.');
    let sent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contacts')) sent = true;
    });
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await consent.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);
    expect(sent).toBe(false);
    await consent.focus();
    await page.keyboard.press('Space');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contacts'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ answers: { consent: true } });
  });

  for (const path of ['/', '/contact']) {
    test(`${path} with its questions has no axe violations in either theme`, async ({ page }) => {
      await useTheme(page, 'dark');
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page, { scope: 'colours', label: `${path} with questions, dark theme` });
      await page.getByRole('button', { name: 'Light Mode' }).click();
      await expectNoAxeViolations(page, { scope: 'all', label: `${path} with questions, light theme` });
    });
  }

  test("a job's page asks its questions in the application, never showing its knockout answers", async ({ page, api }) => {
    const { data: job } = await api.createJob({
      title: `Field Engineer ${Date.now().toString(36)}`,
      department: 'engineering',
      location: 'onsite',
      type: 'full-time',
      experience: '3+ years',
      description: 'Installs what we build.',
      questions: [{ id: 'permit', label: 'Do you have a work permit?', type: 'checkbox', required: true, knockout: { answers: ['no'] } }],
    });
    try {
      const jobPage = jobPath(job);
      const html = await (await page.request.get(jobPage)).text();
      expect(html).toContain('Do you have a work permit?');
      expect(html).not.toContain('knockout');
      await page.goto(jobPage);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Apply Now' }).first().click();
      const dialog = page.getByRole('dialog');
      const permit = dialog.getByRole('group', { name: 'Do you have a work permit?' });
      await expect(permit.getByRole('radio', { name: 'Yes' })).toBeVisible();
      await expect(permit.getByRole('radio', { name: 'No' })).toBeVisible();
      await expectNoAxeViolations(page, { scope: 'all', label: 'apply dialog with a question' });
    } finally {
      await api.deleteJob(job._id);
    }
  });
});
