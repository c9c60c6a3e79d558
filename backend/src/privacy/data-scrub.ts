import { Injectable, Logger } from '@nestjs/common';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ScrubRepository, VACUUM_FULL_MAX_BYTES } from './scrub.repository';

/**
 * After an erasure or a purge has committed its deletes: rewrites the tables it deleted from and makes the WAL
 * forget, so that the deleted rows are in no file of the database (ScrubRepository says how). One scrub runs at a
 * time per process; requests that arrive meanwhile join one scrub that starts right after it, so many erasures at
 * once rewrite each table once or twice, not once each. A table whose rewrite failed, or whose lock was not granted
 * in time (PostgreSQL), is rewritten with the next scrub; one too large for a rewrite (PostgreSQL) gets plain VACUUMs,
 * said once in the log.
 */
@Injectable()
export class DataScrub {
  private readonly logger = new Logger(DataScrub.name);
  private readonly owed = new Set<PgTable>();
  private readonly warned = new Set<string>();
  private last: Promise<void> = Promise.resolve();
  private next: { tables: Set<PgTable>; done: Promise<void> } | undefined;

  constructor(private readonly repository: ScrubRepository) {}

  /** Resolves once the files no longer hold the rows deleted from `tables` before the call; rejects on a failure. */
  after(tables: PgTable[]): Promise<void> {
    if (tables.length === 0 && this.owed.size === 0) return Promise.resolve();
    if (this.next) {
      for (const table of tables) this.next.tables.add(table);
      return this.next.done;
    }
    const next = { tables: new Set(tables), done: Promise.resolve() };
    next.done = this.last.then(() => {
      this.next = undefined;
      return this.run([...next.tables]);
    });
    this.next = next;
    this.last = next.done.catch(() => undefined);
    return next.done;
  }

  private async run(tables: PgTable[]): Promise<void> {
    const all = [...new Set([...tables, ...this.owed])];
    this.owed.clear();
    try {
      for (const left of await this.repository.rewrite(all)) {
        const name = getTableName(left.table);
        if (left.reason === 'lock not granted') {
          this.owed.add(left.table);
          this.logger.warn(`${name} had a plain VACUUM (its lock was not granted in time): the next erasure or purge rewrites it`);
        } else {
          this.warnOnce(
            `${name} is over ${VACUUM_FULL_MAX_BYTES / (1024 * 1024)} MB, so it gets a plain VACUUM, not a rewrite that would lock it for ` +
              `seconds: the server's files may keep deleted rows until their pages are reused (run VACUUM FULL ${name} at a quiet hour)`,
          );
        }
      }
    } catch (error) {
      for (const table of all) this.owed.add(table);
      throw error;
    }
    for (const step of await this.repository.forgetWal()) {
      this.warnOnce(
        `"${step}" is not permitted to this database user, skipped: the server's WAL keeps deleted rows until its own ` +
          'checkpoints recycle them (grant pg_checkpoint, and EXECUTE on pg_switch_wal, to make erasures immediate)',
      );
    }
  }

  /** Once per process: the same cause would otherwise be logged with every erasure. */
  private warnOnce(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.logger.warn(message);
  }
}
