// npm test's backend passes (npm test and npm run test:postgres in this workspace): jest with the suites packed
// into bundles. jest gives every test file a module registry of its own, so each file loads Nest, Drizzle, PGlite
// and the whole app again and warms them up with its first app: about 2 s of CPU a file, a third of the PGlite
// pass. A bundle is one test file that requires several suites, each inside a describe named by its path, so they
// share one registry while each keeps its own hooks, app and database. Bundles are packed to about equal lengths
// (suite-durations.json) and jest runs them on its workers, longest first.
// A suite that changes what later suites of its registry would see and cannot be undone at its end (module mocks, a
// fresh registry) runs alone, as jest runs a file; its spies and fake clock are undone when it ends (bundled-suite.ts).
// One suite, as developers run it, is still `jest <file>`.
// Arguments go to jest (--maxWorkers, --filter, …); the bundles are written to test/.bundles (not in git). Given
// the paths of suites, it runs just those, unbundled.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { backendDir, passName, suiteSeconds } = require('./suite-seconds.cjs');

/** About how long one bundle runs: long enough to spread the registry's cost, short enough to balance the workers. */
const BUNDLE_SECONDS = 90;
const RUNS_ALONE = /\bjest\.(mock|doMock|unstable_mockModule|replaceProperty|resetModules|isolateModules)\b/;

const jest = require.resolve('jest/bin/jest');
// A --maxWorkers given after the script's own replaces it (npm test runs the PostgreSQL pass on one worker beside
// the PGlite pass).
const maxWorkers = process.argv.findLast((arg) => arg.startsWith('--maxWorkers'));
const jestArgs = [...process.argv.slice(2).filter((arg) => !arg.startsWith('--maxWorkers')), ...(maxWorkers ? [maxWorkers] : [])];
const bundlesDir = path.join(backendDir, 'test', '.bundles');
const pass = passName();

// Suites named on the command line (one suite, as the docs give it) run as jest runs them, unbundled.
if (jestArgs.some((arg) => !arg.startsWith('-'))) {
  const direct = spawnSync(process.execPath, ['--liftoff-only', jest, ...jestArgs], { cwd: backendDir, stdio: 'inherit' });
  process.exit(direct.status ?? 1);
}

const listed = spawnSync(process.execPath, [jest, '--listTests', ...jestArgs.filter((arg) => arg.startsWith('--filter'))], {
  cwd: backendDir,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (listed.status !== 0) process.exit(listed.status ?? 1);
const suites = listed.stdout.split('\n').filter(Boolean).sort();

const alone = suites.filter((file) => RUNS_ALONE.test(fs.readFileSync(file, 'utf8')));
const bundled = suites.filter((file) => !alone.includes(file));

// Longest suite first into the bundle that is shortest so far.
const total = bundled.reduce((sum, file) => sum + suiteSeconds(file), 0);
const bundles = Array.from({ length: Math.max(1, Math.round(total / BUNDLE_SECONDS)) }, () => ({ seconds: 0, files: [] }));
for (const file of [...bundled].sort((a, b) => suiteSeconds(b) - suiteSeconds(a))) {
  const shortest = bundles.reduce((best, bundle) => (bundle.seconds < best.seconds ? bundle : best));
  shortest.files.push(file);
  shortest.seconds += suiteSeconds(file);
}

fs.mkdirSync(bundlesDir, { recursive: true });
for (const stale of fs.readdirSync(bundlesDir).filter((name) => name.startsWith(`${pass}-`))) fs.rmSync(path.join(bundlesDir, stale));
const bundleFiles = bundles
  .filter((bundle) => bundle.files.length > 0)
  .map((bundle, index) => {
    const file = path.join(bundlesDir, `${pass}-${String(index + 1).padStart(2, '0')}.bundle.ts`);
    const body = bundle.files.map((suite) => {
      const name = path.relative(backendDir, suite);
      const required = path.relative(bundlesDir, suite).replace(/\.ts$/, '');
      return `bundledSuite('${name}', () => require('${required}'));\n`;
    });
    const header = `// Written by test/support/run-bundled.mjs for the ${pass} pass.\nimport { bundledSuite } from '../support/bundled-suite';\n`;
    fs.writeFileSync(file, `${header}${body.join('')}`);
    return file;
  });

console.log(
  `${suites.length} suites: ${bundled.length} in ${bundleFiles.length} bundles, ${alone.length} alone (${alone.map((file) => path.basename(file)).join(', ')})`,
);
const run = spawnSync(
  process.execPath,
  [
    '--liftoff-only',
    jest,
    ...jestArgs.filter((arg) => !arg.startsWith('--filter')),
    '--testRegex',
    '\\.(spec|e2e-spec|bundle)\\.ts$',
    '--runTestsByPath',
    ...bundleFiles,
    ...alone,
  ],
  { cwd: backendDir, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
