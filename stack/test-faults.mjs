#!/usr/bin/env node
// Faults under load, bounded for `npm test` (FAULTS_DURATION=4 s of mixed writes per scenario; bench:stack runs
// them for 30 s): PostgreSQL and Redis stopped and started, an instance killed with SIGKILL, the uploads folder
// full. Prints the counts per scenario and fails when an acknowledged write is lost, an answer is a 5xx other than
// 503, or a resume file and its row do not match.
//   npm run test:faults          FAULTS_DURATION=30 npm run test:faults for the longer run
import fs from 'node:fs';
import { NGINX_PORT, ensureBuilds, ensureNginx, log, newWorkDir, stopAll } from './lib.mjs';
import { printResults, runFaults } from './faults.mjs';

const durationMs = Number(process.env.FAULTS_DURATION ?? 4) * 1000;
// Four scenarios of `durationMs`, plus starting PostgreSQL, Redis, three instances and nginx.
const budgetMs = 4 * durationMs + 120_000;
const workDir = newWorkDir(`brightwave-faults-${NGINX_PORT}`);
let exitCode = 1;
const watchdog = setTimeout(() => {
  log(`the fault runs exceeded ${budgetMs / 1000} s: stopping`);
  void stopAll().finally(() => process.exit(2));
}, budgetMs);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAll().finally(() => process.exit(130)));

try {
  log(`work folder ${workDir}`);
  ensureNginx();
  ensureBuilds();
  const results = await runFaults({ workDir, durationMs });
  printResults(results, durationMs);
  const failed = results.filter((result) => result.failures?.length);
  const skipped = results.filter((result) => result.skipped);
  console.log(`\nfaults: ${results.length - failed.length - skipped.length} passed, ${failed.length} failed${skipped.length ? `, ${skipped.length} skipped` : ''}`);
  exitCode = failed.length ? 1 : 0;
} catch (error) {
  log(`fault runs failed: ${error?.stack ?? error}`);
} finally {
  await stopAll();
  clearTimeout(watchdog);
  if (exitCode === 0) fs.rmSync(workDir, { recursive: true, force: true });
  else log(`logs kept in ${workDir} (instance-*.log, redis.log, pgdata/log, nginx-*/error.log)`);
  process.exit(exitCode);
}
