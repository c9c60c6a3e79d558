// Unit tests of the form rules: jsdom + Testing Library, TypeScript compiled by SWC.
module.exports = {
  testEnvironment: 'jsdom',
  // A guard against a test that hangs, not a measure of speed (jest's 5 s is short for a busy 2-core machine; the
  // admin's unit tests missed it, see admin/jest.config.js).
  testTimeout: 30_000,
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // The news feed's writer (news-view.tsx, through entry-server.tsx) ships as ES modules only: compiled like the sources.
  transformIgnorePatterns: ['/node_modules/(?!feed/)'],
  // Build-time configuration (import.meta.env) only exists under Vite; tests get the same defaults.
  moduleNameMapper: {
    '^(\\.{1,2}/)+(lib/)?env$': '<rootDir>/src/test/env.ts',
    '\\.css$': '<rootDir>/src/test/empty-style.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  reporters: ['default', ['@brightwave/testing/reporters/jest.cjs', { title: 'site unit tests' }]],
};
