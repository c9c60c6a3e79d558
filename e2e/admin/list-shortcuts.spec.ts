// The lists as work queues (docs/decisions/079-list-shortcuts.md): j/k move the focus between rows, x selects, Enter
// opens, ? lists the keys (also from the toolbar's button); a click on a row opens its item; the age column; the bulk
// bar only once something is selected; Source and Medium as choices of the values met; axe in both themes.
import { ATTRIBUTION_HEADER } from '@brightwave/common';
import { expect, expectNoAxeViolations, openFilters, test, unique } from './fixtures';

test.describe('lists as work queues', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the leads list: keyboard shortcuts, rows that open, the age, the bulk bar on selection, source choices', async ({ page, api }) => {
    const tag = unique('queue');
    // A source of its own (as a UTM tag would give), so that the choice is this test's.
    const source = `queue-${tag.split(' ')[1]}`;
    for (const word of ['First', 'Second']) {
      await api.createLead({ name: `${word} ${tag}`, email: 'queue@example.test', service: 'web', message: `Lead of ${tag}` });
    }
    const attributed = await page.request.post('/api/leads', {
      data: { name: `Third ${tag}`, email: 'queue@example.test', service: 'web', message: `Lead of ${tag}` },
      headers: { [ATTRIBUTION_HEADER]: JSON.stringify({ source, medium: 'email' }) },
    });
    expect(attributed.ok()).toBe(true);

    await page.goto('/admin/leads');
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
    const rows = page.getByRole('table', { name: 'Quote requests' }).getByRole('row');
    // Newest first: Third, Second, First (and the header row).
    await expect(rows).toHaveCount(4);
    const [third, second, first] = [rows.nth(1), rows.nth(2), rows.nth(3)];
    await expect(first).toContainText(`First ${tag}`);

    // The age, with the exact time on hover.
    const age = third.locator('time');
    await expect(age).toHaveText(/^(just now|\d+ min ago),/);
    await expect(age).toHaveAttribute('title', /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/);
    // A screen reader hears both (the exact time is visually hidden text).
    await expect(third.getByRole('cell', { name: /^(just now|\d+ min ago) ?, [A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/ })).toBeVisible();

    // No bulk bar until a row is chosen.
    const bulk = page.getByRole('form', { name: 'Assign selected leads' });
    await expect(bulk).toHaveCount(0);

    // Off while typing: the search box keeps its j.
    await page.getByRole('heading', { level: 1, name: 'Leads' }).click();
    await page.keyboard.press('j');
    await expect(third).toBeFocused();
    await expect(third).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('j');
    await expect(second).toBeFocused();
    await page.keyboard.press('x');
    await expect(second.getByRole('checkbox', { name: `Select the lead from Second ${tag}` })).toBeChecked();
    await expect(bulk).toBeVisible();
    await expect(page.getByText('1 selected', { exact: true })).toBeVisible();

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toContainText("Open the row's item");
    await expectNoAxeViolations(page, 'keyboard shortcuts dialog');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await expect(second).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Quote request from Second ${tag}` })).toBeVisible();
    await page.goBack();
    await expect(rows).toHaveCount(4);

    // The toolbar's button opens the same help.
    await page.getByRole('button', { name: 'Keyboard shortcuts (?)' }).click();
    await expect(help).toBeVisible();
    await help.getByRole('button', { name: 'Close' }).click();

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `leads as a work queue (${colorScheme})`);
    }

    // Source: the values met, as choices.
    await (await openFilters(page)).getByRole('combobox', { name: 'Source' }).selectOption(source);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(`Third ${tag}`);
    await (await openFilters(page)).getByRole('combobox', { name: 'Source' }).selectOption({ label: 'Any source' });
    await expect(rows).toHaveCount(4);
    await page.keyboard.press('Escape');

    // A click on a row, beside its links and buttons, opens the item.
    await first.getByRole('cell', { name: `Lead of ${tag}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Quote request from First ${tag}` })).toBeVisible();
  });
});
