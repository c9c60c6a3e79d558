// Unit tests sit beside the code (src/**/*.spec.ts); integration tests against real databases in test/.
const swcConfig = require('fs').readFileSync(__dirname + '/.swcrc', 'utf8');

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '\\.(spec|e2e-spec)\\.ts$',
  transform: { '^.+\\.ts$': ['@swc/jest', { ...JSON.parse(swcConfig), swcrc: false }] },
  testTimeout: 30000,
};
