import { loginCodeIn } from '@brightwave/common';
import fs from 'node:fs';
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
export function outboxSnapshot(): Set<string> {
  return new Set(
    outboxes
      .filter((dir) => fs.existsSync(dir))
      .flatMap((dir) => fs.readdirSync(dir).map((name) => path.join(dir, name)))
      .filter((file) => file.endsWith('.eml')),
  );
}

/** The login code of the first mail that arrived in any instance's outbox after the snapshot `before`. */
export async function readLoginCode(before: Set<string>): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const file of outboxSnapshot()) {
      if (before.has(file)) continue;
      const code = loginCodeIn(fs.readFileSync(file, 'utf8'));
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no verification code in the outboxes');
}

export const stackAdmin = {
  email: process.env.STACK_ADMIN_EMAIL ?? '',
  password: process.env.STACK_ADMIN_PASSWORD ?? '',
};
