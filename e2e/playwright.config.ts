import { defineConfig } from '@playwright/test';
import { chromiumPath, e2ePort, e2eBaseUrl } from './support/env';

// One real backend (built dist, fresh data folder, demo content seeded) serves the API, the prerendered
// site at / and the admin app at /admin/, exactly as `npm start` does. Debian's Chromium drives it.
export default defineConfig({
  testDir: '.',
  testMatch: ['site/**/*.spec.ts', 'admin/**/*.spec.ts', 'content/**/*.spec.ts'],
  // Every test makes its own rows (unique names) and its own session state, so tests of one file run on both
  // workers too; sign-ins take turns (withLoginLock). A failure is a failure: no retries, in CI either.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: e2eBaseUrl,
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
  projects: [
    { name: 'site', testMatch: 'site/**/*.spec.ts' },
    { name: 'admin', testMatch: 'admin/**/*.spec.ts' },
    // A publish changes every page the other suites read: after them. Its files publish the same pages, one at a time.
    { name: 'content', testMatch: 'content/**/*.spec.ts', testIgnore: 'content/image-upload.spec.ts', dependencies: ['site', 'admin'], workers: 1 },
    // It publishes the services page as well: after the other content tests, not beside them.
    { name: 'content-pictures', testMatch: 'content/image-upload.spec.ts', dependencies: ['content'] },
  ],
  webServer: {
    command: `node support/server.mjs`,
    url: `${e2eBaseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(e2ePort) },
  },
});
