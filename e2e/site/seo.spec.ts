import { THEME_INIT_SCRIPT } from '@brightwave/common';
import { expect } from '@playwright/test';
import { test } from '../support/hydrated-page';
import { publicPaths } from './helpers';

test.describe('prerendered HTML and SEO', () => {
  test('every route is served prerendered with its own title, description, canonical and Open Graph tags', async ({ request }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of publicPaths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1];
      expect(title, path).toBeTruthy();
      expect(description, path).toBeTruthy();
      titles.add(title!);
      descriptions.add(description!);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path === '/' ? '/' : path}" />`));
      expect(html).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html).toMatch(/<meta property="og:description" content="[^"]+" \/>/);
      expect(html).toMatch(/<meta property="og:url" content="https?:\/\/[^"]+" \/>/);
      // The page's content is in the HTML itself, not only after JavaScript runs.
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).toContain('Transforming ideas into seamless reality through innovative technology solutions.');
    }
    expect(titles.size).toBe(publicPaths.length);
    expect(descriptions.size).toBe(publicPaths.length);
  });

  test('the only inline executable script is the theme script the CSP allows by its hash', async ({ request }) => {
    for (const path of [...publicPaths, '/no-such-page']) {
      const html = await (await request.get(path)).text();
      const inlineScripts: string[] = [];
      for (const [, attributes = '', content = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (attributes.includes(' src=') || /type="application\/(ld\+)?json"/.test(attributes)) continue;
        inlineScripts.push(content);
      }
      expect(inlineScripts, path).toEqual([THEME_INIT_SCRIPT]);
    }
  });

  test('each page carries the Organization JSON-LD', async ({ request }) => {
    const html = await (await request.get('/about')).text();
    const block = html.match(/<script type="application\/ld\+json">(.+?)<\/script>/)?.[1];
    const data = JSON.parse(block!);
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Brightwave Technologies' });
  });

  test('sitemap.xml lists every public route and robots.txt points at it', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of publicPaths) expect(sitemap).toMatch(new RegExp(`<loc>https?://[^<]+${path === '/' ? '/' : path}</loc>`));
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });

  test('/careers carries no JobPosting (list pages may not); each job page carries its own', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByRole('article').first()).toBeVisible();
    const postingsOf = () =>
      page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent!)).filter((data) => data['@type'] === 'JobPosting'));
    expect(await postingsOf()).toEqual([]);

    await page.getByRole('article', { name: 'Senior Full-Stack Engineer' }).getByRole('link', { name: 'Senior Full-Stack Engineer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Senior Full-Stack Engineer' })).toBeVisible();
    const [remote] = await postingsOf();
    expect(remote).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Brightwave Technologies' },
    });
    expect(remote.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(remote.description).toMatch(/^<p>/);
    await page.goBack();
    await page.getByRole('article', { name: 'UI/UX Designer' }).getByRole('link', { name: 'UI/UX Designer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'UI/UX Designer' })).toBeVisible();
    const [onsite] = await postingsOf();
    expect(onsite.jobLocation['@type']).toBe('Place');
    expect(onsite.jobLocationType).toBeUndefined();
  });

  test('every image is shipped with the site and has a width and height', async ({ page }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'image' && url.origin !== new URL(page.url() || request.url()).origin) foreign.push(request.url());
    });
    for (const path of publicPaths) {
      await page.goto(path);
      for (const image of await page.locator('main img').all()) {
        await expect(image).toHaveAttribute('width', /\d+/);
        await expect(image).toHaveAttribute('height', /\d+/);
      }
    }
    expect(foreign).toEqual([]);
  });

  test('each route loads only its own page chunk', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    expect(scripts.some((script) => /contact-page-[\w-]+\.js$/.test(script))).toBe(true);
    expect(scripts.some((script) => /careers-page-[\w-]+\.js$/.test(script))).toBe(false);
  });
});

test('client-side navigation keeps the head in step with the page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Careers' }).click();
  await expect(page).toHaveTitle('Careers | Join Our Team at Brightwave Technologies');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/careers$/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/careers$/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveTitle('About Us | Brightwave Technologies');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /500\+ clients/);
});
