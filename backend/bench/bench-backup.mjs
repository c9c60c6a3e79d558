// `npm run bench:backup`: how long `npm run backup` and `npm run restore` take and how large the archive is, for the
// built backend (not a test; nothing here can fail a build). For each database (PGlite, and PostgreSQL when one
// answers on 127.0.0.1:5432, in a scratch database dropped afterwards): a fresh database with BENCH_LEADS leads
// (default 50,000) and BENCH_RESUMES resume files of BENCH_RESUME_KB KB of random bytes (default 200 of 200 KB, as
// incompressible as PDFs), then the backup and a restore into a fresh target, each by the built CLI in a process of its
// own: wall time and that process's peak RSS.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { sql } = require('drizzle-orm');

const backendDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = (file) => path.join(backendDir, 'dist', file);
if (!fs.existsSync(dist('cli/backup-cli.js'))) {
  console.error('Build the backend first: npm run build -w @brightwave/backend');
  process.exit(1);
}
const { openDatabase } = require(dist('database/database.js'));
const { LocalResumeStorage } = require(dist('storage/local-resume-storage.js'));

const LEADS = Number(process.env.BENCH_LEADS ?? 50_000);
const RESUMES = Number(process.env.BENCH_RESUMES ?? 200);
const RESUME_KB = Number(process.env.BENCH_RESUME_KB ?? 200);
const SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const postgresAnswers = () =>
  new Promise((resolve) => {
    const socket = net.connect(5432, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function onServer(statement) {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** A data folder, and a scratch database on PostgreSQL. */
async function place(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bench-backup-'));
  if (kind === 'pglite') return { dataDir, databaseUrl: '', drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const name = `bw_bench_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      await onServer(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const env = (target) => ({ ...process.env, NODE_ENV: 'test', JWT_SECRET: 'b'.repeat(32), DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl });
// The child prints its own peak RSS (kB) as it exits.
const PRINT_PEAK_RSS = 'data:text/javascript,process.on("exit",()=>process.stderr.write(`peak-rss-kb ${process.resourceUsage().maxRSS}\\n`))';

/** Runs `node dist/cli/backup-cli.js ...args` as `npm run backup|restore` does; answers seconds and peak RSS in MB. */
function runCli(args, environment) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['--import', PRINT_PEAK_RSS, dist('cli/backup-cli.js'), ...args], {
    env: environment,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`${args[0]} exited with ${code}: ${stderr}`));
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      resolve({ seconds, peakMb: Number(/peak-rss-kb (\d+)/.exec(stderr)?.[1] ?? 0) / 1024 });
    }),
  );
}

async function bench(kind) {
  const source = await place(kind);
  const target = await place(kind);
  const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bench-archive-')), 'backup.tar');
  try {
    const connection = await openDatabase(source);
    await connection.db.execute(
      sql.raw(`insert into leads (name, email, service, message)
        select 'Lead ' || g, 'lead' || g || '@example.com', 'web', repeat('Hello, we would like a quote. ', 10) from generate_series(1, ${LEADS}) g`),
    );
    await connection.close();
    const storage = new LocalResumeStorage({ uploadsDir: path.join(source.dataDir, 'uploads') });
    for (let i = 0; i < RESUMES; i++) await storage.saveAs(randomUUID(), randomBytes(RESUME_KB * 1024));

    const backup = await runCli(['backup', '--out', archive], env(source));
    const restore = await runCli(['restore', archive], env(target));
    return { kind, backup, restore, archiveMb: fs.statSync(archive).size / 1024 / 1024 };
  } finally {
    fs.rmSync(path.dirname(archive), { recursive: true, force: true });
    await source.drop();
    await target.drop();
  }
}

const kinds = ['pglite', ...((await postgresAnswers()) ? ['postgres'] : [])];
console.log(
  `${LEADS} leads, ${RESUMES} resumes of ${RESUME_KB} KB (${((RESUMES * RESUME_KB) / 1024).toFixed(0)} MB), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
);
console.log('| database | backup s | backup peak RSS MB | archive MB | restore s | restore peak RSS MB |');
console.log('|---|---|---|---|---|---|');
for (const kind of kinds) {
  const row = await bench(kind);
  const { backup, restore } = row;
  console.log(
    `| ${row.kind} | ${backup.seconds.toFixed(1)} | ${backup.peakMb.toFixed(0)} | ${row.archiveMb.toFixed(0)} | ${restore.seconds.toFixed(1)} | ${restore.peakMb.toFixed(0)} |`,
  );
}
