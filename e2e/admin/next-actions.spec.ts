// The admin around the next action (docs/features/dashboard.md, docs/features/hiring.md): the dashboard's "Waiting for
// a first reply", "My follow-ups today", the change against the previous 30 days and the chart's table; on the
// pipeline board, a rejected card's scheduled rejection mail and a resume in a side panel. axe in both themes.
import { REJECTION_DELAY_HOURS } from '@brightwave/common';
import { expect, expectNoAxeViolations, test, engineeringJob, unique } from './fixtures';

test.describe('next actions', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the dashboard counts what waits for a first reply and my follow-ups today, each a link, with the change against the previous 30 days', async ({
    page,
    api,
    adminSession,
  }) => {
    // A lead of mine whose follow-up passed an hour ago, and a new lead nobody has answered.
    const { data: mine } = await api.createLead({ name: unique('Fay Followup'), email: 'fay@example.test', service: 'crm', message: 'Call me' });
    await api.setOwner('lead', mine._id, adminSession.admin._id);
    await api.setFollowUp('lead', mine._id, new Date(Date.now() - 3_600_000));
    await api.createLead({ name: unique('Wes Waiting'), email: 'wes@example.test', service: 'crm', message: 'Anyone there?' });

    await page.goto('/admin/dashboard');
    const waiting = page.getByRole('region', { name: 'Waiting for a first reply' });
    await expect(waiting.getByRole('link', { name: /^\d+ leads?$/ })).toHaveAttribute('href', '/admin/leads?status=new&sort=oldest');
    await expect(waiting).toContainText(/the oldest for (less than an hour|\d+ (hours?|days?))/);
    await expect(page.getByRole('region', { name: 'Total Leads', exact: true })).toContainText(
      /\d+ received in the last 30 days, (▲ |▼ )?(same as|[+−]\d+ vs) previous 30 days/,
    );

    const chart = page.getByRole('region', { name: 'New leads per week (last 12 weeks)' });
    await expect(chart.getByRole('img', { name: /^Bar chart of new leads per week/ })).toBeVisible();
    await chart.getByText('Show as table').click();
    await expect(chart.getByRole('table', { name: 'New leads per week' }).getByRole('row')).toHaveCount(13);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `dashboard with the next actions (${colorScheme})`);
    }

    const followUps = page.getByRole('region', { name: 'My follow-ups today' });
    const count = followUps.getByRole('link', { name: /of my follow-ups due today or overdue: open My work$/ });
    expect(Number(await count.textContent())).toBeGreaterThanOrEqual(1);
    await count.click();
    await expect(page.getByRole('heading', { level: 1, name: 'My work' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Fay Followup/ })).toBeVisible();
  });

  test('a rejected card shows its scheduled rejection mail; a resume opens in a side panel beside the board, and Escape closes it', async ({ page, api }) => {
    const title = unique('Panel Engineer');
    const job = engineeringJob(title, 'Read resumes.', 'SQL');
    const { data: created } = await api.createJob(job);
    const [ada, ben] = [unique('Ada Panel'), unique('Ben Panel')];
    await api.apply({ job: created._id, fullName: ada, email: 'ada.panel@example.test', phone: '+15551234567', experience: '3 years' });
    const { data: rejected } = await api.apply({
      job: created._id,
      fullName: ben,
      email: 'ben.panel@example.test',
      phone: '+15551234567',
      experience: '3 years',
    });
    const settings = await (await api.request.get('/api/admin/settings/candidate-emails')).json();
    const sendAt = new Date(Date.now() + REJECTION_DELAY_HOURS * 3_600_000).toISOString();
    const bulk = await api.request.post('/api/jobs/applications/bulk', {
      data: { ids: [rejected._id], status: 'rejected', templateId: settings.settings.rejectionTemplateId, sendAt },
    });
    expect(bulk.ok()).toBeTruthy();

    await page.goto(`/admin/jobs/${created._id}/pipeline`);
    await expect(page.getByRole('heading', { level: 1, name: `Pipeline: ${title}` })).toBeVisible();
    const benCard = page.getByRole('article', { name: ben });
    await expect(benCard).toContainText('Rejection e-mail scheduled for');
    await expect(benCard.getByRole('button', { name: `Cancel the rejection e-mail to ${ben}` })).toBeVisible();

    const open = page.getByRole('article', { name: ada }).getByRole('button', { name: `Resume of ${ada}` });
    await open.click();
    const panel = page.getByRole('dialog', { name: `Resume of ${ada}` });
    const frame = panel.locator('iframe');
    await expect(frame).toHaveAttribute('title', `${ada}'s resume (PDF)`);
    await expect(frame).toHaveAttribute('src', /^blob:/);
    await expect(panel.getByRole('link', { name: `Download ${ada}_resume.pdf` })).toHaveAttribute('download', `${ada}_resume.pdf`);
    // Docked to the right, the board still in the page behind it.
    const box = await panel.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && Math.round(box.x + box.width)).toBe(viewport?.width);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `resume side panel (${colorScheme})`);
    }
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(open).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/admin/jobs/${created._id}/pipeline$`));
  });
});
