// Item pages around the next action (docs/decisions/076-item-pages.md): status in one click, Reply, assign in one
// step, follow-up presets, notes and timeline as one feed, previous/next item, the phone layout, axe in both themes.
import { DATE_FORMAT, MESSAGES, SERVICE_LABELS } from '@brightwave/common';
import type { Page } from '@playwright/test';
import { addDays, format, set } from 'date-fns';
import { e2eAdmin } from '../support/env';
import { expect, expectNoAxeViolations, test, unique } from './fixtures';

/** Searches the leads and waits until the list holds that many rows (the search is debounced). */
async function searchLeads(page: Page, text: string, rows: number) {
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(text);
  await expect(page.getByRole('row')).toHaveCount(rows + 1);
}

test.describe('item pages', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a lead page: status in one click, Reply with the subject, assign in one step, a preset follow-up, one feed', async ({ page, api }) => {
    const name = unique('Item Page Lead');
    const { data } = await api.createLead({ name, email: 'item.page@example.test', service: 'crm', message: 'A CRM, please.' });
    await page.goto(`/admin/leads/${data._id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Quote request from ${name}` })).toBeVisible();

    const next = page.getByRole('region', { name: 'Status' });
    const reply = next.getByRole('link', { name: `Reply to ${name} by e-mail` });
    await expect(reply).toHaveAttribute(
      'href',
      `mailto:item.page@example.test?subject=${encodeURIComponent(`Re: your quote request – ${SERVICE_LABELS.crm}`)}`,
    );

    const status = next.getByRole('group', { name: 'Status' });
    await expect(status.getByRole('button', { name: 'New', pressed: true })).toBeVisible();
    await status.getByRole('button', { name: 'Contacted' }).click();
    await expect(status.getByRole('button', { name: 'Contacted', pressed: true })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => api.leadStatus(data._id)).toBe('contacted');

    const owner = page.getByRole('region', { name: 'Owner' }).getByRole('combobox', { name: 'Owner' });
    await owner.selectOption({ label: e2eAdmin.name });
    await expect(page.getByText(MESSAGES.ownerAssigned, { exact: true })).toBeVisible();
    await expect(owner.locator('option:checked')).toHaveText(e2eAdmin.name);

    const followUp = page.getByRole('region', { name: 'Follow-up' });
    await followUp.getByRole('group', { name: 'Follow-up presets' }).getByRole('button', { name: 'Follow up Tomorrow 9:00' }).click();
    await expect(page.getByText(MESSAGES.followUpSet, { exact: true })).toBeVisible();
    // The browser runs in the admin's time zone: 9:00 there, tomorrow.
    const tomorrowNine = set(addDays(new Date(), 1), { hours: 9, minutes: 0, seconds: 0, milliseconds: 0 });
    await expect(followUp).toContainText(`Follow up by ${format(tomorrowNine, `${DATE_FORMAT} HH:mm`)}`);

    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByRole('textbox', { name: 'New note' }).fill('Wants a call on Friday.');
    await activity.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText(MESSAGES.noteAdded, { exact: true })).toBeVisible();
    const feed = activity.getByRole('list', { name: 'Activity, newest first' });
    await activity.getByRole('button', { name: 'Refresh the activity' }).click();
    // Newest first: the note, the follow-up, the owner, the status change, then the form sent.
    await expect(feed.getByRole('listitem')).toContainText([
      'Wants a call on Friday.',
      'Follow-up set for',
      `Assigned to ${e2eAdmin.name}`,
      'Status changed from New to Contacted',
      'Sent the quote request form',
    ]);
    // Shown once: the note is not repeated as the timeline's "Added a note".
    await expect(feed.getByText('Added a note', { exact: false })).toHaveCount(0);
    const noteTime = feed.getByRole('article', { name: new RegExp(`^Note by ${e2eAdmin.name}`) }).locator('time');
    await expect(noteTime).toHaveText('just now');
    await expect(noteTime).toHaveAttribute('title', /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/);

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `lead page (${colorScheme})`);
    }
  });

  test('previous and next lead follow the list the admin came from', async ({ page, api }) => {
    const tag = unique('neighbours');
    const names = ['First', 'Second', 'Third'].map((word) => `${word} ${tag}`);
    const ids: string[] = [];
    for (const name of names) ids.push((await api.createLead({ name, email: 'neighbours@example.test', service: 'web', message: tag })).data._id);

    await page.goto('/admin/leads');
    await searchLeads(page, tag, 3);
    // Newest first: Third, Second, First.
    await page.getByRole('link', { name: names[1] }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Quote request from ${names[1]}` })).toBeVisible();
    const others = page.getByRole('navigation', { name: 'Other leads' });
    await others.getByRole('link', { name: 'Next lead' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/leads/${ids[0]}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Quote request from ${names[0]}` })).toBeVisible();
    await expect(others.getByRole('link', { name: 'Next lead' })).toHaveCount(0);
    await others.getByRole('link', { name: 'Previous lead' }).click();
    await others.getByRole('link', { name: 'Previous lead' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Quote request from ${names[2]}` })).toBeVisible();
    await expect(others.getByRole('link', { name: 'Previous lead' })).toHaveCount(0);
    await expect(others.getByRole('link', { name: 'Next lead' })).toHaveAttribute('href', `/admin/leads/${ids[1]}`);
  });

  test('the pipeline board: five columns fit at 1440 px, compact cards with Move on focus, ratings on their scale, back from a card to the board', async ({
    page,
    api,
  }) => {
    const title = unique('Board Role');
    const { data: job } = await api.createJob({
      title,
      department: 'engineering',
      location: 'remote',
      type: 'full-time',
      experience: '2 years',
      description: 'Boards.',
      requirements: ['Care'],
    });
    const names = ['Ann', 'Bea'].map((first) => unique(`${first} Board`));
    for (const fullName of names) {
      await api.apply({
        job: job._id,
        fullName,
        email: `${fullName.replace(/\W+/g, '.').toLowerCase()}@example.test`,
        phone: '5550100',
        experience: '2 years',
      });
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/admin/jobs/${job._id}/pipeline`);
    await expect(page.getByRole('heading', { level: 1, name: `Pipeline: ${title}` })).toBeVisible();
    const columns = page.getByRole('region', { name: / \d+ applications?$/ });
    await expect(columns).toHaveCount(5);
    // All five side by side, inside the screen: the board does not scroll at 1440 px.
    const boxes = await columns.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
    expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(1440);
    const scrolls = () =>
      columns.first().evaluate((column) => column.parentElement!.parentElement!.scrollWidth > column.parentElement!.parentElement!.clientWidth);
    expect(await scrolls()).toBe(false);

    // Compact cards: the Move control is out of sight until the card has the focus (or the pointer), by keyboard too.
    const card = page.getByRole('article', { name: names[0] });
    const move = card.getByRole('combobox', { name: `Move ${names[0]} to` });
    const moveForm = move.locator('xpath=ancestor::form');
    expect((await moveForm.boundingBox())?.height ?? 0).toBeLessThan(4);
    await card.getByRole('link', { name: names[0] }).focus();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: `Resume of ${names[0]}` })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: `Invite to interview ${names[0]}` })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(move).toBeFocused();
    expect((await moveForm.boundingBox())?.height ?? 0).toBeGreaterThan(20);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `pipeline board at 1440 px (${colorScheme})`);
    }

    // Rated on the card's page: the board says the scale.
    await card.getByRole('link', { name: names[0] }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Job application from ${names[0]}` })).toBeVisible();
    const ratings = page.getByRole('region', { name: 'Ratings' });
    await ratings.getByRole('radio', { name: 'Yes', exact: true }).check();
    await ratings.getByRole('button', { name: 'Save rating' }).click();
    await expect(page.getByText(MESSAGES.ratingSaved, { exact: true })).toBeVisible();
    await page.getByRole('link', { name: `Back to the pipeline of ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/jobs/${job._id}/pipeline$`));
    await expect(page.getByRole('article', { name: names[0] })).toContainText('★ 3.0 of 4 (1)');

    // Narrower, the board scrolls sideways and the page does not.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect.poll(scrolls).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  });

  test.describe('on a phone (390×844)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('status, owner and follow-up come first, above what was sent; nothing scrolls sideways', async ({ page, api }) => {
      const name = unique('Phone Lead');
      const { data } = await api.createLead({ name, email: 'phone.lead@example.test', service: 'web', message: 'From my phone.' });
      await page.goto(`/admin/leads/${data._id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Quote request from ${name}` })).toBeVisible();
      const top = async (region: string) => (await page.getByRole('region', { name: region, exact: true }).boundingBox())?.y ?? Infinity;
      const [status, owner, followUp, details] = [await top('Status'), await top('Owner'), await top('Follow-up'), await top('Quote request')];
      expect(status).toBeLessThan(owner);
      expect(owner).toBeLessThan(followUp);
      expect(followUp).toBeLessThan(details);
      await expect(page.getByRole('region', { name: 'Status' }).getByRole('group', { name: 'Status' })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, 'lead page on a phone');
    });
  });
});
