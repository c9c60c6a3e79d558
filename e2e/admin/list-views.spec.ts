// The lists' views (docs/features/workspace.md): one search box and a Filters popover whose choices show as removable
// chips, every choice in the address (a reload keeps it); rows as cards on a phone; My work's follow-ups due today.
import { addDays, subHours } from 'date-fns';
import { expect, expectNoAxeViolations, openFilters, test, unique } from './fixtures';

test.describe('list views', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a filter chosen in the Filters popover shows as a chip, survives a reload, and goes with its chip', async ({ page, api }) => {
    const name = unique('Chip Query');
    await api.createContact({ name, email: 'chip.query@example.test', department: 'support', message: 'Filter me.' });
    await page.goto('/admin/queries');
    await page.getByRole('searchbox', { name: 'Search queries' }).fill(name);
    const rows = page.getByRole('table', { name: 'Contact messages' }).getByRole('row');
    await expect(rows).toHaveCount(2);

    // By keyboard: Enter opens it with the focus inside, Escape closes it and gives the focus back.
    const button = page.getByRole('button', { name: 'Filters', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const filters = page.getByRole('group', { name: 'Filters' });
    await expect(filters.getByRole('combobox', { name: 'Show' })).toBeFocused();
    await expectNoAxeViolations(page, 'the Filters popover');
    await page.keyboard.press('Escape');
    await expect(filters).toBeHidden();
    await expect(button).toBeFocused();

    await (await openFilters(page)).getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Pending' });
    await page.keyboard.press('Escape');
    const chip = page.getByRole('button', { name: 'Remove filter: Status Pending' });
    await expect(chip).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters 1 chosen' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/queries\?status=pending&q=/);
    await expectNoAxeViolations(page, 'a list with a filter chip');

    await page.reload();
    await expect(chip).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('searchbox', { name: 'Search queries' })).toHaveValue(name);

    await chip.click();
    await expect(chip).toHaveCount(0);
    await expect(page).not.toHaveURL(/status=/);
    await expect(button).toBeFocused();
  });

  test('on a phone the leads list is a list of cards that open their items, with no sideways scrolling', async ({ page, api, adminSession }) => {
    const name = unique('Card Lead');
    const { data } = await api.createLead({ name, email: 'a.rather.long.address.for.a.card@example.test', service: 'web', message: 'On a phone.' });
    await api.setOwner('lead', data._id, adminSession.admin._id);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/leads');
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);
    const card = page.getByRole('table', { name: 'Quote requests' }).locator('tbody tr');
    await expect(card).toHaveCount(1);

    // A card: the name, the status, the owner, the age; the other columns stay on the item's page.
    await expect(card).toHaveCSS('display', 'flex');
    await expect(page.getByRole('table', { name: 'Quote requests' }).locator('thead')).toBeHidden();
    await expect(card.getByRole('link', { name })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Status: New, change status/ })).toBeVisible();
    await expect(card.getByText(adminSession.admin.name)).toBeVisible();
    await expect(card.locator('time')).toBeVisible();
    await expect(card.getByText('a.rather.long.address.for.a.card@example.test')).toBeHidden();
    const box = await card.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The popover fits the phone too.
    await openFilters(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'leads as cards on a phone');
    await page.keyboard.press('Escape');

    await card.locator('time').click();
    await expect(page.getByRole('heading', { level: 1, name: `Quote request from ${name}` })).toBeVisible();
  });

  test("My work's follow-ups due today: from the dashboard's card, kept in the address, a chip that removes it", async ({ page, api, adminSession }) => {
    const tag = unique('due');
    const [due, later] = [`Due ${tag}`, `Later ${tag}`];
    for (const [name, at] of [
      [due, subHours(new Date(), 2)],
      [later, addDays(new Date(), 3)],
    ] as const) {
      const { data } = await api.createLead({ name, email: 'due@example.test', service: 'web', message: 'Follow me up.' });
      await api.setOwner('lead', data._id, adminSession.admin._id);
      await api.setFollowUp('lead', data._id, at);
    }

    await page.goto('/admin/dashboard');
    await page
      .getByRole('region', { name: 'My follow-ups today' })
      .getByRole('link', { name: /of my follow-ups due today or overdue: open My work$/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/my-work\?due=today$/);
    const chip = page.getByRole('button', { name: 'Remove filter: Follow-up due Today' });
    await expect(chip).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search my work' }).fill(tag);
    const table = page.getByRole('table', { name: 'My open items' });
    await expect(table.getByRole('link', { name: due })).toBeVisible();
    await expect(table.getByRole('link', { name: later })).toHaveCount(0);
    await expectNoAxeViolations(page, 'My work due today');

    await page.reload();
    await expect(chip).toBeVisible();
    await expect(table.getByRole('link', { name: due })).toBeVisible();
    await expect(table.getByRole('link', { name: later })).toHaveCount(0);

    await chip.click();
    await expect(table.getByRole('link', { name: later })).toBeVisible();
    await expect(table.getByRole('link', { name: due })).toBeVisible();
    await expect(page).not.toHaveURL(/due=/);

    // Chosen in the popover, as the other filters are.
    await (await openFilters(page)).getByRole('combobox', { name: 'Follow-up due' }).selectOption({ label: 'Today' });
    await expect(page).toHaveURL(/due=today/);
    await expect(table.getByRole('link', { name: later })).toHaveCount(0);
  });
});
