#!/usr/bin/env node
// The production shape, tested for real: nginx (rendered from nginx/nginx.conf.template) in front of TWO backend
// instances on PostgreSQL and Redis, their resumes in one S3-compatible bucket (s3rver) and no shared folder;
// Playwright smoke through nginx; an instance killed with SIGKILL under a stream of submissions. Everything on
// 127.0.0.1; every process we start is stopped. Starts the stack once, then runs the node:test files of
// stack/tests (one per concern, each in a process of its own) against it, one after another.
//   npm run test:stack                   every concern (STACK_SKIP_BROWSER=1 leaves out the Playwright smoke)
//   npm run test:stack -- nginx limits   only stack/tests/nginx.test.mjs and limits.test.mjs
import { once } from 'node:events';
import path from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import { log, stopAll } from './lib.mjs';
import { startStack, stopStack } from './tests/stack.mjs';

// In this order: the browser smoke before the instances' tests, the last of which leaves one instance killed.
const CONCERNS = ['config', 'nginx', 'limits', 'roles', 'browser', 'instances'];
const TOTAL_BUDGET_MS = 6 * 60_000;

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !CONCERNS.includes(name));
if (unknown.length) {
  console.error(`unknown concern ${unknown.join(', ')}: the stack tests are ${CONCERNS.join(', ')}`);
  process.exit(2);
}
const testsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tests');
const files = CONCERNS.filter((name) => !asked.length || asked.includes(name)).map((name) => path.join(testsDir, `${name}.test.mjs`));

let currentTest = 'starting the stack';
const watchdog = setTimeout(() => {
  log(`the stack test exceeded ${TOTAL_BUDGET_MS / 1000} s (in "${currentTest}"): stopping`);
  void stopAll().finally(() => process.exit(2));
}, TOTAL_BUDGET_MS);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void stopAll().finally(() => process.exit(130)));
}

const counts = { passed: 0, failed: 0, skipped: 0 };
let setupFailed = false;
try {
  await startStack();
  // One file at a time: they share one stack, and the instances' file ends with an instance killed.
  const stream = run({ files, concurrency: 1 });
  stream.on('test:start', ({ name }) => (currentTest = name));
  stream.on('test:pass', ({ details, skip }) => {
    if (details.type !== 'suite') counts[skip ? 'skipped' : 'passed']++;
  });
  stream.on('test:fail', ({ details }) => {
    if (details.type !== 'suite') counts.failed++;
    // A file that cannot load fails as a suite with no test of its own.
    else if (details.error?.failureType !== 'subtestsFailed') counts.failed++;
  });
  const reporter = stream.compose(spec);
  reporter.pipe(process.stdout);
  await once(reporter, 'end');
} catch (error) {
  log(`stack setup failed: ${error?.stack ?? error}`);
  setupFailed = true;
} finally {
  clearTimeout(watchdog);
}
const leftovers = await stopStack({ passed: !setupFailed && counts.failed === 0 });
for (const problem of leftovers) log(`FAIL ${problem}`);
const failed = counts.failed + leftovers.length + (setupFailed ? 1 : 0);
console.log(`\nstack: ${counts.passed} passed, ${failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
