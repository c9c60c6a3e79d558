import { expect } from '@playwright/test';
import { test } from '../support/hydrated-page';
import { collectErrors } from './helpers';

test.describe('shared shell', () => {
  test('the navbar is solid on the home page and transparent at the top of other pages until scrolled past 100 px', async ({ page }) => {
    const header = page.getByRole('banner');
    await page.goto('/');
    await expect(header).toHaveClass(/bg-white/);

    await page.goto('/about');
    await expect(header).toHaveClass(/bg-transparent/);
    await page.evaluate(() => window.scrollTo(0, 90));
    await expect(header).toHaveClass(/bg-transparent/);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveClass(/bg-white/);
  });

  test('the contact strip has mail, telephone and the three social links', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(header.locator('a[href^="tel:"]')).toBeVisible();
    for (const network of ['Instagram', 'YouTube', 'LinkedIn']) {
      const link = header.getByRole('link', { name: new RegExp(`on ${network}`) });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test("'Schedule a Demo' goes to /contact", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Schedule a Demo' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });

  test('the Services dropdown lists the nine services, each going to its card on /services', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Services' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
    const names = [
      'E-commerce Design',
      'Web Designing',
      'Logo Designing',
      'Social Media Management',
      'Marketing',
      'Mobile App Development',
      'Blockchain',
      'Health & Beauty',
      'CRMs',
    ];
    await expect(menu.getByRole('link')).toHaveText(names);
    // Decision 069: to /services, at the service's card.
    const anchors = ['ecommerce', 'web', 'logo', 'social', 'marketing', 'mobile', 'blockchain', 'health', 'crm'];
    for (const [index, link] of (await menu.getByRole('link').all()).entries()) await expect(link).toHaveAttribute('href', `/services#${anchors[index]}`);
    await menu.getByRole('link', { name: 'Blockchain' }).click();
    await expect(page).toHaveURL('/services#blockchain');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the About dropdown goes to About Us, Mission & Vision and Security Policy', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'About' });
    for (const [name, url, heading] of [
      ['About Us', '/about', 'About Us'],
      ['Mission & Vision', '/about/mission', 'Mission & Vision'],
      ['Security Policy', '/about/security-policy', 'Security Policy'],
    ] as const) {
      await button.click();
      await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });

  test('a dropdown closes on an outside click', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Services' });
    await button.click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'CRMs' })).toBeVisible();
    await page.getByRole('heading', { name: 'Why Choose Us' }).click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('banner').getByRole('link', { name: 'CRMs' })).toBeHidden();
  });

  test('a dropdown opens from the keyboard and closes on Escape, returning focus to its button', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'About' });
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'About Us' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mission & Vision' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  test('the footer has the blurb, quick links, services, contact details and this year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Transforming ideas into seamless reality through innovative technology solutions.');
    const quickLinks = footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
    await expect(quickLinks).toHaveText(['About', 'Services', 'Portfolio', 'Careers', 'Contact']);
    const services = footer.getByRole('navigation', { name: 'Services' }).getByRole('link');
    await expect(services).toHaveText(['Web Design', 'Mobile Apps', 'Marketing', 'Blockchain']);
    for (const link of await services.all()) await expect(link).toHaveAttribute('href', '/services');
    await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Brightwave Technologies`);
  });

  test('a route change scrolls instantly to the top', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL('/careers');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the theme toggle switches the dark class on the document root and is remembered', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Dark Mode' }).click();
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Light Mode' }).click();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('the theme follows the system preference before any choice, from the first paint', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const errors = collectErrors(page);
    await page.goto('/contact');
    // Set by the synchronous head script, before the app's bundle runs.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expect(page.getByRole('button', { name: 'Light Mode' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an unknown route shows the 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page Not Found/);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('collapses the navigation behind a menu button with expandable groups, one open at a time', async ({ page }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: /menu/i });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Portfolio' })).toBeHidden();

    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Portfolio' })).toBeVisible();

    const services = page.getByRole('button', { name: 'Services' });
    const about = page.getByRole('button', { name: 'About' });
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Health & Beauty' })).toBeVisible();
    await about.click();
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Health & Beauty' })).toBeHidden();

    await page.getByRole('banner').getByRole('link', { name: 'Mission & Vision' }).click();
    await expect(page).toHaveURL('/about/mission');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('the menu animates in 0.3 s and its groups in 0.2 s', async ({ page }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: /menu/i });
    const menu = page.locator(`[id="${await menuButton.getAttribute('aria-controls')}"]`);
    expect(await menu.evaluate((element) => getComputedStyle(element).transitionDuration)).toContain('0.3s');
    await menuButton.click();
    const services = page.getByRole('button', { name: 'Services' });
    const group = page.locator(`[id="${await services.getAttribute('aria-controls')}"]`);
    expect(await group.evaluate((element) => getComputedStyle(element).transitionDuration)).toContain('0.2s');
  });

  test('Escape closes the mobile menu and returns focus to its button', async ({ page }) => {
    await page.goto('/contact');
    const menuButton = page.getByRole('button', { name: /menu/i });
    await menuButton.click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Careers' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Careers' })).toBeHidden();
  });

  test("the mobile theme toggle reads 'Dark Mode' or 'Light Mode'", async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('button', { name: 'Dark Mode' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Light Mode' })).toBeVisible();
  });
});
