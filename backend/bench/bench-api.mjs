// `npm run bench:api`: load figures for the built backend (not a test; nothing here can fail a build).
// For each database (PGlite, and PostgreSQL when one answers on 127.0.0.1:5432) it starts backend/dist/main.js,
// creates 50 jobs through the admin API, then runs autocannon (10 s, 50 connections) against
// GET /api/jobs, GET /api/portfolio, POST /api/leads (each after a 2 s warm-up) and, as the baseline, the same process serving the
// bytes of GET /api/jobs as a static file. Prints req/s, p99 latency, ratio to the baseline and peak RSS.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const { Client } = require('pg');

const backendDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const mainJs = path.join(backendDir, 'dist', 'main.js');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = 3901;
const base = `http://127.0.0.1:${PORT}`;
const admin = { email: 'bench@example.test', password: 'bench-password-1234' };

if (!fs.existsSync(mainJs)) {
  console.error('Build the backend first: npm run build -w @brightwave/backend');
  process.exit(1);
}

const postgresAnswers = () =>
  new Promise((resolve) => {
    const socket = net.connect(5432, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function waitForHealth() {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('backend did not start');
}

function peakRssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024);
}

async function loginToken(dataDir) {
  const login = await (await fetch(`${base}/admin/login`, json(admin))).json();
  const outbox = path.join(dataDir, 'outbox');
  const newest = fs.readdirSync(outbox).sort().at(-1);
  const otp = /Your verification code is (\d{6})/.exec(fs.readFileSync(path.join(outbox, newest), 'utf8'))[1];
  const verified = await (await fetch(`${base}/admin/verify-2fa`, json({ adminId: login.adminId, otp }))).json();
  return verified.token;
}

function json(body, headers = {}) {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

function autocannonRun(options) {
  return new Promise((resolve, reject) =>
    autocannon({ url: base, connections: CONNECTIONS, ...options }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/** Two unmeasured seconds first, so the JIT and the connection pool are warm when measuring starts. */
async function run(title, options) {
  await autocannonRun({ ...options, duration: 2 });
  const result = await autocannonRun({ ...options, duration: DURATION_S });
  return { title, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

async function benchDatabase(label, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bench-'));
  const staticDir = path.join(dataDir, 'static');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<h1>bench</h1>');
  const startServer = () =>
    spawn(process.execPath, [mainJs], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        SMTP_URL: '',
        REDIS_URL: '',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        SEED_DEMO: 'true',
        SITE_DIST_DIR: staticDir,
        ADMIN_DIST_DIR: 'none',
        RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
        RATE_LIMIT_AUTH_PER_15_MIN: '1000',
      },
    });

  let server = startServer();
  try {
    await waitForHealth();
    const token = await loginToken(dataDir);
    const existing = (await (await fetch(`${base}/api/jobs`)).json()).jobs.length;
    for (let index = existing; index < 50; index++) {
      await fetch(
        `${base}/api/jobs/admin`,
        json(
          {
            title: `Engineer ${index}`,
            department: 'engineering',
            location: 'remote',
            type: 'full-time',
            experience: '2-3 years',
            description: 'Build web platforms for our clients. '.repeat(5),
            requirements: ['TypeScript', 'PostgreSQL', 'Testing'],
          },
          { authorization: `Bearer ${token}` },
        ),
      );
    }
    // The static baseline serves exactly the bytes of GET /api/jobs; the server indexes files at start.
    fs.writeFileSync(path.join(staticDir, 'jobs.json'), Buffer.from(await (await fetch(`${base}/api/jobs`)).arrayBuffer()));
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    server = startServer();
    await waitForHealth();

    const results = [];
    results.push(await run('static file (same bytes as GET /api/jobs)', { url: `${base}/jobs.json` }));
    results.push(await run('GET /api/jobs (50 jobs)', { url: `${base}/api/jobs` }));
    results.push(await run('GET /api/portfolio (9 items)', { url: `${base}/api/portfolio` }));
    results.push(
      await run('POST /api/leads', {
        url: `${base}/api/leads`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', service: 'web', message: 'Load test lead' }),
      }),
    );
    const baseline = results[0].rps;
    console.log(`\n${label}: ${DURATION_S} s at ${CONNECTIONS} connections each, peak RSS ${peakRssMb(server.pid)} MB`);
    console.log('| call | req/s | p99 ms | vs static | non-2xx |');
    console.log('|---|---|---|---|---|');
    for (const result of results) {
      const ratio = `${Math.round((result.rps / baseline) * 100)} %`;
      console.log(`| ${result.title} | ${Math.round(result.rps)} | ${result.p99} | ${ratio} | ${result.non2xx} |`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await benchDatabase('PGlite (embedded)');
if (await postgresAnswers()) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bw_bench_${Date.now()}`;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await benchDatabase('PostgreSQL (127.0.0.1:5432)', url.toString());
  } finally {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  }
} else {
  console.log('\nNo PostgreSQL on 127.0.0.1:5432: PGlite figures only.');
}
