import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Logger } from '@nestjs/common';
import { Pool } from 'pg';
import * as schema from './schema';

export const DATABASE = Symbol('DATABASE');
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseConnection {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', '..', 'drizzle');
// Any fixed number: every instance takes the same lock so only one migrates at a time.
const MIGRATION_LOCK_KEY = 727_115_001;

/** Opens the database (PGlite under `dataDir/db`, or PostgreSQL at `databaseUrl`) and applies migrations. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover, a forced DROP DATABASE) must not crash the
    // process: without a listener the pool's 'error' event is thrown. The pool drops that client and opens another.
    const logger = new Logger('Database');
    pool.on('error', (error) => logger.warn(`An idle database connection was closed: ${error.message}`));
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    } finally {
      lockClient.release();
    }
    return { db: drizzlePg({ client: pool, schema }), kind: 'postgres', close: () => pool.end() };
  }

  const dbDir = path.join(options.dataDir, 'db');
  fs.mkdirSync(dbDir, { recursive: true });
  const client = await PGlite.create(dbDir);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: 'pglite', close: () => client.close() };
}
