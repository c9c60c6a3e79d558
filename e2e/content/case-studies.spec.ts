// Case studies (docs/features/case-studies.md): every portfolio item has a page at /portfolio/<slug>. A visitor opens a
// project on /portfolio and follows the modal's "Read the case study" link to its server-rendered page: the story an
// editor published, its results, related case studies and a call to action, accessible in both themes, with no error.
// A renamed slug leads from the old address to the new one (301). It runs against a server of its own
// (playwright.config.ts): publishing changes the portfolio the other suites read.
import { CASE_STUDY_MESSAGES, MESSAGES, type CaseStudyDetails, type PortfolioItem } from '@brightwave/common';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, unique } from '../admin/fixtures';
import { collectErrors, useTheme } from '../site/helpers';
import { editorContext } from './editor-session';

const item = (projectTitle: string, extra: object = {}) => ({
  category: 'web',
  projectTitle,
  projectSubtitle: 'A booking site for harbour tours',
  description: 'We designed and built the booking site.',
  imgLink: '/images/portfolio/shopsphere.svg',
  linkToProject: 'https://example.com',
  techStack: ['React', 'Node.js'],
  ...extra,
});

async function ok<T>(response: Promise<Awaited<ReturnType<APIRequestContext['get']>>>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()} answered ${answer.status()}: ${await answer.text()}`).toBeTruthy();
  return (await answer.json()) as T;
}

/** A new item with a story, published as an editor would. */
async function publishedCaseStudy(request: APIRequestContext, title: string): Promise<PortfolioItem> {
  const { data } = await ok<{ data: PortfolioItem }>(
    request.post('/api/portfolio', {
      data: item(title, {
        client: 'Harbour Tours Ltd',
        industry: 'Travel',
        services: ['web'],
        results: [{ value: '3×', label: 'more bookings' }],
        body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bookings tripled in the first season.' }] }] },
      }),
    }),
  );
  const { caseStudy } = await ok<{ caseStudy: CaseStudyDetails }>(request.post(`/api/admin/portfolio/${data._id}/publish`, { data: {} }));
  expect(caseStudy.status).toBe('published');
  return data;
}

/** Waits until the site has taken over the page (the case study is a full page load, not a client navigation). */
const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

test.describe('case studies', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const theme of ['light', 'dark'] as const) {
    test(`a case study reached from the portfolio modal (${theme} theme)`, async ({ page, api }) => {
      const title = unique('Harbour Tours');
      const created = await publishedCaseStudy(api.request, title);
      await useTheme(page, theme);
      const errors = collectErrors(page);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });

      await page.goto('/portfolio');
      await page.getByRole('button', { name: title }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog.getByRole('link', { name: 'Read the case study' })).toHaveAttribute('href', `/portfolio/${created.slug}`);
      await dialog.getByRole('link', { name: 'Read the case study' }).click();
      await expect(page).toHaveURL(new RegExp(`/portfolio/${created.slug}$`));
      await hydrated(page);

      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByText('Bookings tripled in the first season.')).toBeVisible();
      await expect(page.getByText('Harbour Tours Ltd')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Results' }).getByText('more bookings')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Web Designing' })).toHaveAttribute('href', '/services#web');
      await expect(page.getByRole('heading', { name: 'More case studies' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Start Your Project' })).toHaveAttribute('href', '/contact');
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/portfolio');
      // Search and sharing: its own title, canonical address, share tags and Article data.
      await expect(page).toHaveTitle(`${title}: Case Study | Brightwave Technologies`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/portfolio/${created.slug}$`));
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/images\/portfolio\/shopsphere\.svg$/);
      const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(structured.map((text) => JSON.parse(text)['@type'])).toContain('Article');
      // The page needs no script of its own beyond its small module: the story's renderer never ships.
      expect(scripts.filter((script) => script.includes('case-study-view'))).toEqual([]);
      await expectNoAxeViolations(page, `case study (${theme})`);

      // A related case study is another item's page, reached the same way.
      const related = page.getByRole('region', { name: 'More case studies' }).getByRole('link').first();
      const relatedHref = await related.getAttribute('href');
      await related.click();
      await expect(page).toHaveURL(new RegExp(`${relatedHref}$`));
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('an editor writes a case study in the admin, publishes it, and visitors read it', async ({ browser, api, playwright, server }) => {
    const title = unique('Lighthouse App');
    const { data } = await ok<{ data: PortfolioItem }>(api.request.post('/api/portfolio', { data: item(title) }));
    const context = await editorContext(browser, api.request, playwright, server);
    const page = await context.newPage();
    const errors = collectErrors(page);

    await page.goto('/admin/portfolio');
    await page.getByRole('button', { name: `Edit the case study of ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Case study: ${title}` });
    await expect(dialog.getByText('Not published', { exact: true })).toBeVisible();
    await dialog.getByLabel('Client (optional)').fill('Lighthouse Ltd');
    await dialog.getByLabel('Industry (optional)').fill('Shipping');
    await dialog.getByRole('button', { name: 'Add result' }).click();
    await dialog.getByLabel('Value', { exact: true }).fill('2×');
    await dialog.getByLabel('Label', { exact: true }).fill('faster check-in');
    // A result without its label is refused beside the field, before anything is sent.
    await dialog.getByLabel('Label', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await expect(dialog.getByText('Label is required')).toBeVisible();
    await dialog.getByLabel('Label', { exact: true }).fill('faster check-in');
    await expectNoAxeViolations(page, 'case study editor');
    // Scheduled for the next hour (the dialog's default), then the schedule cancelled: the story stays unpublished.
    await dialog.getByRole('button', { name: 'Schedule…' }).click();
    const scheduling = page.getByRole('dialog', { name: 'Schedule publish' });
    await scheduling.getByRole('button', { name: 'Schedule publish' }).click();
    await expect(scheduling).toBeHidden();
    await expect(dialog.getByText(/Scheduled to publish on/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel schedule' }).click();
    await expect(dialog.getByText(/Scheduled to publish on/)).toBeHidden();
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alertdialog', { name: 'Publish now' }).getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(MESSAGES.contentPublished)).toBeVisible();
    await expect(dialog.getByText('Published', { exact: true })).toBeVisible();
    await context.close();

    const visitor = await browser.newPage();
    await visitor.goto(`/portfolio/${data.slug}`);
    await expect(visitor.getByText('Lighthouse Ltd')).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Results' }).getByText('faster check-in')).toBeVisible();
    await visitor.close();
    expect(errors).toEqual([]);
  });

  test('a renamed slug redirects', async ({ page, api }) => {
    const title = unique('Renamed Project');
    const created = await publishedCaseStudy(api.request, title);
    const renamed = `${created.slug}-renamed`;
    const saved = await ok<{ message: string; data: PortfolioItem }>(
      api.request.put(`/api/portfolio/${created._id}`, { data: item(title, { slug: renamed }) }),
    );
    expect(saved.message).toBe(MESSAGES.portfolioUpdated);
    expect(saved.data.slug).toBe(renamed);

    const old = await api.request.get(`/portfolio/${created.slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/portfolio/${renamed}`);
    await page.goto(`/portfolio/${created.slug}`);
    await expect(page).toHaveURL(new RegExp(`/portfolio/${renamed}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('Bookings tripled in the first season.')).toBeVisible();

    // An address another item holds is refused, naming it.
    const other = await ok<{ data: PortfolioItem }>(api.request.post('/api/portfolio', { data: item(unique('Other Project')) }));
    const refused = await api.request.put(`/api/portfolio/${other.data._id}`, { data: item('Other Project', { slug: renamed }) });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toEqual({ slug: CASE_STUDY_MESSAGES.slugTaken(title) });
  });
});
