// The admin's navigation as a user finds it: the sidebar's groups and counts by role, the phone's menu behind the
// top bar, and the command palette (Ctrl/⌘K or the Search button), all by role and name (docs/decisions/074).
import { subHours } from 'date-fns';
import type { Page } from '@playwright/test';
import { e2eBaseUrl } from '../support/env';
import { expect, expectNoAxeViolations, invitedAdminSession, sessionStorageState, test, unique } from './fixtures';

const groupsOf = (page: Page) => page.getByRole('navigation', { name: 'Admin' }).getByRole('list');

test.describe('the sidebar', () => {
  test("an owner sees the work's groups in order, each named, with the count of new leads the list has", async ({ page, api }) => {
    await api.createLead({ name: unique('Nina Navcount'), email: 'nina.navcount@example.test', service: 'web', message: 'Counting.' });
    // The figure is the list's own: the total of the leads whose status is New, as the page's own question to the list
    // answered it. (Compared with a second question of the test's, it raced the leads other workers add and move.)
    const newLeadsAnswer = page.waitForResponse((response) => {
      const url = new URL(response.url());
      const asked = url.searchParams;
      return url.pathname === '/api/leads' && asked.size === 3 && asked.get('status') === 'new' && asked.get('page') === '1' && asked.get('limit') === '1';
    });
    await page.goto('/admin/dashboard');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const [group, links] of [
      ['Sales', ['Leads', 'Queries', 'Forms']],
      ['Hiring', ['Jobs', 'Applications']],
      ['Site', ['Content', 'Pages', 'Redirects', 'News', 'Portfolio', 'Analytics']],
      ['Admin', ['Admins', 'Settings', 'Audit log', 'Deliveries', 'Privacy']],
    ] as const) {
      const list = nav.getByRole('list', { name: group });
      await expect(list.getByRole('link')).toHaveCount(links.length);
      for (const [index, link] of links.entries()) await expect(list.getByRole('link').nth(index)).toContainText(link);
    }
    const { total } = (await (await newLeadsAnswer).json()) as { total: number };
    expect(total).toBeGreaterThan(0);
    await expect(nav.getByRole('link', { name: `Leads ${total} new` })).toBeVisible();

    await nav.getByRole('link', { name: 'Redirects' }).click();
    await expect(page).toHaveURL(/\/admin\/pages\/redirects$/);
    await expect(nav.getByRole('link', { name: 'Redirects' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Pages' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('a salesperson sees Sales and Analytics only, and My work counts their overdue follow-ups as they change', async ({ api, browser }) => {
    test.setTimeout(90_000);
    const sales = await invitedAdminSession(api, 'sales', unique('Sam Sales'));
    const names = [unique('Olga Overdue'), unique('Otto Overdue')] as const;
    const ids: string[] = [];
    for (const name of names) {
      const { data } = await api.createLead({ name, email: `${name.replace(/\W+/g, '.').toLowerCase()}@example.test`, service: 'web', message: 'Late.' });
      await api.setOwner('lead', data._id, sales.admin._id);
      await api.setFollowUp('lead', data._id, subHours(new Date(), 3));
      ids.push(data._id);
    }

    const context = await browser.newContext({ baseURL: e2eBaseUrl, storageState: sessionStorageState(sales) });
    const salesPage = await context.newPage();
    await salesPage.goto('/admin/dashboard');
    const nav = salesPage.getByRole('navigation', { name: 'Admin' });
    await expect(groupsOf(salesPage).filter({ has: salesPage.getByRole('link') })).toHaveCount(4);
    await expect(nav.getByRole('list', { name: 'Sales' }).getByRole('link')).toHaveCount(3);
    await expect(nav.getByRole('list', { name: 'Site' }).getByRole('link')).toHaveText(['Analytics']);
    await expect(nav.getByRole('list', { name: 'Hiring' })).toHaveCount(0);
    await expect(nav.getByRole('list', { name: 'Admin' })).toHaveCount(0);
    const myWork = nav.getByRole('link', { name: 'My work 2 overdue' });
    await expect(myWork).toBeVisible();

    // Clearing one follow-up on the item's page updates the count without a reload.
    await salesPage.goto(`/admin/leads/${ids[0]}`);
    await expect(salesPage.getByRole('heading', { level: 1, name: `Quote request from ${names[0]}` })).toBeVisible();
    await salesPage.getByRole('region', { name: 'Follow-up' }).getByRole('button', { name: 'Clear follow-up' }).click();
    await expect(nav.getByRole('link', { name: 'My work 1 overdue' })).toBeVisible();
    await context.close();
  });
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation is behind the top bar’s Menu button: it opens over the page, Escape closes it, and a link closes it', async ({ page }) => {
    await page.goto('/admin/leads');
    const heading = page.getByRole('heading', { level: 1, name: 'Leads' });
    await expect(heading).toBeVisible();
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    // The page starts under the top bar, with no links stacked above it.
    expect((await heading.boundingBox())?.y).toBeLessThan(150);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Leads' })).toBeInViewport();
    await expectNoAxeViolations(page, 'the phone menu, open');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    // By keyboard: Enter opens it, Tab reaches its links, a link's page closes it.
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'My account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });
});

test.describe('the command palette', () => {
  test('Ctrl+K finds a seeded lead by name, the arrow keys choose it and Enter opens it; its e-mail address finds it too', async ({ page, api }) => {
    const stem = unique('Pallas Palette');
    const names = [`${stem} Alpha`, `${stem} Beta`] as const;
    for (const name of names) {
      await api.createLead({ name, email: `${name.replace(/\W+/g, '.').toLowerCase()}@example.test`, service: 'web', message: 'Find me.' });
    }
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go to or find' });
    const field = palette.getByRole('combobox', { name: 'Screen, name or e-mail address' });
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-expanded', 'true');

    await field.fill(stem);
    const leads = palette.getByRole('group', { name: 'Leads' });
    await expect(leads.getByRole('option')).toHaveCount(2);
    // Newest first: Beta, then Alpha; the first option is active until an arrow key moves on.
    await expect(leads.getByRole('option')).toHaveText([new RegExp(names[1]), new RegExp(names[0])]);
    const [first, second] = [leads.getByRole('option').nth(0), leads.getByRole('option').nth(1)];
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(field).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id')) ?? '');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await expectNoAxeViolations(page, 'the command palette with results');
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: `Quote request from ${names[0]}` })).toBeVisible();

    // The header's Search button opens it too; an e-mail address finds the lead.
    await page.getByRole('button', { name: /^Search/ }).click();
    await field.fill(`${names[0].replace(/\W+/g, '.').toLowerCase()}@example.test`);
    await expect(palette.getByRole('group', { name: 'Leads' }).getByRole('option')).toHaveText([new RegExp(names[0])]);
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expect(page.getByRole('button', { name: /^Search/ })).toBeFocused();
  });

  test('it goes to a screen by its name or the glossary’s word, creates a job, and stays off while typing in a field', async ({ page }) => {
    await page.goto('/admin/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    const palette = page.getByRole('dialog', { name: 'Go to or find' });

    // Off while typing: Ctrl+K in the list's search field is the field's.
    await page.getByRole('searchbox').first().focus();
    await page.keyboard.press('Control+k');
    await expect(palette).toBeHidden();

    const field = palette.getByRole('combobox', { name: 'Screen, name or e-mail address' });
    await page.getByRole('main').focus();
    await page.keyboard.press('Control+k');
    await expect(field).toBeFocused();
    await page.keyboard.type('contact messages');
    await expect(palette.getByRole('group', { name: 'Go to' }).getByRole('option')).toHaveText([/^Queries/]);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Queries' })).toBeVisible();

    await page.keyboard.press('Control+k');
    await expect(field).toBeFocused();
    await page.keyboard.type('create a job');
    await expect(palette.getByRole('group', { name: 'Actions' }).getByRole('option', { name: 'Create a job' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    await expect(page.getByRole('dialog', { name: 'Post New Job' })).toBeVisible();
  });

  test("finds an application of any job by the applicant's name, with its job's title, and opens its page", async ({ page, api }) => {
    const applicant = unique('Pat Palette');
    const title = unique('Palette Engineer');
    const { data: job } = await api.createJob({
      title,
      department: 'engineering',
      location: 'onsite',
      type: 'full-time',
      experience: '3+ years',
      description: 'Build the things our clients use.',
      requirements: ['TypeScript'],
    });
    // A newer job after it: the application's job is not the newest one.
    await api.createJob({
      title: unique('Palette Designer'),
      department: 'design',
      location: 'remote',
      type: 'full-time',
      experience: '1 year',
      description: 'Draw.',
      requirements: ['Figma'],
    });
    const email = `${applicant.replace(/\W+/g, '.').toLowerCase()}@example.test`;
    await api.apply({ job: job._id, fullName: applicant, email, phone: '5550100', experience: '2 years' });
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go to or find' });
    await palette.getByRole('combobox', { name: 'Screen, name or e-mail address' }).fill(applicant);
    const found = palette.getByRole('group', { name: 'Applications' }).getByRole('option');
    await expect(found).toHaveText([new RegExp(`${applicant}.*${email}.*${title}`)]);
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/applications\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(applicant) })).toBeVisible();
  });

  test('the shell passes axe in the light and the dark colour scheme, with the palette open', async ({ page }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto('/admin/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expectNoAxeViolations(page, `the shell (${colorScheme})`);
      await page.getByRole('button', { name: /^Search/ }).click();
      await expect(page.getByRole('dialog', { name: 'Go to or find' }).getByRole('option').first()).toBeVisible();
      await expectNoAxeViolations(page, `the command palette (${colorScheme})`);
    }
  });
});

test.describe('a list keeps its view in its own address', () => {
  test('leaving a searched list on a slow machine shows the next screen at once, at its own address', async ({ page, api }) => {
    // Eight times slower: the list once wrote its search into the next screen's address and held that screen back.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const name = unique('Slow Lead');
    await api.createLead({ name, email: 'slow.lead@example.test', service: 'web', message: 'Find me slowly' });
    await page.goto('/admin/leads');
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1, { timeout: 20_000 });
    await expect(page).toHaveURL(/\/admin\/leads\?q=Slow\+Lead/);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/admin\/audit$/);
  });
});
