import { defineConfig } from '@playwright/test';
import { chromiumPath } from '../support/env';

// Smoke of the public site and the admin app through nginx in front of two backend instances. The stack is
// started by stack/test-stack.mjs, which runs this config with STACK_BASE_URL and STACK_OUTBOXES set.
const baseURL = process.env.STACK_BASE_URL;
if (!baseURL) throw new Error('STACK_BASE_URL is not set: run `npm run test:stack`, which starts the stack');

export default defineConfig({
  testDir: '.',
  testMatch: '*.smoke.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: `${process.env.STACK_WORK_DIR ?? '/tmp/brightwave-stack'}/playwright`,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
