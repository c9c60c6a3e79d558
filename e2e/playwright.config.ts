import { defineConfig } from '@playwright/test';
import { chromiumPath, contentServers, e2eServer, signInPolicyServer, ssoServer, type E2eServer } from './support/env';

// Real backends (built dist, fresh data folder, demo content seeded) serve the API, the prerendered site at / and
// the admin app at /admin/, exactly as `npm start` does: one for the site's and the admin's suites, and one for each
// content suite (a publish changes pages the others read). Debian's Chromium drives them.

/** What support/servers.mjs prints once every backend answers /api/health. */
const SERVERS_READY = 'The browser-test servers are ready';

/**
 * The backends of the run, all started at once by support/servers.mjs (support/server.mjs each, on the server's
 * port; `env`: more variables for one of them). One command rather than a list of them: Playwright starts the servers
 * of a list one after the other.
 */
export function backends(servers: { server: E2eServer; env?: Record<string, string> }[]) {
  return {
    command: 'node support/servers.mjs',
    wait: { stdout: new RegExp(SERVERS_READY) },
    // Nine servers starting at once on two cores: about 12 s alone, more under load.
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { E2E_SERVERS: JSON.stringify(servers.map(({ server, env = {} }) => ({ port: server.port, env }))), E2E_READY_LINE: SERVERS_READY },
  };
}
export default defineConfig({
  testDir: '.',
  testMatch: ['site/**/*.spec.ts', 'admin/**/*.spec.ts', 'content/**/*.spec.ts'],
  // Every test makes its own rows (unique names) and its own session state, so tests of one file run on every
  // worker too; sign-ins take turns (withLoginLock). A failure is a failure: no retries, in CI either.
  fullyParallel: true,
  // Three workers on two cores: the tests wait (for answers, and between Playwright's polls of an expectation, up to
  // half a second apart) about a quarter of the time, which the third fills. The whole run, one sitting on 2026-11-30:
  // 343 s on 2 workers, 278 and 295 s on 3, 286 s on 4.
  workers: 3,
  retries: 0,
  // A test's whole flow may take 60 s: fresh-clone runs under load took whole flows up to four times as long as alone
  // (the sign-in policy's 8 s took over 30, portfolio's add-edit-delete 28). Each expectation still fails after 7 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['@brightwave/testing/reporters/playwright.cjs', { title: "browser tests (sum of each file's test times)" }]],
  use: {
    baseURL: e2eServer.baseUrl,
    // No trace unless asked for: recording one for every test (and throwing it away when it passed) took a quarter of
    // each test's time. A failure still writes the page's state (error-context.md); to trace one, run it again with
    // `--trace retain-on-failure`.
    trace: 'off',
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
    // Each content suite on its server, beside the others; its tests in order (they publish the same pages). They
    // come first: their tests are the run's longest, and started last they left one worker idle at the end while
    // the other finished them.
    { name: 'content-prose', testMatch: 'content/rich-text.spec.ts', fullyParallel: false, use: { baseURL: contentServers.prose.baseUrl } },
    { name: 'content-pages', testMatch: 'content/site-content.spec.ts', fullyParallel: false, use: { baseURL: contentServers.pages.baseUrl } },
    { name: 'content-pictures', testMatch: 'content/image-upload.spec.ts', fullyParallel: false, use: { baseURL: contentServers.pictures.baseUrl } },
    { name: 'content-built-pages', testMatch: 'content/built-pages.spec.ts', fullyParallel: false, use: { baseURL: contentServers.builtPages.baseUrl } },
    { name: 'content-case-studies', testMatch: 'content/case-studies.spec.ts', fullyParallel: false, use: { baseURL: contentServers.caseStudies.baseUrl } },
    {
      name: 'content-news',
      testMatch: ['content/news.spec.ts', 'content/search.spec.ts'],
      fullyParallel: false,
      use: { baseURL: contentServers.news.baseUrl },
    },
    // The forms' custom questions change the home and contact pages: on the built pages' server, whose suite reads neither.
    { name: 'site-form-questions', testMatch: 'site/form-questions.spec.ts', use: { baseURL: contentServers.builtPages.baseUrl } },
    { name: 'site', testMatch: 'site/**/*.spec.ts', testIgnore: 'site/form-questions.spec.ts' },
    // The sign-in policy binds every admin of a role: on a server of its own, beside the admin suite.
    { name: 'admin-sign-in-policy', testMatch: 'admin/sign-in-policy.spec.ts', use: { baseURL: signInPolicyServer.baseUrl } },
    // Single sign-on: on a server of its own that trusts a provider started beside it. Browsed at localhost, the
    // backend's PUBLIC_URL, where the provider sends the browser back to. The provider's certificate is of a private
    // authority that only the backend is given (NODE_EXTRA_CA_CERTS): the browser is told to accept it.
    {
      name: 'admin-sso',
      testMatch: 'admin/single-sign-on.spec.ts',
      use: { baseURL: ssoServer.baseUrl.replace('127.0.0.1', 'localhost'), ignoreHTTPSErrors: true },
    },
    { name: 'admin', testMatch: 'admin/**/*.spec.ts', testIgnore: ['admin/sign-in-policy.spec.ts', 'admin/single-sign-on.spec.ts'] },
  ],
  webServer: backends([
    ...[e2eServer, ...Object.values(contentServers), signInPolicyServer].map((server) => ({ server })),
    { server: ssoServer, env: { E2E_SSO: '1' } },
  ]),
});
