// PostgreSQL pass: the connection pool's limits.
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { releaseClientsWhoseConnectionEnds } from '../src/database/database';
import { describeOnPostgres } from './support/test-app';

// The pool's own behaviour when a connection dies while checked out; test/database-away.e2e-spec.ts has the app's.
describeOnPostgres('the PostgreSQL pool', () => {
  it('gets back a connection lost between checkout and BEGIN of a drizzle transaction, serves again and ends', async () => {
    const pool = new Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, connectionTimeoutMillis: 2_000 });
    pool.on('connect', (client) => client.on('error', () => undefined));
    releaseClientsWhoseConnectionEnds(pool);
    let cutNext = true;
    // The connection dies right after checkout, before drizzle sends BEGIN (a server restart at that moment).
    pool.on('acquire', (client) => {
      if (!cutNext) return;
      cutNext = false;
      (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
    });
    const db = drizzle({ client: pool });

    await expect(db.transaction((tx) => tx.execute(sql`SELECT 1`))).rejects.toThrow();
    // The pool has one slot: without the release this waits for it, then fails with a connection timeout.
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(pool.totalCount).toBe(1);
    await pool.end();
  });
});
