// the Deliveries screen lists every outgoing message with its state.
import { DELIVERY_TOPIC_LABELS } from '@brightwave/common';
import { expect, expectNoAxeViolations, openFilters, test, unique } from './fixtures';

test.describe('deliveries', () => {
  test("a quote request's confirmation is listed as sent, found by its recipient and by status", async ({ page, api }) => {
    const email = `${unique('delivery').replace(/\W+/g, '-').toLowerCase()}@example.test`;
    await api.createLead({ name: 'Delivery Person', email, service: 'web', message: 'Please confirm' }, { fromSite: true });

    await page.goto('/admin/deliveries');
    await expect(page.getByRole('heading', { name: 'Deliveries', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search deliveries' }).fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    // The worker sends right after the submission; a row still waiting shows as sent on the next look.
    await expect(async () => {
      await (await openFilters(page)).getByRole('combobox', { name: 'Status', exact: true }).selectOption('sent');
      await expect(row).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row.getByRole('cell').first()).toHaveText(DELIVERY_TOPIC_LABELS['lead.confirmation']);
    await expect(row).toContainText('Sent');
    await expect(row.getByRole('button', { name: /Retry now/ })).toHaveCount(0);

    await (await openFilters(page)).getByRole('combobox', { name: 'Status', exact: true }).selectOption('failed');
    await expect(page.getByText('No messages found.')).toBeVisible();
    await expectNoAxeViolations(page, 'deliveries');
  });
});
