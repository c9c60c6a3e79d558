// The Privacy screen (look up an e-mail, download what is held, erase it after a confirmation) and Settings →
// Data retention.
import fs from 'node:fs';
import { RETENTION_DEFAULT_DAYS, RETENTION_KINDS, RETENTION_LABELS, MESSAGES } from '@brightwave/common';
import { expect, expectNoAxeViolations, test, unique } from './fixtures';

test.describe('privacy requests', () => {
  test('finds everything held about an address, downloads it as JSON, and erases it after a confirmation', async ({ page, api }) => {
    const email = `${unique('privacy').replace(/\W+/g, '-').toLowerCase()}@example.test`;
    const other = `${unique('other').replace(/\W+/g, '-').toLowerCase()}@example.test`;
    const title = unique('Privacy Engineer');
    const { data: job } = await api.createJob({
      title,
      department: 'engineering',
      location: 'remote',
      type: 'full-time',
      experience: '2 years',
      description: 'Builds things.',
      requirements: [],
    });
    await api.createLead({ name: 'Pia Privacy', email, service: 'web', message: 'A quote, please' });
    await api.createContact({ name: 'Pia Privacy', email, department: 'support', message: 'A question' });
    await api.apply({ job: job._id, fullName: 'Pia Privacy', email, phone: '+15550100', experience: '2 years' });
    await api.createLead({ name: 'Someone Else', email: other, service: 'crm', message: 'Not hers' });

    // The address travels in request bodies only: no URL (kept by access logs and proxies) carries it.
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('/admin/dashboard');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/admin\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacy requests', level: 1 })).toBeVisible();
    // Any case finds the rows.
    await page.getByRole('textbox', { name: 'Email address' }).fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Look up' }).click();

    await expect(page.getByRole('heading', { name: `Held about ${email}: 1 quote requests, 1 contact messages, 1 job applications` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Quote requests (1)' })).toContainText('A quote, please');
    await expect(page.getByRole('table', { name: 'Contact messages (1)' })).toContainText('A question');
    const applications = page.getByRole('table', { name: 'Job applications (1)' });
    await expect(applications).toContainText(title);
    await expect(applications.getByRole('button', { name: `Download resume of Pia Privacy for ${title}` })).toBeVisible();
    await expectNoAxeViolations(page, 'privacy results');

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download JSON' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`privacy-${email}.json`);
    const copy = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    expect(copy).toMatchObject({ email, leads: [{ email, message: 'A quote, please' }], contacts: [{ email }], applications: [{ email, jobTitle: title }] });
    expect(copy.applications[0].resume).toMatch(/^http:\/\/.+\/api\/jobs\/applications\/[0-9a-f-]+\/resume$/);
    expect(JSON.stringify(copy)).not.toContain(other);

    await page.getByRole('button', { name: 'Erase everything' }).click();
    const confirm = page.getByRole('alertdialog', { name: "Erase this person's data" });
    await expect(confirm).toContainText(MESSAGES.privacyEraseConfirm);
    await expectNoAxeViolations(page, 'erase confirmation');
    // Cancel keeps everything.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(await api.senders('leads')).toContain(email);

    await page.getByRole('button', { name: 'Erase everything' }).click();
    await confirm.getByRole('button', { name: 'Erase' }).click();
    await expect(page.getByText(`${MESSAGES.privacyErased}: 1 quote requests, 1 contact messages, 1 applications, 1 resumes.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: `Held about ${email}: 0 quote requests, 0 contact messages, 0 job applications` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Erase everything' })).toBeDisabled();
    // The refreshed lookup recognises the erasure by the hash of the address kept in the audit log.
    await expect(page.getByRole('note', { name: 'Earlier requests' })).toContainText('Erased on');
    expect(await api.senders('leads')).not.toContain(email);
    expect(await api.senders('contacts')).not.toContain(email);
    expect(await api.applications(job._id)).toEqual([]);
    expect(await api.senders('leads')).toContain(other);
    expect(urls.some((url) => url.includes('/api/admin/privacy/lookup'))).toBe(true);
    expect(urls.filter((url) => decodeURIComponent(url).toLowerCase().includes(email))).toEqual([]);
    await api.deleteJob(job._id);
  });

  test('Settings → Data retention shows the periods in force, read-only', async ({ page }) => {
    await page.goto('/admin/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Data retention' }).click();
    await expect(page.getByRole('heading', { name: 'Data retention', level: 1 })).toBeVisible();
    const applications = page.getByRole('row', { name: new RegExp(RETENTION_LABELS.applications) });
    await expect(applications).toContainText(String(RETENTION_DEFAULT_DAYS.applications));
    await expect(applications).toContainText('RETENTION_APPLICATIONS_DAYS');
    // A row per kind of data kept, and the header's.
    await expect(page.getByRole('row')).toHaveCount(RETENTION_KINDS.length + 1);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectNoAxeViolations(page, 'data retention');
  });
});
