import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { formatCalendarDate, jobPath, type Job } from '@brightwave/common';
import { signInOverApi } from '../admin/fixtures';
import { test } from '../support/hydrated-page';
import { collectErrors } from './helpers';

// Decision 069: the services menu leads to each service's card, 'Learn More' to the quote form
// with its service chosen, a job's page keeps its Apply button at hand on phones, and a job card is a glance.

/** A service card of /services, by its title. */
const serviceCard = (page: Page, title: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

async function expectHighlightedInView(page: Page, title: string, anchor: string): Promise<void> {
  await expect(page).toHaveURL(`/services#${anchor}`);
  const card = serviceCard(page, title);
  await expect(card).toHaveAttribute('data-highlighted', 'true');
  await expect(card).toBeInViewport();
}

test.describe('the services menu', () => {
  test("each item of the header's Services dropdown goes to its card on /services, scrolled to and highlighted", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Services' }).click();
    await expect(banner.getByRole('link', { name: 'Blockchain' })).toHaveAttribute('href', '/services#blockchain');
    await banner.getByRole('link', { name: 'Blockchain' }).click();
    await expectHighlightedInView(page, 'Blockchain', 'blockchain');

    // From /services itself, another item moves to its card.
    await banner.getByRole('button', { name: 'Services' }).click();
    await banner.getByRole('link', { name: 'E-commerce Design' }).click();
    await expectHighlightedInView(page, 'E-commerce Design', 'ecommerce');
  });

  test("each item of the mobile menu's Services group goes to its card on /services, scrolled to and highlighted", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Open menu' }).click();
    await banner.getByRole('button', { name: 'Services' }).click();
    // Clicked while the menu and its group were still opening, the link once took no click (a CI run on a busy machine).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished),
      ),
    );
    await banner.getByRole('link', { name: 'Health & Beauty' }).click();
    await expectHighlightedInView(page, 'Health & Beauty', 'health');
    await expect(banner.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe("a service card's 'Learn More'", () => {
  test('goes to the quote form on the home page with its service chosen', async ({ page }) => {
    await page.goto('/services');
    const learnMore = serviceCard(page, 'Mobile App Development').getByRole('link', { name: 'Learn More about Mobile App Development' });
    await expect(learnMore).toHaveAttribute('href', '/#quote-form');
    await learnMore.click();
    await expect(page).toHaveURL('/#quote-form');
    const form = page.getByRole('form', { name: 'Request a quote' });
    await expect(form).toBeInViewport();
    await expect(form.getByLabel('Service')).toHaveValue('mobile');
    await expect(form.getByLabel('Service').locator('option:checked')).toHaveText('Mobile App Development');
  });

  test('leaves the service to choose when the quote form is opened otherwise, and keeps it chosen over a reload', async ({ page }) => {
    await page.goto('/#quote-form');
    await expect(page.getByRole('form', { name: 'Request a quote' }).getByLabel('Service')).toHaveValue('');

    await page.goto('/services');
    await serviceCard(page, 'CRMs').getByRole('link', { name: 'Learn More about CRMs' }).click();
    const service = page.getByRole('form', { name: 'Request a quote' }).getByLabel('Service');
    await expect(service).toHaveValue('crm');
    const errors = collectErrors(page);
    await page.reload();
    await expect(service).toHaveValue('crm');
    expect(errors).toEqual([]);
  });
});

/** A job made for the test (closing date, a long description, six requirements), deleted afterwards. */
async function withJob(request: APIRequestContext, use: (job: Job) => Promise<void>): Promise<void> {
  const { token } = await signInOverApi(request);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/jobs/admin', {
    headers,
    data: {
      title: `Service Desk Lead ${Date.now().toString(36)}`,
      department: 'operations',
      location: 'onsite',
      type: 'contract',
      experience: '4-6 years',
      closesAt: '2099-12-31',
      description:
        'Lead the desk that answers our clients every day, from the first call to the fix, and shape how we support them as the company grows.\n\n' +
        'You will hire and coach a team of six, own our service levels and work with engineering on what keeps coming back. ' +
        'We look for someone calm under pressure who writes clearly and likes to measure what they change.',
      requirements: [
        'Led a support team',
        'ITIL or similar',
        'Clear written English',
        'Reporting in spreadsheets',
        'Calm on the phone',
        'Available on call one week a month',
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const job = ((await created.json()) as { data: Job }).data;
  try {
    await use(job);
  } finally {
    await request.delete(`/api/jobs/admin/${job._id}`, { headers });
  }
}

/** Opens /careers once the new job is listed (the public list is cached for a few seconds). */
async function openCareersWith(page: Page, job: Job) {
  const card = page.getByRole('article', { name: job.title });
  await expect(async () => {
    await page.goto('/careers');
    await expect(card).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return card;
}

test.describe('a job card on /careers', () => {
  test('shows the department, the closing date and a summary of the description, and the first requirements', async ({ page, request }) => {
    await withJob(request, async (job) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const card = await openCareersWith(page, job);
      await expect(card.getByRole('listitem').filter({ hasText: 'Department:' })).toHaveText('Department: Operations');
      await expect(card.getByText(`Apply by ${formatCalendarDate('2099-12-31')}`)).toBeVisible();
      await expect(card.getByText('Lead the desk that answers our clients every day', { exact: false })).toHaveText(
        'Lead the desk that answers our clients every day, from the first call to the fix, and shape how we support them as the company grows. You will hire and coach a…',
      );
      await expect(card).not.toContainText('likes to measure what they change');
      // SPEC §2 keeps a Requirements bullet list on the card: the first three, and a link to all of them on the job's page.
      await expect(card.getByRole('heading', { name: 'Requirements' })).toBeVisible();
      const requirements = card.getByRole('list').filter({ hasText: 'Led a support team' }).getByRole('listitem');
      await expect(requirements).toHaveText(['Led a support team', 'ITIL or similar', 'Clear written English']);
      await expect(card).not.toContainText('Calm on the phone');
      const allRequirements = card.getByRole('link', { name: 'All 6 requirements' });
      await expect(allRequirements).toHaveAttribute('href', jobPath(job));

      // The filters and 'Apply Now' work as before.
      await page.getByLabel('Department').selectOption('operations');
      await expect(card).toBeVisible();
      await page.getByLabel('Type').selectOption('full-time');
      await expect(card).toBeHidden();
      await page.getByLabel('Type').selectOption('contract');
      await card.getByRole('button', { name: 'Apply Now' }).click();
      await expect(page.getByRole('dialog', { name: `Apply for ${job.title}` })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await allRequirements.click();
      await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Available on call one week a month' })).toBeVisible();
    });
  });
});

test.describe("a job page's Apply button", () => {
  test('on a phone stays at the foot of the window while scrolling, opens the application, and covers nothing at the end', async ({ page, request }) => {
    await withJob(request, async (job) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(jobPath(job));
      const apply = page.getByRole('button', { name: 'Apply Now' });
      await expect(apply).toHaveCount(1);
      await page.evaluate(() => window.scrollTo(0, 200));
      await expect(apply).toBeInViewport();
      const box = (await apply.boundingBox())!;
      expect(box.y + box.height).toBeGreaterThan(844 - 40);
      expect(box.y + box.height).toBeLessThanOrEqual(844);

      // At the end of the position (the footer just below the window) it sits below the last requirement, not over it.
      await page.getByRole('contentinfo').evaluate((footer) => window.scrollTo(0, footer.getBoundingClientRect().top + window.scrollY - window.innerHeight));
      const last = page.getByRole('listitem').filter({ hasText: 'Available on call one week a month' });
      await expect(last).toBeInViewport();
      const lastBox = (await last.boundingBox())!;
      expect(lastBox.y + lastBox.height).toBeLessThanOrEqual((await apply.boundingBox())!.y);

      await page.evaluate(() => window.scrollTo(0, 300));
      await apply.click();
      await expect(page.getByRole('dialog', { name: `Apply for ${job.title}` })).toBeVisible();
    });
  });

  test("on a desktop is the page's normal button, at the end of the position, not kept in the window", async ({ page, request }) => {
    await withJob(request, async (job) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(jobPath(job));
      const apply = page.getByRole('button', { name: 'Apply Now' });
      await expect(apply).toHaveCount(1);
      // The position's facts are in view, the button below them where the page ends, not at the foot of the window.
      await expect(page.getByRole('link', { name: 'Back to open positions' })).toBeInViewport();
      await expect(apply).not.toBeInViewport();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await apply.click();
      await expect(page.getByRole('dialog', { name: `Apply for ${job.title}` })).toBeVisible();
    });
  });
});
