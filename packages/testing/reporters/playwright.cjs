// Playwright's `reporter` entry: ['@brightwave/testing/reporters/playwright.cjs', { title }].
module.exports = require('./slowest-files.cjs').SlowestFilesPlaywrightReporter;
