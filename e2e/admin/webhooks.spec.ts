// Settings → Webhooks adds endpoints (secret shown once), disables and deletes them.
import { expect, expectNoAxeViolations, test } from './fixtures';

test.describe('webhook settings', () => {
  test('an admin adds an endpoint, copies its secret shown once, disables it and deletes it', async ({ page }) => {
    // A name under .test never resolves: the endpoint is saved, and no call could ever reach anyone.
    const url = `https://hooks-${Date.now()}.example.test/brightwave`;
    await page.goto('/admin/settings/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
    const form = page.getByRole('form', { name: 'Add a webhook' });
    const urlBox = form.getByRole('textbox', { name: 'Endpoint URL' });

    // Refused with the reason beside the field.
    await urlBox.fill('http://hooks.example.test/plain');
    await form.getByRole('checkbox', { name: /Job status changed/ }).check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(form.getByText('The URL must start with https://')).toBeVisible();
    await expect(urlBox).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'webhook settings');

    await urlBox.fill(url);
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook secret' });
    await expect(dialog).toBeVisible();
    const secret = dialog.getByRole('textbox', { name: 'Signing secret' });
    await expect(secret).toHaveValue(/^whsec_[A-Za-z0-9+/=]{44}$/);
    const shown = await secret.inputValue();
    await expectNoAxeViolations(page, 'webhook secret');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Job status changed');
    await expect(row).toContainText('Enabled');
    // Shown once: neither the list nor a reload holds it again.
    await page.reload();
    await expect(row).toBeVisible();
    await expect(page.getByText(shown)).toHaveCount(0);

    await row.getByRole('button', { name: `Disable webhook ${url}` }).click();
    await expect(page.getByText('Webhook disabled')).toBeVisible();
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button', { name: `Enable webhook ${url}` })).toBeVisible();

    await row.getByRole('button', { name: `Delete webhook ${url}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete webhook' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Webhook deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expectNoAxeViolations(page, 'webhook settings after delete');
  });
});
