import { loginCodeSince, outboxSnapshot as snapshotOf } from '@brightwave/testing';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * Console errors, uncaught exceptions and failed loads (with their URL); a CSP violation (e.g. an inline script)
 * is reported as a console error.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Answers every request to a host other than the product's with an empty 204 in the browser: the test machines reach
 * no outside host, and a connection left hanging there (the office map's frame on /contact) keeps the network from
 * ever going idle. The browser checks the CSP before a request reaches this, so a violation is still reported.
 */
export async function answerOutsideHostsLocally(page: Page, baseURL: string | undefined): Promise<void> {
  const origin = new URL(baseURL ?? '').origin;
  // The context's route also sees the requests of frames of other sites, which run in processes of their own.
  await page.context().route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 204 }),
  );
}

/** How long the page's own requests must have been quiet for it to count as settled. */
const QUIET_MS = 500;

/**
 * Waits until no request to the product's own origin has been in flight for half a second: every script, style,
 * font, picture and API call of the page has answered, so a failed one is among the collected errors. Playwright's
 * 'networkidle' also counts the requests of cross-site frames (the office map on /contact), which it did not
 * always see finish though the route above answered them: a CI failure.
 */
export function ownRequestsSettle(page: Page, baseURL: string | undefined): () => Promise<void> {
  const origin = new URL(baseURL ?? '').origin;
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const isOwn = (url: string) => new URL(url).origin === origin;
  page.on('request', (request) => {
    if (!isOwn(request.url())) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const finished = (request: { url(): string }) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return async () => {
    await expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS, { intervals: [100], timeout: 15_000 }).toBe(true);
  };
}

const outboxes = (process.env.STACK_OUTBOXES ?? '').split(path.delimiter).filter(Boolean);

/** Every mail in the outboxes of the backend instances, to tell a new one from those already there. */
export const outboxSnapshot = () => snapshotOf(outboxes);

/** The login code of the newest mail that arrived in any instance's outbox after the snapshot `before`. */
export const readLoginCode = (before: Set<string>) => loginCodeSince(outboxes, before);

export const stackAdmin = {
  email: process.env.STACK_ADMIN_EMAIL ?? '',
  password: process.env.STACK_ADMIN_PASSWORD ?? '',
};
