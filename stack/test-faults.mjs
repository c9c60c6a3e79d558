#!/usr/bin/env node
// Faults under load, bounded for `npm test` (FAULTS_DURATION=4 s of mixed writes per scenario; bench:stack runs
// them for 30 s): PostgreSQL and Redis stopped and started, an instance killed with SIGKILL, the uploads folder
// full. One node:test test per scenario: it fails when an acknowledged write is lost, an answer is a 5xx other than
// 503, or a resume file and its row do not match; the counts per scenario are printed as a table at the end.
//   npm run test:faults          FAULTS_DURATION=30 npm run test:faults for the longer run
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { NGINX_PORT, ensureBuilds, ensureNginx, log, newWorkDir, stopAll } from './lib.mjs';
import { SCENARIOS, printResults, startFaultStack, stopFaultStack } from './faults.mjs';

const durationMs = Number(process.env.FAULTS_DURATION ?? 4) * 1000;
// Four scenarios of `durationMs`, plus starting PostgreSQL, Redis, three instances and nginx.
const budgetMs = 4 * durationMs + 120_000;
const workDir = newWorkDir(`brightwave-faults-${NGINX_PORT}`);
const watchdog = setTimeout(() => {
  log(`the fault runs exceeded ${budgetMs / 1000} s: stopping`);
  void stopAll().finally(() => process.exit(2));
}, budgetMs);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAll().finally(() => process.exit(130)));

let faults;
const results = [];

before(async () => {
  log(`work folder ${workDir}`);
  ensureNginx();
  ensureBuilds();
  faults = await startFaultStack({ workDir, durationMs });
});

after(async () => {
  if (faults) await stopFaultStack(faults);
  await stopAll();
  clearTimeout(watchdog);
  if (results.length) printResults(results, durationMs);
  const passed = results.length === SCENARIOS.length && results.every((result) => result.skipped || result.failures.length === 0);
  if (passed) fs.rmSync(workDir, { recursive: true, force: true });
  else log(`logs kept in ${workDir} (instance-*.log, redis.log, pgdata/log, nginx-*/error.log)`);
});

for (const scenario of SCENARIOS) {
  test(scenario.name, async (t) => {
    const result = await scenario.run(faults);
    results.push(result);
    if (result.skipped) return t.skip(result.skipped);
    assert.deepEqual(result.failures, [], `${scenario.name}, answers by status: ${JSON.stringify(result.byStatus)}`);
  });
}
