// How long each backend suite took in an earlier run (suite-durations.json, per pass): the sequencer starts the
// longest first, and run-bundled.mjs packs the suites into bundles of about equal length with it.
const fs = require('node:fs');
const path = require('node:path');
const durations = require('./suite-durations.json');

/** A suite missing from the list (a new one) counts as a minute. */
const UNKNOWN_SECONDS = 60;
const backendDir = path.resolve(__dirname, '..', '..');
// A bundle's line naming one of its suites (run-bundled.mjs writes them).
const BUNDLED_SUITE = /^bundledSuite\('([^']+)'/gm;

/** The pass a run is: 'postgres' with TEST_DATABASE_URL, else 'pglite'. */
const passName = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/** The seconds of a test file of this pass; a bundle's are the sum of its suites'. */
function suiteSeconds(file) {
  const known = durations[passName()] ?? {};
  if (file.endsWith('.bundle.ts')) {
    const suites = [...fs.readFileSync(file, 'utf8').matchAll(BUNDLED_SUITE)].map((match) => match[1]);
    return suites.reduce((sum, suite) => sum + (known[suite] ?? UNKNOWN_SECONDS), 0);
  }
  return known[path.relative(backendDir, file)] ?? UNKNOWN_SECONDS;
}

module.exports = { backendDir, passName, suiteSeconds };
