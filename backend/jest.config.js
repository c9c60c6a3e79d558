// Unit tests sit beside the code (src/**/*.spec.ts); integration tests against real databases in test/.
// `npm test` starts jest (and so its workers) with --liftoff-only, as the server runs with the embedded database
// (src/memory-flags.ts): V8 then does not tier PGlite's WebAssembly up, which cost the suite 5 % of its CPU time.
const swcConfig = require('fs').readFileSync(__dirname + '/.swcrc', 'utf8');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|e2e-spec)\\.ts$',
  transform: { '^.+\\.ts$': ['@swc/jest', { ...JSON.parse(swcConfig), swcrc: false }] },
  // Generous: every suite boots the real app on a fresh database, which is slow on a busy 2-core machine.
  testTimeout: 120000,
  // Waits for a worker's exit as long as a loaded machine needs (@brightwave/testing/jest-workers.cjs).
  ...require('@brightwave/testing/jest-workers.cjs'),
  globalSetup: '<rootDir>/test/support/global-setup.cjs',
  testSequencer: '<rootDir>/test/support/sequencer.cjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.cjs',
  reporters: [
    'default',
    [
      '@brightwave/testing/reporters/jest.cjs',
      {
        title: `backend on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
        durationsKey: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      },
    ],
  ],
};
