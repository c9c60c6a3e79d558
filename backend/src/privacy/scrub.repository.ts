import { required } from '@brightwave/common';
import { PGlite } from '@electric-sql/pglite';
import { Inject, Injectable } from '@nestjs/common';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Pool, type PoolClient } from 'pg';
import { DATABASE, type Database } from '../database/database';

/**
 * On PostgreSQL, a table larger than this gets a plain VACUUM instead of VACUUM FULL: the rewrite holds an ACCESS
 * EXCLUSIVE lock (no read, no write of the table) for as long as it copies the table and rebuilds its indexes,
 * measured at about 2 s for a 110 MB table with one index on the 2-core test machine. The tables of this product stay
 * far below it (a marketing site's inbox), so this is a guard, not the rule.
 */
export const VACUUM_FULL_MAX_BYTES = 64 * 1024 * 1024;
/** On PostgreSQL, how long VACUUM FULL waits for its lock (a long read of the table) before it gives way. */
const LOCK_TIMEOUT = '2s';
/** SQLSTATE of a refused privilege, and of a lock not granted within lock_timeout. */
const INSUFFICIENT_PRIVILEGE = '42501';
const LOCK_NOT_AVAILABLE = '55P03';

/** What a rewrite did not do: the table had a plain VACUUM instead (its deleted rows' bytes may stay). */
export interface NotRewritten {
  table: PgTable;
  reason: 'too large' | 'lock not granted';
}

const quoted = (table: PgTable) => `"${getTableName(table)}"`;
const codeOf = (error: unknown) => (error as { code?: unknown }).code;

/**
 * Makes the database's files forget deleted rows. DELETE only marks a row dead and a plain VACUUM only marks its
 * space free: the bytes stay in the table's file until the page is reused. VACUUM FULL writes the table (with its
 * TOAST and indexes) into a new file and the old one is emptied at once and unlinked at the next checkpoint. The
 * write-ahead log keeps the rows too (a delete logs the whole page once after each checkpoint): switching to a new
 * segment and checkpointing leaves the old segments unneeded, and with `wal_recycle=off` (PGLITE_START_PARAMS) the
 * checkpoint deletes them instead of renaming them for reuse with their bytes. None of this runs in a transaction.
 */
@Injectable()
export class ScrubRepository {
  private readonly client: unknown;

  constructor(@Inject(DATABASE) db: Database) {
    this.client = (db as { $client?: unknown }).$client;
  }

  /** VACUUM FULL of each table (a plain VACUUM where answered in the list); throws what else went wrong. */
  async rewrite(tables: PgTable[]): Promise<NotRewritten[]> {
    if (tables.length === 0) return [];
    if (this.client instanceof PGlite) {
      // One connection inside this process: nothing can hold a lock against it, and the tables are small.
      await this.client.exec(`vacuum full ${tables.map(quoted).join(', ')}`);
      return [];
    }
    return this.withSession(async (session) => {
      const left: NotRewritten[] = [];
      await session.query(`set lock_timeout = '${LOCK_TIMEOUT}'`);
      for (const table of tables) {
        const { rows } = await session.query<{ bytes: string }>('select pg_table_size($1::regclass) as bytes', [quoted(table)]);
        let reason: NotRewritten['reason'] | undefined =
          Number(required(rows[0], `the size of ${table}`).bytes) > VACUUM_FULL_MAX_BYTES ? 'too large' : undefined;
        if (!reason) {
          try {
            await session.query(`vacuum full ${quoted(table)}`);
          } catch (error) {
            if (codeOf(error) !== LOCK_NOT_AVAILABLE) throw error;
            reason = 'lock not granted';
          }
        }
        if (reason) {
          // A plain VACUUM waits for no reader: its lock only excludes other vacuums and schema changes.
          await session.query(`vacuum ${quoted(table)}`);
          left.push({ table, reason });
        }
      }
      return left;
    });
  }

  /**
   * A new WAL segment, then a checkpoint: the segments that held the deleted rows are no longer needed. Answers the
   * steps the database user may not run (PostgreSQL: CHECKPOINT needs superuser or pg_checkpoint since version 15,
   * pg_switch_wal() superuser or a grant); those are skipped, the server's own checkpoints get there later.
   */
  async forgetWal(): Promise<string[]> {
    const steps = ['select pg_switch_wal()', 'checkpoint'];
    if (this.client instanceof PGlite) {
      for (const step of steps) await this.client.exec(step);
      return [];
    }
    return this.withSession(async (session) => {
      const refused: string[] = [];
      for (const step of steps) {
        try {
          await session.query(step);
        } catch (error) {
          if (codeOf(error) !== INSUFFICIENT_PRIVILEGE) throw error;
          refused.push(step);
        }
      }
      return refused;
    });
  }

  /** A connection of the pool for this alone, closed afterwards: its session settings never reach another query. */
  private async withSession<T>(use: (session: PoolClient) => Promise<T>): Promise<T> {
    if (!(this.client instanceof Pool)) throw new Error('The database is neither PGlite nor a PostgreSQL pool');
    const session = await this.client.connect();
    try {
      return await use(session);
    } finally {
      session.release(true);
    }
  }
}
