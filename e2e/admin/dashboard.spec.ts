// SPEC §2 (dashboard 'Total Leads' card) and the extra cards and weekly chart.
import { expect, expectNoAxeViolations, test, unique } from './fixtures';

test.describe('dashboard', () => {
  test("shows the 'Total Leads' card with the server's figure, the other cards and the weekly chart", async ({
    page,
    api,
  }) => {
    await api.createLead({ name: unique('Dash Lead'), email: 'dash@example.test', service: 'crm', message: 'Count me' });
    const before = (await api.stats()).stats.totalLeads;
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const totalLeads = page.getByRole('region', { name: 'Total Leads', exact: true });
    await expect(totalLeads).toContainText(/\d+/);
    const shown = Number((await totalLeads.getByRole('paragraph').textContent())?.trim());
    const after = (await api.stats()).stats.totalLeads;
    // Other suites may add leads meanwhile; the card shows what the server counted when the page loaded.
    expect(shown).toBeGreaterThanOrEqual(before);
    expect(shown).toBeLessThanOrEqual(after);
    expect(before).toBeGreaterThan(0);

    for (const card of ['New Leads', 'Pending Queries', 'Active Jobs', 'Pending Applications']) {
      await expect(page.getByRole('region', { name: card, exact: true })).toContainText(/\d+/);
    }
    const chart = page.getByRole('region', { name: 'New leads per week (last 12 weeks)' });
    await expect(chart.getByRole('table', { name: 'New leads per week' }).getByRole('row')).toHaveCount(13);
    await expectNoAxeViolations(page, 'dashboard');
  });

  test('the sidebar reaches every screen', async ({ page }) => {
    await page.goto('/admin/dashboard');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const screens = [
      ['Leads', '/admin/leads', 'Leads'],
      ['Queries', '/admin/queries', 'Contact Queries'],
      ['Portfolio', '/admin/portfolio', 'Portfolio Management'],
      ['Jobs', '/admin/jobs', 'Jobs Management'],
      ['Deliveries', '/admin/deliveries', 'Deliveries'],
      ['Privacy', '/admin/privacy', 'Privacy requests'],
      ['Audit log', '/admin/audit', 'Audit log'],
      ['Settings', '/admin/settings/notifications', 'Notification settings'],
      ['Dashboard', '/admin/dashboard', 'Dashboard'],
    ] as const;
    for (const [link, path, heading] of screens) {
      await nav.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
    }
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});
