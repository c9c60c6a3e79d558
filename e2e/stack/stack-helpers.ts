import { loginCodeSince, outboxSnapshot as snapshotOf } from '@brightwave/testing';
import path from 'node:path';
import type { Page } from '@playwright/test';

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

const outboxes = (process.env.STACK_OUTBOXES ?? '').split(path.delimiter).filter(Boolean);

/** Every mail in the outboxes of the backend instances, to tell a new one from those already there. */
export const outboxSnapshot = () => snapshotOf(outboxes);

/** The login code of the newest mail that arrived in any instance's outbox after the snapshot `before`. */
export const readLoginCode = (before: Set<string>) => loginCodeSince(outboxes, before);

export const stackAdmin = {
  email: process.env.STACK_ADMIN_EMAIL ?? '',
  password: process.env.STACK_ADMIN_PASSWORD ?? '',
};
