// Unit tests run in jsdom with Node's own fetch (see test/jsdom-with-fetch.cjs), compiled by SWC.
import jestWorkers from '@brightwave/testing/jest-workers.cjs';

export default {
  // Waits for a worker's exit as long as a loaded machine needs.
  ...jestWorkers,
  testEnvironment: '<rootDir>/test/jsdom-with-fetch.cjs',
  // Two workers on two cores (49.7 s against 69.6 alone; docs/testing.md). Their waits allow 5 s (test/setup.ts), which a
  // busy machine needs.
  maxWorkers: 2,
  // A guard against a test that hangs, not a measure of speed: jest's default 5 s failed two rich-text tests
  // (content-form.test.tsx) in npm test on a day the machine ran at half speed, both workers busy beside the site's
  // tests and the faults. Speed is measured by the bench scripts.
  testTimeout: 30_000,
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: {
            react: { runtime: 'automatic' },
            optimizer: { globals: { vars: { 'import.meta.env.VITE_API_BASE_URL': '""' } } },
          },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: { '\\.css$': '<rootDir>/test/style-stub.cjs' },
  reporters: ['default', ['@brightwave/testing/reporters/jest.cjs', { title: 'admin unit tests' }]],
};
