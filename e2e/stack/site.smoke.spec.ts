import { expect } from '@playwright/test';
import { MESSAGES } from '@brightwave/common';
import { test } from '../support/hydrated-page';
import { answerOutsideHostsLocally, collectErrors, ownRequestsSettle } from './stack-helpers';

const pages = ['/', '/services', '/about', '/about/mission', '/portfolio', '/careers', '/contact'];

test.describe('public site through nginx', () => {
  for (const path of pages) {
    test(`${path} renders and hydrates with no console error or CSP violation`, async ({ page, baseURL }) => {
      const errors = collectErrors(page);
      await answerOutsideHostsLocally(page, baseURL);
      const settled = ownRequestsSettle(page, baseURL);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settled();
      expect(errors).toEqual([]);
    });
  }

  test('careers lists the open positions from the API behind nginx', async ({ page, request }) => {
    const { jobs } = await (await request.get('/api/jobs')).json();
    expect(jobs.length).toBeGreaterThan(0);
    await page.goto('/careers');
    await expect(page.getByRole('heading', { name: 'Open Positions' })).toBeVisible();
    await expect(page.getByText(jobs[0].title, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(jobs.length);
  });

  test('the contact form is sent through nginx to an instance', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name').fill('Stack Smoke');
    await form.getByLabel('Email').fill('stack-smoke@example.test');
    await form.getByLabel('Department').selectOption({ index: 1 });
    await form.getByLabel('Message').fill('Sent by the stack smoke test through nginx.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(MESSAGES.contactSuccess)).toBeVisible();
    expect(errors).toEqual([]);
  });
});
