// SPEC §2, §5, §8: portfolio management table, the add/edit dialog, tech stack entry, delete confirmation.
import { MESSAGES, PORTFOLIO_CATEGORY_KEYS, PORTFOLIO_CATEGORY_LABELS } from '@brightwave/common';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, unique } from './fixtures';

function techTags(dialog: Locator) {
  return dialog.getByRole('list', { name: 'Technologies' }).getByRole('listitem');
}

async function openAddDialog(page: Page) {
  await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
  return page.getByRole('dialog', { name: 'Add Portfolio Item' });
}

test.describe('portfolio management', () => {
  // Long journeys with several axe runs on a shared 2-core machine.
  test.describe.configure({ timeout: 60_000 });

  test('add, edit and delete an item with the exact toasts and confirmation', async ({ page, api }) => {
    const title = unique('Project');
    await page.goto('/admin/portfolio');
    await expect(page.getByRole('heading', { name: 'Portfolio Management', level: 1 })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page, 'portfolio');

    const dialog = await openAddDialog(page);
    await expectNoAxeViolations(page, 'portfolio add dialog');
    const category = dialog.getByRole('combobox', { name: 'Category' });
    await expect(category.getByRole('option')).toHaveText(['Select Category', ...PORTFOLIO_CATEGORY_KEYS.map((key) => PORTFOLIO_CATEGORY_LABELS[key])]);
    for (const label of ['Category', 'Project Title', 'Project Subtitle', 'Description', 'Image Link', 'Project Link']) {
      await expect(dialog.getByLabel(label)).toHaveAttribute('required', '');
    }
    await expect(dialog.getByLabel('Image Link')).toHaveAttribute('type', 'url');
    await expect(dialog.getByLabel('Project Link')).toHaveAttribute('type', 'url');

    await category.selectOption('mobile');
    await dialog.getByLabel('Project Title').fill(title);
    await dialog.getByLabel('Project Subtitle').fill('A delivery app');
    await dialog.getByLabel('Description').fill('Native apps for couriers and customers.');
    await dialog.getByLabel('Image Link').fill('https://images.example.test/delivery.png');
    await dialog.getByLabel('Project Link').fill('https://delivery.example.test/');

    const tech = dialog.getByRole('textbox', { name: 'Tech Stack' });
    await tech.fill('React Native');
    await tech.press('Enter');
    await tech.press('Enter');
    await tech.fill('React Native');
    await tech.press('Enter');
    await tech.fill('  Kotlin , Swift,,  GraphQL ');
    await tech.press('Enter');
    await expect(techTags(dialog)).toHaveText(['React Native', 'Kotlin', 'Swift', 'GraphQL']);
    await dialog.getByRole('button', { name: 'Remove Swift' }).click();
    await expect(techTags(dialog)).toHaveText(['React Native', 'Kotlin', 'GraphQL']);
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Add Portfolio' }).click();
    await expect(page.getByText(MESSAGES.portfolioCreated)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: PORTFOLIO_CATEGORY_LABELS.mobile, exact: true })).toBeVisible();
    await expect(row.getByRole('img', { name: title })).toHaveAttribute('src', 'https://images.example.test/delivery.png');
    expect((await api.findPortfolio(title))?.techStack).toEqual(['React Native', 'Kotlin', 'GraphQL']);

    // Edit: the same form in edit mode, filled with the item.
    await row.getByRole('button', { name: 'Edit Portfolio Item' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Portfolio Item' });
    await expect(editDialog.getByLabel('Project Title')).toHaveValue(title);
    await expect(editDialog.getByRole('combobox', { name: 'Category' })).toHaveValue('mobile');
    await expect(techTags(editDialog)).toHaveText(['React Native', 'Kotlin', 'GraphQL']);
    const renamed = `${title} v2`;
    await editDialog.getByLabel('Project Title').fill(renamed);
    await editDialog.getByRole('button', { name: 'Update Portfolio' }).click();
    await expect(page.getByText(MESSAGES.portfolioUpdated)).toBeVisible();
    const renamedRow = page.getByRole('row').filter({ hasText: renamed });
    await expect(renamedRow).toHaveCount(1);

    // After editing, Add opens an empty form again.
    const addAgain = await openAddDialog(page);
    await expect(addAgain.getByLabel('Project Title')).toHaveValue('');
    await expect(addAgain.getByRole('list', { name: 'Technologies' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(addAgain).toBeHidden();

    // Delete: Cancel keeps it, Delete removes it.
    await renamedRow.getByRole('button', { name: 'Delete Portfolio Item' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Portfolio Item' });
    await expect(confirm).toContainText(MESSAGES.portfolioDeleteConfirm);
    await expectNoAxeViolations(page, 'portfolio delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamedRow).toHaveCount(1);
    await renamedRow.getByRole('button', { name: 'Delete Portfolio Item' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(MESSAGES.portfolioDeleted)).toBeVisible();
    await expect(renamedRow).toHaveCount(0);
    expect(await api.findPortfolio(renamed)).toBeUndefined();
  });

  test("a failed save or delete shows the server's message", async ({ page, api }) => {
    const title = unique('Gone Project');
    await page.goto('/admin/portfolio');
    const dialog = await openAddDialog(page);
    await dialog.getByRole('combobox', { name: 'Category' }).selectOption('web');
    await dialog.getByLabel('Project Title').fill(title);
    await dialog.getByLabel('Project Subtitle').fill('Subtitle');
    await dialog.getByLabel('Description').fill('Description');
    await dialog.getByLabel('Image Link').fill('https://images.example.test/gone.png');
    await dialog.getByLabel('Project Link').fill('https://gone.example.test/');
    // The API asks for at least one technology: its message is shown and the form keeps its values.
    await dialog.getByRole('button', { name: 'Add Portfolio' }).click();
    await expect(page.getByText('Please add at least one technology')).toBeVisible();
    await expect(dialog.getByLabel('Project Title')).toHaveValue(title);
    await dialog.getByRole('textbox', { name: 'Tech Stack' }).fill('PHP');
    await dialog.getByRole('textbox', { name: 'Tech Stack' }).press('Enter');
    await dialog.getByRole('button', { name: 'Add Portfolio' }).click();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);

    // Another admin deletes it meanwhile.
    await api.deletePortfolio((await api.findPortfolio(title))!._id);

    await row.getByRole('button', { name: 'Edit Portfolio Item' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Portfolio Item' });
    await editDialog.getByLabel('Project Subtitle').fill('Changed');
    await editDialog.getByRole('button', { name: 'Update Portfolio' }).click();
    await expect(page.getByText(MESSAGES.portfolioNotFound)).toBeVisible();
    await expect(editDialog).toBeVisible();
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: 'Delete Portfolio Item' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(MESSAGES.portfolioNotFound).last()).toBeVisible();
  });

  test("a list that cannot load toasts 'Failed to fetch portfolios'", async ({ page }) => {
    // The network drops the list request (a connection failure, not a made-up answer).
    await page.route('**/api/portfolio', (route) => route.abort('connectionrefused'));
    await page.goto('/admin/portfolio');
    await expect(page.getByText(MESSAGES.portfolioListFailure)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
