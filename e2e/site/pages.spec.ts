import { RETENTION_DEFAULT_DAYS } from '@brightwave/common';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../support/hydrated-page';

/**
 * Holds the page's clock still (installed before the page loaded), so a rotation moves only when the test runs the
 * clock: while it flowed, a busy machine's seconds between two steps moved a rotation on by itself.
 */
async function holdTimeStill(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

/** The number of the slide a rotation shows: its dots are `Show <item> <n>: <title>`, the shown one aria-current. */
async function shownSlide(region: Locator, item: string): Promise<number> {
  const label = (await region.locator('button[aria-current="true"]').getAttribute('aria-label')) ?? '';
  return Number(new RegExp(`^Show ${item} (\\d+):`).exec(label)?.[1]);
}

/** The slide after `slide` of `count`, from the last back to the first. */
const nextSlide = (slide: number, count: number) => (slide % count) + 1;

/** Slide `slide` is the one shown: its dot is current and its title is on the page. */
async function expectShown(region: Locator, item: string, slide: number): Promise<void> {
  const dot = region.getByRole('button', { name: new RegExp(`^Show ${item} ${slide}: `) });
  await expect(dot).toHaveAttribute('aria-current', 'true');
  const title = ((await dot.getAttribute('aria-label')) ?? '').replace(/^[^:]*: /, '');
  await expect(region.getByText(title, { exact: true }).first()).toBeVisible();
}

// Every public route renders the content SPEC §2 lists for it.
test.describe('public pages', () => {
  test('/ has the rotating hero of 10 services, the quote form and a why-choose-us grid of 4', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Our services' });
    await expect(hero.getByRole('button', { name: /^Show slide \d+:/ })).toHaveCount(10);
    await expect(page.locator('#quote-form').getByRole('form', { name: 'Request a quote' })).toBeVisible();
    const why = page.getByRole('region', { name: 'Why Choose Us' });
    await expect(why.getByRole('listitem')).toHaveCount(4);
  });

  test('the home hero moves to the next service every 5 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await holdTimeStill(page);
    const hero = page.getByRole('region', { name: 'Our services' });
    await expect(hero.getByRole('button', { name: 'Show slide 1: Enterprise Solutions' })).toHaveCount(1);
    await expect(hero.getByRole('button', { name: 'Show slide 2: E-commerce Design' })).toHaveCount(1);
    const shown = await shownSlide(hero, 'slide');
    await expectShown(hero, 'slide', shown);
    await page.clock.runFor(5000);
    await expectShown(hero, 'slide', nextSlide(shown, 10));
    await hero.getByRole('button', { name: 'Pause slide rotation' }).click();
    await page.clock.runFor(15000);
    await expectShown(hero, 'slide', nextSlide(shown, 10));
  });

  test('the home hero stands still under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Our services' });
    await page.clock.runFor(12000);
    await expect(hero.getByText('Enterprise Solutions', { exact: true })).toBeVisible();
  });

  test('/services has the rotating hero, a carousel of 9 projects and 9 anchored service cards', async ({ page }) => {
    await page.clock.install();
    await page.goto('/services');
    await holdTimeStill(page);
    const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1, name: 'Our Services' }) });
    await expect(hero.getByRole('button', { name: /^Show service title \d+:/ })).toHaveCount(10);
    await expect(hero.getByRole('button', { name: 'Show service title 1: Enterprise Solutions' })).toHaveCount(1);
    const title = await shownSlide(hero, 'service title');
    await expectShown(hero, 'service title', title);
    await page.clock.runFor(3000);
    await expectShown(hero, 'service title', nextSlide(title, 10));

    const carousel = page.getByRole('region', { name: 'Latest Projects' });
    await expect(carousel.getByRole('button', { name: /^Show project \d+:/ })).toHaveCount(9);
    await expect(carousel.getByRole('button', { name: 'Show project 1: ShopSphere' })).toHaveCount(1);
    const project = await shownSlide(carousel, 'project');
    await expectShown(carousel, 'project', project);
    await page.clock.runFor(5000);
    await expectShown(carousel, 'project', nextSlide(project, 9));

    for (const id of ['ecommerce', 'web', 'logo', 'social', 'marketing', 'mobile', 'blockchain', 'health', 'crm']) {
      await expect(page.locator(`article#${id}`)).toHaveCount(1);
      await expect(page.locator(`article#${id}`).getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/#quote-form');
    }
  });

  test('/about has the stats, who we are, 8 things we do, 4 stages, why choose us, 3 stories and Get Started', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    const stats = page.getByRole('region', { name: 'Our numbers' });
    for (const [value, label] of [
      ['500+', 'Happy Clients'],
      ['98%', 'Success Rate'],
      ['10+', 'Years of Experience'],
      ['30+', 'Countries Served'],
    ]) {
      await expect(stats.getByRole('definition').filter({ hasText: value })).toBeVisible();
      await expect(stats.getByRole('term').filter({ hasText: label })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Who We Are' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What We Do' }).getByRole('listitem')).toHaveCount(8);
    await expect(page.getByRole('region', { name: 'Our Development Process' }).getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Why Choose Us' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Client Success Stories' }).locator('blockquote')).toHaveCount(3);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL('/contact');
  });

  test('/about/mission has the mission, the vision and a breadcrumb link to /about', async ({ page }) => {
    await page.goto('/about/mission');
    await expect(page.getByRole('heading', { level: 1, name: 'Mission & Vision' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL('/about');
  });

  test('/about/security-policy has 6 sections and a link to /contact', async ({ page }) => {
    await page.goto('/about/security-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Security Policy' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(6);
    await page.getByRole('main').getByRole('link', { name: 'Contact our team' }).click();
    await expect(page).toHaveURL('/contact');
  });

  test('/privacy says what is collected, why, how long, and how to ask for a copy or erasure', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const main = page.getByRole('main');
    for (const title of ['What we collect', 'Why', 'How long we keep it', 'A copy of your data, or its erasure']) {
      await expect(main.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    }
    await expect(main).toContainText(`Job applications and resumes: ${RETENTION_DEFAULT_DAYS.applications} days after the position closes.`);
    await expect(main).toContainText(`Quote requests and contact messages: ${RETENTION_DEFAULT_DAYS.leads / 365} years after our last change to them.`);
    await expect(main.getByRole('link', { name: 'hello@brightwave.example' })).toHaveAttribute('href', 'mailto:hello@brightwave.example');
  });

  test('the footer links to /privacy, and each form says what its details are for with a link to the policy', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    for (const [path, form] of [
      ['/', 'Request a quote'],
      ['/contact', 'Send us a message'],
    ] as const) {
      await page.goto(path);
      const note = page.getByRole('form', { name: form }).getByText('We use these details only to answer you.');
      await expect(note).toBeVisible();
      await expect(note.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    }
    await page.goto('/careers');
    await page.getByRole('button', { name: 'Apply Now' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('We use these details only to answer you.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  test('/contact has the hero, breadcrumb, form, four info cards with the working hours and a map', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByText('Contact')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('form', { name: 'Send us a message' })).toBeVisible();
    for (const title of ['Our Location', 'Phone Numbers', 'Email Addresses', 'Working Hours']) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(page.getByText('Monday-Friday 9:00 AM-6:00 PM').first()).toBeVisible();
    await expect(page.getByText('Saturday 10:00 AM-4:00 PM').first()).toBeVisible();
    // The map's frame is created only as its place nears the viewport: a first view opens no connection to it.
    const map = page.getByRole('region', { name: 'Map' });
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('iframe[title^="Map of"]')).toHaveAttribute('src', /openstreetmap\.org\/export\/embed/);
  });

  test('/contact on a phone: the map frame waits until a visitor scrolls to it (its link is there from the start)', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const mapRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('openstreetmap.org')) mapRequests.push(request.url());
    });
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const map = page.getByRole('region', { name: 'Map' });
    await expect(map.getByRole('link', { name: 'Open the map of our office on OpenStreetMap' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\//,
    );
    await expect(map.locator('iframe')).toHaveCount(0);
    expect(mapRequests).toEqual([]);
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator('iframe[title^="Map of"]')).toBeVisible();
  });

  test('every input a person can reach has a visible label (the spam honeypot is inert)', async ({ page }) => {
    for (const path of ['/', '/contact', '/careers']) {
      await page.goto(path);
      const honeypots = page.locator('main [inert][aria-hidden="true"] input');
      for (const honeypot of await honeypots.all()) await expect(honeypot).not.toBeInViewport();
      const controls = page.locator('main :is(input, select, textarea):not([inert] *)');
      await expect(controls.first()).toBeVisible();
      for (const control of await controls.all()) {
        const id = await control.getAttribute('id');
        await expect(page.locator(`label[for="${id}"]`)).toBeVisible();
      }
    }
  });
});
