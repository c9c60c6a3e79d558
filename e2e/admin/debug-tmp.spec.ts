import { expect, test } from './fixtures';
test('debug', async ({ page }) => {
  await page.goto('/admin/portfolio');
  await page.getByRole('button', { name: 'Add Portfolio Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Portfolio Item' });
  const d = dialog.getByLabel('Description');
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption('web');
  console.log('1', await d.inputValue());
  await dialog.getByLabel('Project Title').fill('Gone Project x');
  await dialog.getByLabel('Project Subtitle').fill('Subtitle');
  await dialog.getByLabel('Description').fill('Description');
  console.log('2', await d.inputValue());
  await dialog.getByLabel('Image Link').fill('https://images.example.test/gone.png');
  console.log('3', await d.inputValue());
  await dialog.getByLabel('Project Link').fill('https://gone.example.test/');
  console.log('4', await d.inputValue());
  await expect(d).toHaveValue('Description');
});
