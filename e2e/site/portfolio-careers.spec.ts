import { expect, type Page } from '@playwright/test';
import { test } from '../support/hydrated-page';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FORM_TOKEN_HEADER, SPAM_MIN_FILL_SECONDS } from '@brightwave/common';
import { e2eDataDir } from '../support/env';
import { answerWith, toast } from './helpers';

/**
 * The backend renders /portfolio with the projects, so a visit to that address asks the API nothing; the
 * browser loads the list itself after a client-side navigation (and on the prerendered copy served when the
 * backend cannot render). Tests of what the browser does with the API's answer arrive that way.
 */
async function openPortfolioFromHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Portfolio', exact: true }).click();
  await expect(page).toHaveURL('/portfolio');
}

test.describe('/portfolio', () => {
  test('arrives with the projects in the HTML: they show with JavaScript off, and the API is not asked again', async ({ browser, page }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto('/portfolio');
    const grid = plain.getByRole('region', { name: 'Projects' }).getByRole('list').first();
    await expect(grid.getByRole('article')).toHaveCount(9);
    await expect(grid.getByRole('button', { name: 'ShopSphere' })).toBeVisible();
    // The first row's pictures load with the page, the first one first.
    await expect(grid.locator('img').first()).toHaveAttribute('fetchpriority', 'high');
    await expect(grid.locator('img').nth(3)).toHaveAttribute('loading', 'lazy');
    await noScript.close();

    const apiCalls: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/portfolio')) apiCalls.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/portfolio');
    await page.getByRole('button', { name: 'ShopSphere' }).click();
    await expect(page.getByRole('dialog', { name: 'ShopSphere' })).toBeVisible();
    expect(apiCalls).toEqual([]);
    // Hydration found the HTML it would have rendered itself.
    expect(errors).toEqual([]);
  });

  test('shows the hero, breadcrumb, a grid of the demo projects and the call to action', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Portfolio' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toBeVisible();
    const grid = page.getByRole('region', { name: 'Projects' }).getByRole('list').first();
    await expect(grid.getByRole('article')).toHaveCount(9);
    const card = grid.getByRole('article').filter({ hasText: 'ShopSphere' });
    await expect(card.getByText('E-commerce Design')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Technologies' }).getByRole('listitem').first()).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', '/images/portfolio/shopsphere.svg');
    expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await expect(page.getByRole('heading', { name: 'Ready to Bring Your Ideas to Reality?' })).toBeVisible();
    await page.getByRole('link', { name: 'Start Your Project' }).click();
    await expect(page).toHaveURL('/contact');
  });

  test('lays the grid out in 3 columns on large screens and 2 on medium', async ({ page }) => {
    const columns = () =>
      page
        .getByRole('region', { name: 'Projects' })
        .getByRole('list')
        .first()
        .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/portfolio');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await columns()).toBe(3);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await columns()).toBe(2);
  });

  test('a card opens a dialog with the details, Escape closes it and focus returns to the card', async ({ page }) => {
    await page.goto('/portfolio');
    const opener = page.getByRole('button', { name: 'ChainVault' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'ChainVault' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Blockchain', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Technologies Used' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Description' })).toBeVisible();
    const view = dialog.getByRole('link', { name: /View Project/ });
    await expect(view).toHaveAttribute('target', '_blank');
    await expect(view).toHaveAttribute('rel', /noopener/);
    await expect(view).toHaveAttribute('href', /^https:\/\//);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("hides 'View Project' when the item has no link, and closes from the Close button", async ({ page }) => {
    await page.route('**/api/portfolio', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.portfolios[0].linkToProject = '';
      await route.fulfill({ response, json: body });
    });
    await openPortfolioFromHome(page);
    const first = page.getByRole('region', { name: 'Projects' }).getByRole('article').first();
    const title = (await first.getByRole('heading').textContent())!.trim();
    await first.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /View Project/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test("shows 'Failed to load portfolio items' in red when the list cannot load", async ({ page }) => {
    await page.route('**/api/portfolio', answerWith(500, { success: false, message: 'Database unavailable' }));
    await openPortfolioFromHome(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load portfolio items' });
    await expect(alert).toBeVisible();
    expect(await alert.evaluate((element) => getComputedStyle(element).color)).toMatch(/^(rgb|oklch)/);
    await expect(alert).toHaveClass(/text-red/);
  });

  test("shows 'Something went wrong' when the section fails to render", async ({ page }) => {
    // A malformed answer (no tech stack list, unknown shape) makes the grid throw while rendering.
    await page.route('**/api/portfolio', answerWith(200, { success: true, portfolios: [null] }));
    await openPortfolioFromHome(page);
    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to Bring Your Ideas to Reality?' })).toBeVisible();
  });
});

function tempFile(name: string, contents: Buffer | string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brightwave-resume-')), name);
  fs.writeFileSync(file, contents);
  return file;
}

// A real, minimal one-page PDF.
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe('/careers', () => {
  test('shows the hero, breadcrumb, why join us and the open positions in two columns', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/careers');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toHaveText(/Home\s*>\s*Careers/);
    for (const title of ['Growth & Development', 'Innovation First', 'Work-Life Balance']) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Why Join Us?' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Open Positions' })).toBeVisible();
    const card = page.getByRole('article', { name: 'Senior Full-Stack Engineer' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Remote')).toBeVisible();
    await expect(card.getByText('full time', { exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Requirements' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Apply Now' })).toBeVisible();
    const grid = page.getByRole('region', { name: 'Open Positions' }).getByRole('list').first();
    expect(await grid.evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length)).toBe(2);
  });

  test('shows a loading indicator while the jobs load', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/jobs', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/careers');
    await expect(page.getByRole('status').filter({ hasText: 'Loading open positions' })).toBeVisible();
    release();
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('filters by department, location and type, with a message when nothing matches', async ({ page }) => {
    await page.goto('/careers');
    const cards = page.getByRole('region', { name: 'Open Positions' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    const total = await cards.count();
    await expect(page.getByLabel('Department')).toHaveValue('');
    await expect(page.getByLabel('Department').locator('option').first()).toHaveText('All Departments');
    await expect(page.getByLabel('Location').locator('option').first()).toHaveText('All Locations');
    await expect(page.getByLabel('Type').locator('option').first()).toHaveText('All Types');

    await page.getByLabel('Department').selectOption('engineering');
    await expect(cards).toHaveCount(2);
    await page.getByLabel('Location').selectOption('remote');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAccessibleName('Senior Full-Stack Engineer');
    await page.getByLabel('Type').selectOption('internship');
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('No positions matching your criteria at the moment.')).toBeVisible();
    await expect(page.getByText('Check back later or adjust your filters!')).toBeVisible();

    await page.getByLabel('Department').selectOption('');
    await page.getByLabel('Location').selectOption('');
    await page.getByLabel('Type').selectOption('');
    await expect(cards).toHaveCount(total);

    // Two filters changed before the page shows the first (a quick hand, a slow phone): both hold.
    await page.evaluate(() => {
      for (const [label, value] of [
        ['Department', 'engineering'],
        ['Location', 'remote'],
      ] as const) {
        const select = [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === label)?.control;
        if (!(select instanceof HTMLSelectElement)) throw new Error(`no select labelled ${label}`);
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    await expect(cards).toHaveCount(1);
    await expect(page).toHaveURL(/\/careers\?department=engineering&location=remote$/);
  });

  test('a failed jobs fetch is only logged and shows an empty list', async ({ page }) => {
    await page.route('**/api/jobs', (route) => route.abort('connectionrefused'));
    await page.goto('/careers');
    await expect(page.getByText('No positions matching your criteria at the moment.')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("applies with a real PDF: 'Application submitted successfully!', a confirmation until 'Done', and one mailed", async ({ page }) => {
    // One application per address and job: a new address on every run.
    const email = `alan.${Date.now().toString(36)}@example.com`;
    await page.goto('/careers');
    const card = page.getByRole('article', { name: 'UI/UX Designer' });
    const tokenFetched = page.waitForResponse((response) => response.url().endsWith('/api/form-token'));
    await card.getByRole('button', { name: 'Apply Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for UI/UX Designer' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full Name')).toBeFocused();
    // The dialog's first field takes the focus, which fetches the form token.
    const { token } = (await (await tokenFetched).json()) as { token: string };
    await dialog.getByLabel('Full Name').fill('Alan Turing');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('+44 1234 567890');
    await dialog.getByLabel('Years of Experience').fill('5');
    await dialog.getByLabel('Resume').setInputFiles(tempFile('alan-turing.pdf', pdf));
    await dialog.getByLabel('Cover Letter (optional)').fill('I love clean interfaces.');
    await dialog.getByLabel('Portfolio URL (optional)').fill('https://example.com/alan');

    // A person takes longer than the minimum fill time; a robot filling at this speed would get no confirmation.
    await page.waitForTimeout(SPAM_MIN_FILL_SECONDS * 1000);

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/jobs/apply'));
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().headers()[FORM_TOKEN_HEADER]).toBe(token);
    const sent = response.request().postDataJSON();
    expect(sent).toMatchObject({
      fullName: 'Alan Turing',
      email,
      phone: '+44 1234 567890',
      experience: '5',
      coverLetter: 'I love clean interfaces.',
      portfolio: 'https://example.com/alan',
      isResumeBase64: true,
    });
    expect(sent.job).toMatch(/\S/);
    expect(sent.resume).toBe(`data:application/pdf;base64,${pdf.toString('base64')}`);
    await expect(toast(page, 'Application submitted successfully!')).toBeVisible();
    // The form gives way to its confirmation (form-confirmations.spec.ts), which the applicant closes.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: 'Apply Now' })).toBeFocused();

    // The backend's development outbox (no SMTP_URL): the confirmation names the job and repeats nothing typed.
    const outbox = path.join(e2eDataDir, 'outbox');
    const confirmation = async () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
        .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
        .find((mail) => new RegExp(`^To: ${email.replace(/\./g, '\\.')}$`, 'im').test(mail));
    await expect.poll(confirmation, { timeout: 10_000 }).toContain('Subject: We received your application for UI/UX Designer');
    expect(await confirmation()).not.toMatch(/clean interfaces|example\.com\/alan|1234 567890/);
  });

  test("refuses a resume of 5 MB or more with 'File size should be less than 5MB'", async ({ page }) => {
    await page.goto('/careers');
    await page.getByRole('button', { name: 'Apply Now' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Resume').setInputFiles(tempFile('big.pdf', Buffer.alloc(5 * 1024 * 1024, 0x20)));
    await expect(dialog.getByRole('alert')).toHaveText('File size should be less than 5MB');
    expect(await dialog.getByLabel('Resume').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
  });

  test("on a server failure shows the server's message and keeps the dialog open", async ({ page }) => {
    await page.route('**/api/jobs/apply', answerWith(400, { success: false, message: 'This position is no longer accepting applications' }));
    await page.goto('/careers');
    await page.getByRole('button', { name: 'Apply Now' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Full Name').fill('Alan Turing');
    await dialog.getByLabel('Email').fill('alan@example.com');
    await dialog.getByLabel('Phone').fill('123456');
    await dialog.getByLabel('Years of Experience').fill('5');
    await dialog.getByLabel('Resume').setInputFiles(tempFile('cv.pdf', pdf));
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This position is no longer accepting applications');
    await expect(dialog.getByLabel('Full Name')).toHaveValue('Alan Turing');
    await expect(dialog.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
  });

  test("with the API down shows 'Failed to submit application'", async ({ page }) => {
    await page.route('**/api/jobs/apply', (route) => route.abort('connectionrefused'));
    await page.goto('/careers');
    await page.getByRole('button', { name: 'Apply Now' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Full Name').fill('Alan Turing');
    await dialog.getByLabel('Email').fill('alan@example.com');
    await dialog.getByLabel('Phone').fill('123456');
    await dialog.getByLabel('Years of Experience').fill('5');
    await dialog.getByLabel('Resume').setInputFiles(tempFile('cv.pdf', pdf));
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to submit application');
  });

  test('the apply dialog traps focus and closes on Escape', async ({ page }) => {
    await page.goto('/careers');
    // The very button that opened the dialog, marked: focus must come back to it, not to whichever is first then.
    await page
      .getByRole('button', { name: 'Apply Now' })
      .first()
      .evaluate((button) => button.setAttribute('data-opener', ''));
    const opener = page.locator('[data-opener]');
    await opener.click();
    const dialog = page.getByRole('dialog');
    // The form loads with the first 'Apply Now'.
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
