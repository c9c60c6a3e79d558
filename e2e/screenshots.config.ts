import { defineConfig } from '@playwright/test';
import baseConfig, { backends } from './playwright.config';
import { e2eServer } from './support/env';

// `npm run screenshots`: the admin's and the site's daily screens photographed at 1440 and 390 px wide into
// docs/screenshots/, which the feature docs show. Not a test: run it after changing a screen, and commit the pictures.
export default defineConfig({
  ...baseConfig,
  testMatch: 'screenshots/**/*.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 120_000,
  reporter: 'list',
  projects: [{ name: 'screenshots', use: { baseURL: e2eServer.baseUrl } }],
  webServer: backends([{ server: e2eServer }]),
});
