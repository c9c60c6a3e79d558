import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SITE_MESSAGES, SPAM_MIN_FILL_SECONDS, jobSlugId } from '@brightwave/common';
import { signInOverApi } from '../admin/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { test } from '../support/hydrated-page';
import { collectErrors, toast, useTheme } from './helpers';

// A job's own page, /careers/<slug>: rendered by the backend with the job in the HTML.

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The path of a seeded job's page, as the careers list links to it. */
async function jobPagePath(page: Page, title: string): Promise<string> {
  await page.goto('/careers');
  const href = await page.getByRole('article', { name: title }).getByRole('link', { name: title }).getAttribute('href');
  expect(href).toMatch(/^\/careers\/[a-z0-9-]+-[0-9a-f]{8}$/);
  return href!;
}

/** The JobPosting blocks of the page as it is now. */
const jobPostings = (page: Page) =>
  page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent!)).filter((data) => data['@type'] === 'JobPosting'));

async function pageStatus(request: APIRequestContext, url: string): Promise<number> {
  return (await request.get(url, { maxRedirects: 0 })).status();
}

test.describe('a job page', () => {
  test("opens from a card's link on /careers, and its back link returns to the list with its filters", async ({ page }) => {
    await page.goto('/careers');
    await page.getByLabel('Department').selectOption('design');
    await expect(page).toHaveURL('/careers?department=design');
    const card = page.getByRole('article', { name: 'UI/UX Designer' });
    // The card keeps every SPEC text and its button.
    await expect(card.getByRole('heading', { name: 'Requirements' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Apply Now' })).toBeVisible();
    await card.getByRole('link', { name: 'UI/UX Designer' }).click();

    await expect(page).toHaveURL(/\/careers\/ui-ux-designer-[0-9a-f]{8}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'UI/UX Designer' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Home\s*>\s*Careers\s*>\s*UI\/UX Designer/);
    await expect(page).toHaveTitle('UI/UX Designer | Careers at Brightwave Technologies');
    // The list's feed links leave the head with the list.
    await expect(page.locator('link[rel="alternate"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${new URL(page.url()).pathname}$`));
    const postings = await jobPostings(page);
    expect(postings).toHaveLength(1);
    expect(postings[0].url).toMatch(new RegExp(`${new URL(page.url()).pathname}$`));

    await page.getByRole('link', { name: 'Back to open positions' }).click();
    await expect(page).toHaveURL('/careers?department=design');
    await expect(page.getByLabel('Department')).toHaveValue('design');
    await expect(page.getByRole('region', { name: 'Open Positions' }).getByRole('article')).toHaveCount(1);
  });

  test('opened inside the site while the positions cannot load, says so and loads the job on Try again', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.locator('link[rel="alternate"]')).toHaveCount(2);
    const card = page.getByRole('article', { name: 'UI/UX Designer' });
    await expect(card).toBeVisible();
    await page.route('**/api/jobs', (route) => route.abort());
    await card.getByRole('link', { name: 'UI/UX Designer' }).click();
    await expect(page.getByRole('alert')).toHaveText(SITE_MESSAGES.jobLoadFailure);
    await expect(page.getByRole('heading', { name: 'Position Closed' })).toHaveCount(0);

    await page.unroute('**/api/jobs');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'UI/UX Designer' })).toBeVisible();
  });

  test('arrives with the job in the HTML (JavaScript off), hydrates without an error, one JobPosting and no API call', async ({ browser, page }) => {
    const jobPath = await jobPagePath(page, 'Senior Full-Stack Engineer');
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(jobPath);
    await expect(plain.getByRole('heading', { level: 1, name: 'Senior Full-Stack Engineer' })).toBeVisible();
    await expect(plain.getByRole('button', { name: 'Apply Now' })).toBeVisible();
    expect(await jobPostings(plain)).toHaveLength(1);
    await noScript.close();

    const fresh = await page.context().newPage();
    const errors = collectErrors(fresh);
    const apiCalls: string[] = [];
    fresh.on('request', (request) => {
      if (request.url().includes('/api/jobs')) apiCalls.push(request.url());
    });
    await fresh.goto(jobPath);
    await fresh.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(fresh.getByRole('heading', { level: 1, name: 'Senior Full-Stack Engineer' })).toBeVisible();
    expect(await jobPostings(fresh)).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(apiCalls).toEqual([]);
  });

  test("applies from the job page through the same form: 'Application submitted successfully!'", async ({ page }) => {
    const email = `grace.${Date.now().toString(36)}@example.com`;
    await page.goto(await jobPagePath(page, 'UI/UX Designer'));
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for UI/UX Designer' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Full Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('+1 555 0100');
    await dialog.getByLabel('Years of Experience').fill('7');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brightwave-resume-')), 'grace.pdf');
    fs.writeFileSync(file, pdf);
    await dialog.getByLabel('Resume').setInputFiles(file);
    await page.waitForTimeout(SPAM_MIN_FILL_SECONDS * 1000);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/jobs/apply'));
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    expect((await answer).status()).toBe(201);
    await expect(toast(page, 'Application submitted successfully!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  test('an old or bare slug answers 301 to the page, an unknown one 404', async ({ page, request }) => {
    const jobPath = await jobPagePath(page, 'UI/UX Designer');
    const shortId = jobPath.slice(-8);
    const moved = await request.get(`/careers/old-title-${shortId}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(jobPath);
    expect(await pageStatus(request, '/careers/no-such-job-0000ffff')).toBe(404);
  });

  test("a closed job's page answers 410 at any address of the job, and hydrates there without an error or an API call", async ({ page, request }) => {
    const { token } = await signInOverApi(request);
    const headers = { Authorization: `Bearer ${token}` };
    const created = await request.post('/api/jobs/admin', {
      headers,
      data: {
        title: `Filled Role ${Date.now().toString(36)}`,
        department: 'other',
        location: 'remote',
        type: 'full-time',
        experience: '1-2 years',
        description: 'A role that is filled at once.',
        requirements: ['Patience'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { _id: id } = ((await created.json()) as { data: { _id: string } }).data;
    expect((await request.put(`/api/jobs/admin/${id}/status`, { headers, data: { status: 'filled' } })).status()).toBe(200);

    // One page serves every address of the job (the backend renders it once): it must hydrate at each of them.
    const shortId = jobSlugId(id);
    for (const address of [`/careers/some-old-words-${shortId}`, `/careers/${shortId}/`]) {
      expect(await pageStatus(request, address)).toBe(410);
      const fresh = await page.context().newPage();
      const errors = collectErrors(fresh);
      const apiCalls: string[] = [];
      fresh.on('request', (sent) => {
        if (sent.url().includes('/api/jobs')) apiCalls.push(sent.url());
      });
      await fresh.goto(address);
      await fresh.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await expect(fresh.getByRole('heading', { level: 1, name: 'Position Closed' })).toBeVisible();
      // The browser reports the page's own 410 as a resource that failed to load; nothing else may be reported.
      expect(errors.filter((error) => !error.includes('status of 410'))).toEqual([]);
      expect(apiCalls).toEqual([]);
      await fresh.close();
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no axe violations in the ${theme} theme`, async ({ page }) => {
      const jobPath = await jobPagePath(page, 'Senior Full-Stack Engineer');
      await useTheme(page, theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(jobPath);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      await expectNoAxeViolations(page, { scope: theme === 'dark' ? 'colours' : 'all' });
      await page.getByRole('button', { name: 'Apply Now' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page, { scope: theme === 'dark' ? 'colours' : 'all' });
    });
  }
});
