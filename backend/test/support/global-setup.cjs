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

function preparePgliteCluster() {
  const file = path.join(os.tmpdir(), `bw-pglite-cluster-${migrationsHash(pgliteVersion())}.tar.gz`);
  if (!fs.existsSync(file)) {
    // Written beside and renamed, so a run stopped halfway never leaves a truncated cluster under the final name.
    const partial = `${file}.${process.pid}.partial`;
    execFileSync(process.execPath, [path.join(backendDir, 'scripts', 'build-pglite-cluster.mjs'), partial], { stdio: 'ignore' });
    fs.renameSync(partial, file);
  }
  process.env.PGLITE_CLUSTER_FILE = file;
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

module.exports = async () => {
  preparePgliteCluster();
  if (process.env.TEST_DATABASE_URL) await preparePostgresTemplate(process.env.TEST_DATABASE_URL);
};
