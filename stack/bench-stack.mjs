#!/usr/bin/env node
// Load figures of the production shape (a script to rerun, not a timed test): autocannon through nginx against
// a static page, GET /api/jobs and POST /api/leads, with one and with two backend instances on PostgreSQL and
// Redis. Prints req/s, p99 latency and the ratio to the static page.
//   npm run bench:stack            BENCH_DURATION=10 BENCH_CONNECTIONS=50 to change the load
// Then the fault runs of stack/test-faults.mjs for 30 s a scenario (FAULTS_DURATION; BENCH_FAULTS=0: none).
// Everything (autocannon, nginx, the instances, PostgreSQL, Redis) shares the host's cores: compare the rows
// with each other, not with a production host.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  INSTANCE_PORTS,
  NGINX_PORT,
  backendEnv,
  createDatabase,
  ensureBuilds,
  findRedis,
  log,
  newJwtSecret,
  newWorkDir,
  repoRoot,
  startInstance,
  startNginx,
  stopAll,
  stopProcess,
} from './lib.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options }, (error, result) =>
      error
        ? reject(error)
        : resolve({ title, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts }),
    );
  });
}

const workDir = newWorkDir(`brightwave-stack-bench-${NGINX_PORT}`);
let database;
let failed = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAll().finally(() => process.exit(130)));
try {
  ensureBuilds();
  database = await createDatabase(workDir, 'brightwave_stack_bench');
  const redisUrl = await findRedis();
  if (!redisUrl) log('NO REDIS: only the one-instance figures are measured');
  const jwtSecret = newJwtSecret();
  const ports = redisUrl ? INSTANCE_PORTS : INSTANCE_PORTS.slice(0, 1);
  const instances = [];
  for (const [index, port] of ports.entries()) {
    const env = backendEnv({
      port,
      dataDir: path.join(workDir, `instance-${'ab'[index]}`),
      uploadsDir: path.join(workDir, 'uploads'),
      databaseUrl: database.url,
      redisUrl,
      jwtSecret,
      // The load comes from one address: the limits would measure 429 answers, not the work.
      extra: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000', LOG_LEVEL: 'error' },
    });
    instances.push(await startInstance(`instance-${'ab'[index]}`, env, workDir));
  }

  const lead = JSON.stringify({ name: 'Bench Visitor', email: 'bench@example.test', service: 'web', message: 'A quote request sent by bench:stack.' });
  const tables = [];
  for (const count of redisUrl ? [1, 2] : [1]) {
    const nginx = await startNginx(path.join(workDir, `nginx-${count}`), { upstreamPorts: ports.slice(0, count) });
    const base = nginx.baseUrl;
    await run('warm-up', { url: `${base}/api/jobs`, duration: 2 });
    const results = [];
    results.push(await run('GET / (static page)', { url: `${base}/` }));
    results.push(await run('GET /api/jobs', { url: `${base}/api/jobs` }));
    results.push(await run('POST /api/leads', { url: `${base}/api/leads`, method: 'POST', headers: { 'content-type': 'application/json' }, body: lead }));
    tables.push({ count, results });
    await stopProcess(nginx.child);
  }

  console.log(`\nbench:stack on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), nginx -> backend instances on PostgreSQL + Redis,`);
  console.log(`${DURATION_S} s at ${CONNECTIONS} connections per row; autocannon runs on the same machine.\n`);
  console.log('| instances | call | req/s | p99 ms | vs static | non-2xx | errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const { count, results } of tables) {
    const staticRps = results[0].rps;
    for (const result of results) {
      const ratio = result === results[0] ? '1' : (result.rps / staticRps).toFixed(3);
      console.log(`| ${count} | ${result.title} | ${Math.round(result.rps)} | ${result.p99} | ${ratio} | ${result.non2xx} | ${result.errors} |`);
      if (result.non2xx > 0 || result.errors > 0) failed = true;
    }
  }
  if (tables.length === 2) {
    for (const index of [1, 2]) {
      const gain = tables[1].results[index].rps / tables[0].results[index].rps;
      console.log(`\n${tables[0].results[index].title}: two instances give ${gain.toFixed(2)}x the throughput of one`);
    }
  }
  if (failed) console.log('\nsome requests failed (non-2xx or socket errors): the figures above are not clean');
} catch (error) {
  console.error(`bench:stack failed: ${error?.stack ?? error}`);
  failed = true;
} finally {
  await stopAll();
  await database?.drop().catch(() => {});
  if (!failed) fs.rmSync(workDir, { recursive: true, force: true });
  else console.log(`logs kept in ${workDir}`);
}
// The fault runs, longer than in npm test (stack/test-faults.mjs; BENCH_FAULTS=0 leaves them out).
if (process.env.BENCH_FAULTS !== '0') {
  const env = { ...process.env, FAULTS_DURATION: process.env.FAULTS_DURATION ?? '30' };
  const faults = spawnSync(process.execPath, ['--test-reporter=spec', '--test-force-exit', path.join(repoRoot, 'stack', 'test-faults.mjs')], {
    stdio: 'inherit',
    env,
  });
  if (faults.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
