import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Logger } from '@nestjs/common';
import { Pool, type PoolClient } from 'pg';
import { openPgliteFolder } from './private-pglite';
import * as schema from './schema';
import { ADVISORY_LOCK_KEYS } from './advisory-locks';

export const DATABASE = Symbol('DATABASE');
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseConnection {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', '..', 'drizzle');
/**
 * An empty cluster with the migrations of this build applied (scripts/build-pglite-cluster.mjs): a first start
 * unpacks it instead of running initdb in the server, which needed a second PostgreSQL instance (~600 MB peak).
 * The tests run from the sources, beside no build: their global setup makes one and names it in PGLITE_CLUSTER_FILE.
 */
const PREBUILT_CLUSTER = process.env.PGLITE_CLUSTER_FILE || path.resolve(__dirname, '..', 'pglite-cluster.tar.gz');
const CONNECT_TIMEOUT_MS = 5_000;

// PostgreSQL's default 128 MB of shared buffers would all be touched in PGlite's WebAssembly heap; the site's data
// is small and the kernel caches the data files anyway. 16 MB measured as fast on bench:api (README, "Memory").
// wal_recycle=off: a checkpoint deletes the WAL segments it no longer needs instead of renaming them for reuse with
// their old bytes, so an erased row leaves no copy in pg_wal (privacy/scrub.repository.ts). 20,000 inserts measured
// as fast with it as without (README, "Privacy requests and retention").
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'wal_recycle=off'];

/**
 * Gives a checked-out client back to the pool as soon as its connection ends (a server restart, a failover,
 * pg_terminate_backend), and makes its holder's own release() do nothing. drizzle-orm 0.45's transaction() sends
 * BEGIN before its try/finally: a connection lost right there was never released, so the pool lost that slot for
 * good (after ten, every request would wait for a connection and answer 503) and pool.end() never finished
 * (test/database-away.e2e-spec.ts, and test/database-pool.e2e-spec.ts for the pool alone).
 */
export function releaseClientsWhoseConnectionEnds(pool: Pool): void {
  const checkedOut = new WeakSet<PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) =>
    client.once('end', () => {
      if (!checkedOut.has(client)) return;
      const release = client.release;
      client.release = () => undefined;
      release(new Error('The database connection ended while a request held it'));
    }),
  );
}

/** Opens the database (PGlite under `dataDir/db`, or PostgreSQL at `databaseUrl`) and applies migrations. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    // While the server is away a request waits at most this long for a connection, then answers 503.
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // An idle connection closed by the server (restart, failover, a forced DROP DATABASE) must not crash the
    // process: without a listener the pool's 'error' event is thrown. The pool drops that client and opens another.
    const logger = new Logger('Database');
    pool.on('error', (error) => logger.warn(`An idle database connection was closed: ${error.message}`));
    // The pool listens only to idle clients: one closed while a request holds it (inside a transaction) would
    // throw its 'error' event and end the process. Its queries fail on their own.
    pool.on('connect', (client) => client.on('error', () => undefined));
    releaseClientsWhoseConnectionEnds(pool);
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.migrations]);
      await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      await lockClient.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.migrations]);
    } finally {
      lockClient.release();
    }
    return { db: drizzlePg({ client: pool, schema }), kind: 'postgres', close: () => pool.end() };
  }

  const dbDir = path.join(options.dataDir, 'db');
  // A new folder starts from the cluster made at build time, when there is one (the tests run from the sources).
  const firstStart = !fs.existsSync(path.join(dbDir, 'PG_VERSION'));
  const cluster = firstStart && fs.existsSync(PREBUILT_CLUSTER) ? new Blob([fs.readFileSync(PREBUILT_CLUSTER)]) : undefined;
  const client = await openPgliteFolder(dbDir, { startParams: PGLITE_START_PARAMS, ...(cluster ? { loadDataDir: cluster } : {}) });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: 'pglite', close: () => client.close() };
}
