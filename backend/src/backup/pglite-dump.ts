import { required } from '@brightwave/common';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER, PGLITE_START_PARAMS } from '../database/database';
import { embeddedDatabaseInUse, openPgliteFolder } from '../database/private-pglite';
import { BackupError } from './backup-error';
import { DATABASE_FILES, describeFile, type BackupManifest, type MigrationLevel } from './backup-manifest';
import type { DatabaseDump, DatabaseSnapshot } from './database-dump';
import { checkRowCounts, countRows, migrationLevel, type Query, referencedResumeKeys } from './database-state';

const queryOf =
  (client: PGlite): Query =>
  async <Row>(sql: string) =>
    (await client.query<Row>(sql)).rows;

/**
 * The embedded database under DATA_DIR/db: PGlite's own copy of its data folder (`dumpDataDir`), taken by the only
 * process that has it open, so consistent without a server; restored byte for byte by `loadDataDir`, which the server
 * already uses for its first start.
 */
export class PgliteDump implements DatabaseDump {
  readonly kind = 'pglite' as const;
  private readonly dbDir: string;

  constructor(dataDir: string) {
    this.dbDir = path.join(dataDir, 'db');
  }

  async dump(file: string): Promise<DatabaseSnapshot> {
    if (!existsSync(path.join(this.dbDir, 'PG_VERSION'))) {
      throw new BackupError(`No embedded database in ${this.dbDir}: set DATA_DIR to the server's data folder (or DATABASE_URL for PostgreSQL)`);
    }
    this.refuseOpen();
    const client = await openPgliteFolder(this.dbDir, { startParams: PGLITE_START_PARAMS });
    try {
      const query = queryOf(client);
      const [server] = await query<{ version: string }>("select current_setting('server_version') as version");
      const migrations = await migrationLevel(query);
      const rows = await countRows(query);
      const referencedKeys = await referencedResumeKeys(query);
      const bytes = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
      await fs.writeFile(file, bytes, { mode: 0o600 });
      const database = { kind: this.kind, file: DATABASE_FILES.pglite, serverVersion: required(server, 'the server version').version, ...describeFile(bytes) };
      return { database, migrations, rows, referencedKeys };
    } finally {
      await client.close();
    }
  }

  async checkRestorable(): Promise<void> {
    this.refuseOpen();
  }

  async holdings(): Promise<string | undefined> {
    return (await this.holdsDatabase()) ? `${this.dbDir} holds a database` : undefined;
  }

  async restore(file: string, manifest: BackupManifest): Promise<MigrationLevel> {
    // --force: the replaced database is kept beside it, not deleted.
    if (await this.holdsDatabase()) await fs.rename(this.dbDir, `${this.dbDir}.replaced-${new Date().toISOString().replaceAll(':', '-')}`);
    const client = await openPgliteFolder(this.dbDir, { startParams: PGLITE_START_PARAMS, loadDataDir: new Blob([await fs.readFile(file)]) });
    try {
      checkRowCounts(await countRows(queryOf(client)), manifest);
      const before = await migrationLevel(queryOf(client));
      // Only this process has the database open, so the server's start would do the same without a lock.
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      return before;
    } finally {
      await client.close();
    }
  }

  /** Migrated already, by restore(). */
  async finishRestore(): Promise<void> {}

  private async holdsDatabase(): Promise<boolean> {
    return existsSync(this.dbDir) && (await fs.readdir(this.dbDir)).length > 0;
  }

  private refuseOpen(): void {
    const inUse = embeddedDatabaseInUse(this.dbDir);
    if (inUse) throw new BackupError(inUse);
  }
}
