// API keys: made on the Account screen (shown once), used by an integration with its Bearer header, revoked.
import { API_KEY_MESSAGES } from '@brightwave/common';
import { expect, expectNoAxeViolations, test, unique } from './fixtures';

test('an admin creates an API key on the Account screen, sees it once, an integration reads leads with it, and it is refused once revoked', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = unique('CRM sync');
  await page.goto('/admin/account');
  const section = page.getByRole('region', { name: 'API keys' });
  const form = section.getByRole('form', { name: 'Create an API key' });
  await form.getByRole('textbox', { name: 'Key name' }).fill(name);
  await form.getByRole('checkbox', { name: /leads:read/ }).check();
  await form.getByRole('button', { name: 'Create API key' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog.getByText(API_KEY_MESSAGES.shownOnce)).toBeVisible();
  const key = await dialog.getByLabel('API key').inputValue();
  expect(key).toMatch(/^bw_[\w-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText(API_KEY_MESSAGES.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectNoAxeViolations(page, 'account: a new API key');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Listed by its last four characters only: the key is not on the page any more.
  const row = section.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText(`…${key.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(page.locator(`input[value="${key}"]`)).toHaveCount(0);

  const asIntegration = { Authorization: `Bearer ${key}` };
  const leads = await request.get('/api/leads?page=1&limit=5', { headers: asIntegration });
  expect(leads.status(), await leads.text()).toBe(200);
  const write = await request.patch('/api/leads/3f2504e0-4f89-41d3-9a0c-0305e82c3301/status', { headers: asIntegration, data: { status: 'lost' } });
  expect(write.status()).toBe(403);
  expect((await write.json()).message).toBe(API_KEY_MESSAGES.missingScope('leads:write'));

  // Its last use is shown once the list is read again.
  await page.reload();
  await expect(row.getByRole('cell', { name: 'Never' })).toHaveCount(1);

  await row.getByRole('button', { name: `Revoke the API key ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke API key?' });
  await expectNoAxeViolations(page, 'account: revoke an API key');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText(API_KEY_MESSAGES.revoked)).toBeVisible();
  await expect(row).toHaveCount(0);

  const refused = await request.get('/api/leads?page=1&limit=5', { headers: asIntegration });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe(API_KEY_MESSAGES.revokedKey);
});
