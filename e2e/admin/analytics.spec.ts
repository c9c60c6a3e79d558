// Site analytics (docs/features/analytics.md): a page view the site reports with navigator.sendBeacon shows on Admin → Analytics, with its device,
// and a form's start in its funnel; the screen passes axe.
import { randomBytes } from 'node:crypto';
import { jobPath } from '@brightwave/common';
import { expect, expectNoAxeViolations, test, unique } from './fixtures';

// Chromium's headless shell says "HeadlessChrome", which the analytics count as a bot (isbot), as they should:
// this browser passes for the desktop Chrome the site's visitors use.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });

test.describe('analytics', () => {
  test('a page view sent to /api/collect shows among the top pages, a start in its form’s funnel, and its source', async ({ page, api }) => {
    // An open job's page of its own (only the site's pages are counted by path), so the row is this test's whatever
    // else the run reports.
    const { data: job } = await api.createJob({
      title: unique('Analytics Engineer'),
      department: 'engineering',
      location: 'remote',
      type: 'full-time',
      experience: '3+ years',
      description: 'Count the visits.',
      requirements: ['SQL'],
    });
    const path = jobPath(job);
    const source = `e2e-${randomBytes(3).toString('hex')}`;
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // As the site sends them: a JSON Blob by sendBeacon, from the browser (its address and user agent).
    const beacon = (report: object) =>
      page.evaluate((body) => navigator.sendBeacon('/api/collect', new Blob([body], { type: 'application/json' })), JSON.stringify(report));
    expect(await beacon({ type: 'view', path, screen: 'desktop', source, medium: 'email' })).toBe(true);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    // The counts are written every second (ANALYTICS_FLUSH_SECONDS in the suite's server): read again until they are.
    await expect(async () => {
      await page.reload();
      await expect(
        page.getByRole('table', { name: 'Pages of the last 30 days, the most viewed first' }).getByRole('rowheader', { name: `Show the days of ${path}` }),
      ).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });
    // The form's start once the view is counted, as on the site, where the page is seen before its form is touched: a
    // start counts under the channel of the visitor's view that day, and two beacons at once may arrive either way round.
    expect(await beacon({ type: 'start', form: 'application', path })).toBe(true);
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 7 days' });
    const pages = page.getByRole('table', { name: 'Pages of the last 7 days, the most viewed first' });
    await expect(pages.getByRole('rowheader', { name: `Show the days of ${path}` }).locator('..')).toHaveText(`Show the days of ${path}11`);
    const sources = page.getByRole('table', { name: /^Sources of the last/ });
    await expect(sources.getByRole('rowheader', { name: `Show the days and funnels of ${source} / email` }).locator('..')).toHaveText(
      `Show the days and funnels of ${source} / emailemail10`,
    );
    // A clicked page narrows the totals and the days to it.
    await pages.getByRole('button', { name: `Show the days of ${path}` }).click();
    await expect(page.getByRole('region', { name: `Visitors of ${path}, last 7 days` })).toHaveText(`Visitors of ${path}, last 7 days1`);
    // And the devices to it: the view's screen class, with its share.
    const devices = page.getByRole('table', { name: `Page views of ${path} per device of the last 7 days, with the share of each, the most first` });
    await expect(devices.getByRole('rowheader', { name: 'Desktop' }).locator('..')).toHaveText('Desktop1100 %');
    await page.getByRole('button', { name: `Remove filter ${path}: show the whole site` }).click();
    await expect(page.getByRole('region', { name: 'Visitors, last 7 days' })).toBeVisible();

    // The funnel narrowed to this visit's source: the job page's view and the form's start.
    // The start is written with the next flush (every second): look again until it is.
    await expect(async () => {
      await page.reload();
      await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 7 days' });
      await page.getByRole('combobox', { name: 'Source' }).selectOption({ label: `${source} / email` });
      const funnels = page.getByRole('table', { name: new RegExp(`visits from ${source} / email:`) });
      await expect(funnels.getByRole('rowheader', { name: 'Job application' }).locator('..')).toHaveText('Job application11 (100 %)0 (0 %)0', {
        timeout: 2000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('figure').getByRole('table', { name: 'Visitors and page views per day' })).toBeAttached();
    await expectNoAxeViolations(page, 'analytics');
    await api.deleteJob(job._id);
  });
});
