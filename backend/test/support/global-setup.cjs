// Jest global setup: one empty cluster, every migration applied, for all the suites that boot the app on PGlite.
// Each such app would otherwise run initdb and every migration itself: about 7 s on a slow 2-core machine, against
// about 1.5 s to unpack this (56 apps in a run). The file is named by the PGlite version that wrote it and the
// migrations it holds, so an upgrade or a changed migration makes a new one; the workers, started after this,
// inherit PGLITE_CLUSTER_FILE.
// With TEST_DATABASE_URL (the PostgreSQL pass) the same is done on the server: one migrated template database,
// which each app's scratch database is created from (TEST_DATABASE_TEMPLATE), instead of migrating each.
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const backendDir = path.resolve(__dirname, '..', '..');

/** The installed PGlite's version (its package.json is not among the files the package exports). */
function pgliteVersion() {
  let folder = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(folder, 'package.json')) || readJson(path.join(folder, 'package.json')).name !== '@electric-sql/pglite') {
    folder = path.dirname(folder);
  }
  return readJson(path.join(folder, 'package.json')).version;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

const migrationsFolder = path.join(backendDir, 'drizzle');

/** A hash of every migration (and of `salt`): a changed migration names a new cluster or template. */
function migrationsHash(salt) {
  const hash = createHash('sha256').update(salt);
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated cluster as an archive (what a first start unpacks: PGLITE_CLUSTER_FILE) and unpacked in a folder
 * (PGLITE_TEMPLATE_DIR), which test apps copy: a copy and an open cost about half of an unpack in PGlite.
 */
function preparePgliteCluster() {
  const name = `bw-pglite-cluster-${migrationsHash(pgliteVersion())}`;
  const file = path.join(os.tmpdir(), `${name}.tar.gz`);
  const folder = path.join(os.tmpdir(), name);
  // Each is made beside and renamed, so a run stopped halfway never leaves a half-made one under the final name.
  if (!fs.existsSync(file)) {
    const partial = `${file}.${process.pid}.partial`;
    execFileSync(process.execPath, [path.join(backendDir, 'scripts', 'build-pglite-cluster.mjs'), partial], { stdio: 'ignore' });
    fs.renameSync(partial, file);
  }
  if (!fs.existsSync(folder)) {
    const partial = `${folder}.${process.pid}.partial`;
    execFileSync(process.execPath, [path.join(__dirname, 'make-pglite-template.mjs'), file, partial], { stdio: 'ignore' });
    try {
      fs.renameSync(partial, folder);
    } catch (error) {
      // Another run made the same folder meanwhile: use theirs.
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(folder)) throw error;
    }
  }
  process.env.PGLITE_CLUSTER_FILE = file;
  process.env.PGLITE_TEMPLATE_DIR = folder;
}

/**
 * The migrated template database on the server of `serverUrl`, made when missing: built under a name of its own and
 * renamed when complete, so a concurrent run or one stopped halfway never clones a half-migrated template. Templates
 * of older migrations are dropped (one still being cloned by another run refuses, and is left for the next run).
 */
async function preparePostgresTemplate(serverUrl) {
  const { Client } = require('pg');
  const { drizzle } = require('drizzle-orm/node-postgres');
  const { migrate } = require('drizzle-orm/node-postgres/migrator');
  const name = `bw_template_${migrationsHash('postgres')}`;
  const server = new Client({ connectionString: serverUrl });
  await server.connect();
  try {
    const existing = await server.query("SELECT datname FROM pg_database WHERE datname LIKE 'bw\\_template\\_%'");
    for (const { datname } of existing.rows) {
      // Not the ones still being built (`…_<pid>`) by another run.
      if (datname !== name && /^bw_template_[0-9a-f]{16}$/.test(datname)) await server.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    }
    if (!existing.rows.some((row) => row.datname === name)) {
      const building = `${name}_${process.pid}`;
      await server.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const client = new Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await migrate(drizzle({ client }), { migrationsFolder });
      } finally {
        await client.end();
      }
      await server.query(`ALTER DATABASE ${building} RENAME TO ${name}`).catch(async (error) => {
        // Another run made the same template meanwhile: use theirs.
        await server.query(`DROP DATABASE IF EXISTS ${building}`);
        if (!/already exists/.test(String(error.message))) throw error;
      });
    }
  } finally {
    await server.end();
  }
  process.env.TEST_DATABASE_TEMPLATE = name;
}

/**
 * The suites' scratch folders (each app's data folder and database copy, outboxes, uploads) on the machine's memory
 * file system when it has one (/dev/shm): on ext4 each app's copy of the 40 MB cluster and its removal cost 0.4 to
 * 0.9 s of kernel time under load, against under 0.1 s there (measured with the boot of a test app). The workers
 * inherit TMPDIR (os.tmpdir() reads it on each call); the cluster archive and template above stay in the disk's
 * temporary folder, kept between runs. The folder is open to read (0755) like /tmp, so that tests of a private data
 * folder still depend on that folder's own permissions; global-teardown.cjs removes it, and a run that was killed
 * leaves one that the next run removes.
 */
function useMemoryScratch() {
  const memory = '/dev/shm';
  try {
    fs.accessSync(memory, fs.constants.W_OK);
  } catch {
    return;
  }
  for (const entry of fs.readdirSync(memory)) {
    const pid = Number(/^bw-tests-(\d+)-/.exec(entry)?.[1]);
    if (pid && !isAlive(pid)) fs.rmSync(path.join(memory, entry), { recursive: true, force: true });
  }
  const folder = fs.mkdtempSync(path.join(memory, `bw-tests-${process.pid}-`));
  fs.chmodSync(folder, 0o755);
  process.env.TMPDIR = folder;
  process.env.BW_TEST_SCRATCH_DIR = folder;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

module.exports = async () => {
  // Cheap password hashes and backup keys (KEY_DERIVATION_COST, config/key-derivation.ts) for every app and command the
  // suites start, the processes they spawn included: the suites sign in and seal archives hundreds of times.
  process.env.KEY_DERIVATION_COST ??= 'test';
  preparePgliteCluster();
  useMemoryScratch();
  if (process.env.TEST_DATABASE_URL) await preparePostgresTemplate(process.env.TEST_DATABASE_URL);
};
