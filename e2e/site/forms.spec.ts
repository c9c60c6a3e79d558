import { expect, type Page } from '@playwright/test';
import { test } from '../support/hydrated-page';
import { answerWith, toast } from './helpers';

async function fillQuote(page: Page) {
  const form = page.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Service').selectOption({ label: 'Web Designing' });
  await form.getByLabel('Message').fill('We need a new website for our bakery.');
  return form;
}

test.describe('quote form', () => {
  test("on success shows the server's message, and the form comes back cleared", async ({ page }) => {
    await page.goto('/');
    const form = await fillQuote(page);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
    await form.getByRole('button', { name: 'Get Quote' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      service: 'web',
      message: 'We need a new website for our bakery.',
    });
    const { message } = await response.json();
    expect(message).toBeTruthy();
    await expect(toast(page, message)).toBeVisible();
    // The form gives way to its confirmation (form-confirmations.spec.ts) until asked for again.
    await page.getByRole('button', { name: 'Send another request' }).click();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Service')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
  });

  test('the success toast shows top-right in green and goes away after 3 seconds', async ({ page }) => {
    await page.goto('/');
    const form = await fillQuote(page);
    await form.getByRole('button', { name: 'Get Quote' }).click();
    const shown = toast(page, /Thank you|received/i);
    await expect(shown).toBeVisible();
    const appearedAt = Date.now();
    // Measured where it comes to rest: during its slide-in the toast sits a pixel or more short of its place.
    // (Only the toast's own animation: the progress bar inside it runs until the toast closes.)
    await shown.evaluate((element) => Promise.all((element.closest('.Toastify__toast') ?? element).getAnimations().map((animation) => animation.finished)));
    const box = (await shown.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    expect(box.y).toBeLessThan(80);
    const background = await page.locator('.Toastify__toast--success').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe('rgb(21, 128, 61)');
    await expect(shown).toBeHidden({ timeout: 6000 });
    expect(Date.now() - appearedAt).toBeGreaterThan(2500);
  });

  test("reads 'Sending...' while the request is in flight", async ({ page }) => {
    await page.goto('/');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/leads', async (route) => {
      await held;
      await route.continue();
    });
    const form = await fillQuote(page);
    await form.getByRole('button', { name: 'Get Quote' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Quote request received' })).toBeVisible();
  });

  test("on a server failure shows the server's message and keeps the values", async ({ page }) => {
    await page.route('**/api/leads', answerWith(500, { success: false, message: 'The quote service is down' }));
    await page.goto('/');
    const form = await fillQuote(page);
    await form.getByRole('button', { name: 'Get Quote' }).click();
    await expect(toast(page, 'The quote service is down')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await expect(form.getByLabel('Service')).toHaveValue('web');
    await expect(form.getByLabel('Message')).toHaveValue('We need a new website for our bakery.');
  });

  test("with the API down shows 'Something went wrong' and keeps the values", async ({ page }) => {
    await page.route('**/api/leads', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    const form = await fillQuote(page);
    await form.getByRole('button', { name: 'Get Quote' }).click();
    await expect(toast(page, 'Something went wrong')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue('ada@example.com');
  });

  test('is not sent while a field is missing', async ({ page }) => {
    let sent = false;
    await page.route('**/api/leads', (route) => {
      sent = true;
      return route.continue();
    });
    await page.goto('/');
    const form = await fillQuote(page);
    await form.getByLabel('Service').selectOption('');
    await form.getByRole('button', { name: 'Get Quote' }).click();
    expect(await form.getByLabel('Service').evaluate((select: HTMLSelectElement) => select.validity.valueMissing)).toBe(true);
    expect(sent).toBe(false);
  });

  test("a service card's 'Learn More' lands on the quote form", async ({ page }) => {
    await page.goto('/services');
    await page.locator('article#mobile').getByRole('link', { name: 'Learn More' }).click();
    await expect(page).toHaveURL('/#quote-form');
    await expect(page.getByRole('form', { name: 'Request a quote' })).toBeInViewport();
  });
});

async function fillContact(page: Page) {
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Grace Hopper');
  await form.getByLabel('Email').fill('grace@example.com');
  await form.getByLabel('Department').selectOption({ label: 'Support' });
  await form.getByLabel('Message').fill('Our app crashes on start.');
  return form;
}

test.describe('contact form', () => {
  test('keeps only digits and one leading plus in the phone', async ({ page }) => {
    await page.goto('/contact');
    const phone = page.getByLabel('Phone (optional)');
    await phone.pressSequentially('+1 (555) abc-010+2030');
    await expect(phone).toHaveValue('+15550102030');
  });

  test("sends the phone and shows 'Message sent successfully!', and the form comes back cleared", async ({ page }) => {
    await page.goto('/contact');
    const form = await fillContact(page);
    await form.getByLabel('Phone (optional)').fill('+44 20 7946 0000');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contacts'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '+442079460000',
      department: 'support',
      message: 'Our app crashes on start.',
    });
    expect((await response.json()).data.phone).toBe('+442079460000');
    await expect(toast(page, 'Message sent successfully!')).toBeVisible();
    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Department')).toHaveValue('');
  });

  test('disables its button while sending', async ({ page }) => {
    await page.goto('/contact');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contacts', async (route) => {
      await held;
      await route.continue();
    });
    const form = await fillContact(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  });

  test("on a validation failure shows the server's message and keeps the values", async ({ page }) => {
    await page.route('**/api/contacts', answerWith(400, { success: false, message: 'Please correct the highlighted fields' }));
    await page.goto('/contact');
    const form = await fillContact(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, 'Please correct the highlighted fields')).toBeVisible();
    await expect(form.getByLabel('Message')).toHaveValue('Our app crashes on start.');
  });

  test("with the API down shows 'Failed to send message'", async ({ page }) => {
    await page.route('**/api/contacts', (route) => route.abort('connectionrefused'));
    await page.goto('/contact');
    const form = await fillContact(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, 'Failed to send message')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('Grace Hopper');
  });
});
