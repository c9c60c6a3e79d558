// Settings → Notifications sets who on the staff is told of each kind of submission.
import { MESSAGES } from '@brightwave/common';
import { e2eAdmin } from '../support/env';
import { expect, expectNoAxeViolations, test } from './fixtures';

test.describe('notification settings', () => {
  test('without NOTIFY_TO, an empty route says it goes to every owner, naming them, in place of nobody', async ({ page }) => {
    await page.goto('/admin/settings/notifications');
    const form = page.getByRole('form', { name: 'Notification settings' });
    // Other suites may add owners meanwhile: the suite's own owner is named, whoever else is.
    const ownersHint = new RegExp(`^${MESSAGES.emptyRouteToOwners} \\(.*${e2eAdmin.email.replaceAll('.', '\\.')}.*\\)$`);
    await expect(form.getByRole('textbox', { name: 'Quote requests: Every quote request recipients' })).toHaveAttribute('placeholder', ownersHint);
    await expect(form.getByRole('textbox', { name: 'Job applications: Design recipients' })).toHaveAttribute('placeholder', ownersHint);
    await expect(page.getByText(/An empty route goes to every owner \(.*\), as NOTIFY_TO is not set on the server\./)).toBeVisible();
  });

  test('an admin routes contact messages of one department, sees a bad address named, and the routes are kept', async ({ page }) => {
    await page.goto('/admin/settings/notifications');
    await expect(page.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Notification settings' });
    const sales = form.getByRole('textbox', { name: 'Contact messages: Sales recipients' });
    const design = form.getByRole('textbox', { name: 'Job applications: Design recipients' });
    await expect(form.getByRole('group', { name: 'Quote requests', exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'notification settings');

    await sales.fill('Sales@Example.test, not-an-address');
    await form.getByRole('button', { name: 'Save notification settings' }).click();
    await expect(page.getByText('"not-an-address" is not a valid email address').first()).toBeVisible();
    await expect(sales).toHaveAttribute('aria-invalid', 'true');

    await sales.fill('Sales@Example.test; team.sales@example.test');
    await design.fill('design@example.test');
    await form.getByRole('button', { name: 'Save notification settings' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await expect(sales).not.toHaveAttribute('aria-invalid', 'true');

    await page.reload();
    await expect(sales).toHaveValue('sales@example.test, team.sales@example.test');
    await expect(design).toHaveValue('design@example.test');

    // Back to empty routes, so the other suites' notifications go where they did.
    await sales.fill('');
    await design.fill('');
    await form.getByRole('button', { name: 'Save notification settings' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
  });
});
