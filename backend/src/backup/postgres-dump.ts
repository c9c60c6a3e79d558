import { required } from '@brightwave/common';
import { Client } from 'pg';
import { openDatabase } from '../database/database';
import { BackupError } from './backup-error';
import { DATABASE_FILES, describeFileAt, type BackupManifest, type MigrationLevel } from './backup-manifest';
import type { DatabaseDump, DatabaseSnapshot } from './database-dump';
import { checkRowCounts, countRows, listTables, migrationLevel, qualified, type Query, referencedResumeKeys } from './database-state';
import { requireTool, runTool } from './pg-tools';

const queryOf =
  (client: Client): Query =>
  async <Row>(sql: string) =>
    (await client.query(sql)).rows as Row[];

/** libpq reads the password from PGPASSWORD, so it never shows on pg_dump's command line (ps). */
function libpqConnection(databaseUrl: string, env: NodeJS.ProcessEnv): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...env, PGPASSWORD: password } : env };
}

/** The PostgreSQL of DATABASE_URL: pg_dump in custom format, restored by pg_restore in one transaction. */
export class PostgresDump implements DatabaseDump {
  readonly kind = 'postgres' as const;

  /** `env`: what pg_dump and pg_restore run with (PATH, PG* variables). */
  constructor(
    private readonly config: { databaseUrl: string; dataDir: string },
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** pg_dump of the snapshot the counts and resume keys are read in: all of it is one moment. */
  async dump(file: string): Promise<DatabaseSnapshot> {
    const client = new Client({ connectionString: this.config.databaseUrl });
    await client.connect();
    try {
      const query = queryOf(client);
      const [settings] = await query<{ version: string; num: string }>(
        "select current_setting('server_version') as version, current_setting('server_version_num') as num",
      );
      const server = required(settings, 'the server version');
      const pgDumpMajor = await requireTool('pg_dump', Math.floor(Number(server.num) / 10_000), 'the PostgreSQL server', this.env);
      await client.query('begin isolation level repeatable read read only');
      const [exported] = await query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      const { snapshot } = required(exported, 'the exported snapshot');
      const migrations = await migrationLevel(query);
      if (migrations.applied === 0) throw new BackupError('The database of DATABASE_URL has none of our tables: nothing to back up');
      const rows = await countRows(query);
      const referencedKeys = await referencedResumeKeys(query);
      const connection = libpqConnection(this.config.databaseUrl, this.env);
      await runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--file', file, '--dbname', connection.dbname], connection.env);
      await client.query('commit');
      const database = { kind: this.kind, file: DATABASE_FILES.postgres, serverVersion: server.version, pgDumpMajor, ...(await describeFileAt(file)) };
      return { database, migrations, rows, referencedKeys };
    } finally {
      await client.end();
    }
  }

  async checkRestorable(manifest: BackupManifest): Promise<void> {
    await requireTool('pg_restore', manifest.database.pgDumpMajor ?? 0, 'the pg_dump that wrote the archive', this.env);
  }

  async holdings(): Promise<string | undefined> {
    const tables = await this.withQuery(listTables);
    return tables.length > 0 ? `the database of DATABASE_URL has ${tables.length} of our tables` : undefined;
  }

  async restore(file: string, manifest: BackupManifest): Promise<MigrationLevel> {
    const tables = await this.withQuery(listTables);
    if (tables.length > 0) {
      // --force: our tables go (the schema drizzle keeps its journal in too); the database itself stays.
      await this.withQuery(async (query) => {
        // The functions our migrations create go too (the archive creates them again): the audit log's append-only
        // trigger, and the minutes added in the booked calls' exclusion constraints.
        await query(
          `drop schema if exists drizzle cascade; ${tables
            .filter((table) => !table.startsWith('drizzle.'))
            .map((table) => `drop table if exists ${qualified(table)} cascade;`)
            .join(' ')} drop function if exists audit_entries_append_only(); drop function if exists meeting_minutes_after(timestamp with time zone, integer);`,
        );
      });
    }
    const connection = libpqConnection(this.config.databaseUrl, this.env);
    try {
      await runTool(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', connection.dbname, file],
        connection.env,
      );
    } catch (error) {
      if (tables.length === 0) throw error;
      // One transaction: nothing of the archive is left behind, but the tables of before were dropped already.
      throw new BackupError(
        `${(error as Error).message} (the tables the target held were dropped by --force: it is empty now; after fixing the cause, run the restore again with --force)`,
      );
    }
    return this.withQuery(async (query) => {
      checkRowCounts(await countRows(query), manifest);
      return migrationLevel(query);
    });
  }

  /** The servers' own start (under their advisory lock) applies this build's newer migrations now. */
  async finishRestore(): Promise<void> {
    await (await openDatabase(this.config)).close();
  }

  private async withQuery<T>(use: (query: Query) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: this.config.databaseUrl });
    await client.connect();
    try {
      return await use(queryOf(client));
    } finally {
      await client.end();
    }
  }
}
