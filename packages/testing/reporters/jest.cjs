// jest's `reporters` entry: ['default', ['@brightwave/testing/reporters/jest.cjs', { title }]].
module.exports = require('./slowest-files.cjs').SlowestFilesJestReporter;
