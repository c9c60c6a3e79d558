import type { Page, Route } from '@playwright/test';

export const publicPaths = ['/', '/services', '/about', '/about/mission', '/about/security-policy', '/portfolio', '/careers', '/contact', '/privacy'] as const;

/** Collects console errors and uncaught exceptions (hydration mismatches are reported there). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Sets the remembered theme before any page script runs. */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => {
    // Init scripts also run in frames (the contact page's map), whose storage is not ours.
    if (window === window.top) localStorage.setItem('brightwave-theme', value);
  }, theme);
}

/** Network fault injection: the API answers with this status and message. */
export function answerWith(status: number, body: object) {
  return (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}
