import { createReadStream, createWriteStream, existsSync, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Client } from 'pg';
import { create as createTar, extract as extractTar, type ReadEntry } from 'tar';
import type { AppConfig } from '../config/app-config';
import { MIGRATIONS_FOLDER, openDatabase, PGLITE_START_PARAMS } from '../database/database';
import { openPgliteFolder } from '../database/private-pglite';
import type { ResumeStorage } from '../storage/resume-storage';
import { readSealedHeader, SEALED_HEADER_BYTES, SealedArchiveError, sealingStream } from './backup-crypto';
import { BACKUP_EXIT, BackupError } from './backup-error';
import {
  BACKUP_FORMAT,
  DATABASE_FILES,
  describeFile,
  describeFileAt,
  isSafeKey,
  MANIFEST_FILE,
  RESUMES_FOLDER,
  type ArchivedFile,
  type BackupManifest,
  type DatabaseKind,
  type MigrationLevel,
} from './backup-manifest';
import { buildMigrationLevel, countRows, listTables, migrationLevel, qualified, type Query, referencedResumeKeys } from './database-state';
import { requireTool, runTool } from './pg-tools';

export interface BackupContext {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>;
  storage: ResumeStorage;
  /** The environment pg_dump and pg_restore run with (PATH, PG* variables). */
  env: NodeJS.ProcessEnv;
}

interface DatabaseSnapshot {
  database: BackupManifest['database'];
  migrations: MigrationLevel;
  rows: Record<string, number>;
  referencedKeys: string[];
}

const APP_VERSION_FILE = path.resolve(__dirname, '..', '..', 'package.json');
// PGlite writes this file while a process has the database open and removes it on close.
const PGLITE_OPEN_MARKER = 'postmaster.pid';

const pgQuery =
  (client: Client): Query =>
  async <Row>(sql: string) =>
    (await client.query(sql)).rows as Row[];
const pgliteQuery =
  (client: PGlite): Query =>
  async <Row>(sql: string) =>
    (await client.query<Row>(sql)).rows;

const kindOf = (config: BackupContext['config']): DatabaseKind => (config.databaseUrl ? 'postgres' : 'pglite');
const pgliteDir = (config: BackupContext['config']) => path.join(config.dataDir, 'db');
const damaged = (message: string) => new BackupError(message, BACKUP_EXIT.damagedArchive);

/** libpq reads the password from PGPASSWORD, so it never shows on pg_dump's command line (ps). */
function libpqConnection(databaseUrl: string, env: NodeJS.ProcessEnv): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...env, PGPASSWORD: password } : env };
}

function refuseOpenPglite(dbDir: string): void {
  if (existsSync(path.join(dbDir, PGLITE_OPEN_MARKER))) {
    throw new BackupError(
      `The embedded database in ${dbDir} is open: stop the server first (only one process may open it). ` +
        'If no server is running, it was not shut down cleanly: start it and stop it once, then run this again.',
    );
  }
}

/** pg_dump in custom format, in the snapshot the counts and resume keys are read in: all of it is one moment. */
async function dumpPostgres(databaseUrl: string, file: string, env: NodeJS.ProcessEnv): Promise<DatabaseSnapshot> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const query = pgQuery(client);
    const [server] = await query<{ version: string; num: string }>(
      "select current_setting('server_version') as version, current_setting('server_version_num') as num",
    );
    const pgDumpMajor = await requireTool('pg_dump', Math.floor(Number(server.num) / 10_000), 'the PostgreSQL server', env);
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = await query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const migrations = await migrationLevel(query);
    if (migrations.applied === 0) throw new BackupError('The database of DATABASE_URL has none of our tables: nothing to back up');
    const rows = await countRows(query);
    const referencedKeys = await referencedResumeKeys(query);
    const connection = libpqConnection(databaseUrl, env);
    await runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--file', file, '--dbname', connection.dbname], connection.env);
    await client.query('commit');
    const database = { kind: 'postgres' as const, file: DATABASE_FILES.postgres, serverVersion: server.version, pgDumpMajor, ...(await describeFileAt(file)) };
    return { database, migrations, rows, referencedKeys };
  } finally {
    await client.end();
  }
}

/**
 * PGlite's own copy of its data folder (`dumpDataDir`), taken by the only process that has it open: consistent
 * without a server, and restored byte for byte by `loadDataDir`, which the server already uses for its first start.
 */
async function dumpPglite(dbDir: string, file: string): Promise<DatabaseSnapshot> {
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new BackupError(`No embedded database in ${dbDir}: set DATA_DIR to the server's data folder (or DATABASE_URL for PostgreSQL)`);
  }
  refuseOpenPglite(dbDir);
  const client = await openPgliteFolder(dbDir, { startParams: PGLITE_START_PARAMS });
  try {
    const query = pgliteQuery(client);
    const [server] = await query<{ version: string }>("select current_setting('server_version') as version");
    const migrations = await migrationLevel(query);
    const rows = await countRows(query);
    const referencedKeys = await referencedResumeKeys(query);
    const bytes = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    await fs.writeFile(file, bytes, { mode: 0o600 });
    const database = { kind: 'pglite' as const, file: DATABASE_FILES.pglite, serverVersion: server.version, ...describeFile(bytes) };
    return { database, migrations, rows, referencedKeys };
  } finally {
    await client.close();
  }
}

/**
 * Writes one tar archive: manifest.json, the database's dump and resumes/<key> for every stored resume. The
 * database comes first, the files after: a resume deleted in between is listed as missing in the manifest, one
 * uploaded in between is kept without a row (harmless), and no application of the dump lacks its file otherwise.
 */
export async function createBackup(context: BackupContext, outFile: string, { passphrase }: { passphrase?: string } = {}): Promise<BackupManifest> {
  if (existsSync(outFile)) throw new BackupError(`${outFile} exists already: choose a new name (a backup is never overwritten)`);
  if (!existsSync(path.dirname(outFile))) throw new BackupError(`The folder ${path.dirname(outFile)} does not exist`);
  // Staged beside the archive, not in /tmp (often a small tmpfs): the copies of the resumes need as much room.
  const staging = await fs.mkdtemp(path.join(path.dirname(outFile), '.bw-backup-'));
  try {
    const kind = kindOf(context.config);
    const dumpFile = path.join(staging, DATABASE_FILES[kind]);
    const snapshot = context.config.databaseUrl
      ? await dumpPostgres(context.config.databaseUrl, dumpFile, context.env)
      : await dumpPglite(pgliteDir(context.config), dumpFile);

    await fs.mkdir(path.join(staging, RESUMES_FOLDER), { mode: 0o700 });
    const resumes: Record<string, ArchivedFile> = {};
    // What the storage lists, and every key an application names: a resume the listing cannot see (one an older
    // version stored at a bucket's root, until the server moves it under the prefix) is read where it is.
    const keys = new Set([...(await context.storage.allKeys()), ...snapshot.referencedKeys.filter(isSafeKey)]);
    for (const key of [...keys].sort()) {
      if (!isSafeKey(key)) throw new BackupError(`The resume storage holds a file whose key cannot be archived: ${key}`);
      const bytes = await context.storage.read(key);
      if (!bytes) continue; // deleted since it was listed, or named but missing (missingResumes)
      await fs.writeFile(path.join(staging, RESUMES_FOLDER, key), bytes, { mode: 0o600 });
      resumes[key] = describeFile(bytes);
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      appVersion: (JSON.parse(await fs.readFile(APP_VERSION_FILE, 'utf8')) as { version: string }).version,
      database: snapshot.database,
      migrations: snapshot.migrations,
      rows: snapshot.rows,
      resumes,
      missingResumes: snapshot.referencedKeys.filter((key) => !resumes[key]).sort(),
    };
    await fs.writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    // Written under a temporary name and renamed: a half-written archive never carries the final name.
    const partial = `${outFile}.partial`;
    try {
      const pack = createTar({ cwd: staging, portable: true }, [MANIFEST_FILE, DATABASE_FILES[kind], RESUMES_FOLDER]);
      const file = createWriteStream(partial, { mode: 0o600 });
      await (passphrase === undefined ? pipeline(pack, file) : pipeline(pack, await sealingStream(passphrase), file));
      await fs.rename(partial, outFile);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function filesUnder(root: string, folder = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await fs.readdir(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(root, relative)));
    else files.push(relative);
  }
  return files;
}

function parseManifest(text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw damaged(`The archive's ${MANIFEST_FILE} is not valid JSON`);
  }
  if (manifest?.format !== BACKUP_FORMAT) {
    throw damaged(`The archive's format is ${String(manifest?.format)}; this version reads format ${BACKUP_FORMAT}`);
  }
  const kind = manifest.database?.kind;
  if (!(kind in DATABASE_FILES) || manifest.database.file !== DATABASE_FILES[kind]) throw damaged(`The archive's ${MANIFEST_FILE} names no database file of ours`);
  const keys = Object.keys(manifest.resumes ?? {});
  if (!manifest.rows || !manifest.migrations || keys.some((key) => !isSafeKey(key))) throw damaged(`The archive's ${MANIFEST_FILE} is incomplete`);
  return manifest;
}

/** Unpacks the archive into `work` and checks every file against the manifest: exactly its files, every checksum. */
async function unpackAndVerify(archive: string, work: string, passphrase: string | undefined): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupError(`No file ${archive}`);
  const oddEntries: string[] = [];
  const options = {
    cwd: work,
    strict: true,
    filter: (entryPath: string, entry: ReadEntry | Stats) => {
      const plain = 'type' in entry && (entry.type === 'File' || entry.type === 'Directory');
      if (!plain) oddEntries.push(entryPath);
      return plain;
    },
  };
  try {
    const sealed = await readSealedHeader(archive);
    if (!sealed) await extractTar({ file: archive, ...options });
    else if (passphrase === undefined) {
      throw new BackupError(`${archive} is encrypted: give its passphrase in BACKUP_PASSPHRASE or with --passphrase-file FILE`);
    } else {
      // Every chunk is authenticated as it is unpacked into the temporary folder: all of it before the target is touched.
      await pipeline(createReadStream(archive, { start: SEALED_HEADER_BYTES }), await sealed.open(passphrase), extractTar(options));
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (error instanceof SealedArchiveError) throw damaged(`${archive} cannot be decrypted: ${error.message}`);
    throw damaged(`${archive} is not a readable backup archive (${(error as Error).message})`);
  }
  if (oddEntries.length > 0) throw damaged(`The archive holds entries that are not plain files: ${oddEntries.join(', ')}`);
  const manifestFile = path.join(work, MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw damaged(`${archive} has no ${MANIFEST_FILE}: it is not a backup of this application`);
  const manifest = parseManifest(await fs.readFile(manifestFile, 'utf8'));

  const expected = new Map<string, ArchivedFile>([[manifest.database.file, manifest.database]]);
  for (const [key, file] of Object.entries(manifest.resumes)) expected.set(`${RESUMES_FOLDER}/${key}`, file);
  const present = (await filesUnder(work)).filter((file) => file !== MANIFEST_FILE);
  const extra = present.filter((file) => !expected.has(file));
  const missing = [...expected.keys()].filter((file) => !present.includes(file));
  if (extra.length > 0 || missing.length > 0) {
    throw damaged(`The archive's files differ from its manifest (missing: ${missing.join(', ') || 'none'}; not listed: ${extra.join(', ') || 'none'})`);
  }
  for (const [file, listed] of expected) {
    const actual = await describeFileAt(path.join(work, file));
    if (actual.sha256 !== listed.sha256 || actual.bytes !== listed.bytes) throw damaged(`${file} does not match its checksum: the archive is damaged`);
  }
  return manifest;
}

async function withPostgres<T>(databaseUrl: string, use: (query: Query) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(pgQuery(client));
  } finally {
    await client.end();
  }
}

function checkRows(restored: Record<string, number>, manifest: BackupManifest): void {
  const differing = [...new Set([...Object.keys(restored), ...Object.keys(manifest.rows)])].filter((table) => restored[table] !== manifest.rows[table]);
  if (differing.length > 0) {
    throw new BackupError(`The restored database's row counts differ from the manifest's in ${differing.join(', ')}; do not start the server on it`);
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  migrationsBefore: MigrationLevel;
  migrationsAfter: MigrationLevel;
  /** Files removed from the storage because the archive does not have them (only with --force). */
  removedResumes: number;
}

/**
 * Restores into the database and resume storage of `context`: nothing is touched before the archive is verified
 * and the target found empty (or --force given). The database then gets this build's newer migrations.
 */
export async function restoreBackup(context: BackupContext, archive: string, options: { force: boolean; passphrase?: string }): Promise<RestoreResult> {
  const { config, storage, env } = context;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bw-restore-'));
  try {
    const manifest = await unpackAndVerify(archive, work, options.passphrase);
    const kind = kindOf(config);
    if (manifest.database.kind !== kind) {
      throw new BackupError(
        manifest.database.kind === 'postgres'
          ? 'The archive holds a PostgreSQL database: set DATABASE_URL to the database to restore into'
          : 'The archive holds an embedded (PGlite) database: unset DATABASE_URL and set DATA_DIR to the folder to restore into',
      );
    }
    const build = buildMigrationLevel();
    if (manifest.migrations.latestMillis > build.latestMillis) {
      throw new BackupError(`The archive was made by a newer version (app ${manifest.appVersion}, more migrations than this one's ${build.latestTag}): restore it with that version or newer`);
    }
    if (kind === 'postgres') await requireTool('pg_restore', manifest.database.pgDumpMajor ?? 0, 'the pg_dump that wrote the archive', env);

    const dbDir = pgliteDir(config);
    if (kind === 'pglite') refuseOpenPglite(dbDir);
    const tables = config.databaseUrl ? await withPostgres(config.databaseUrl, listTables) : [];
    const pgliteHeld = kind === 'pglite' && existsSync(dbDir) && (await fs.readdir(dbDir)).length > 0;
    const occupied = [
      tables.length > 0 ? `the database of DATABASE_URL has ${tables.length} of our tables` : '',
      pgliteHeld ? `${dbDir} holds a database` : '',
    ].filter(Boolean);
    const storedKeys = await storage.allKeys();
    if (storedKeys.length > 0) occupied.push(`the resume storage holds ${storedKeys.length} files`);
    if (occupied.length > 0 && !options.force) {
      throw new BackupError(`The target is not empty (${occupied.join('; ')}): nothing was changed. Give --force to replace it`, BACKUP_EXIT.targetNotEmpty);
    }

    const dumpFile = path.join(work, manifest.database.file);
    let migrationsBefore: MigrationLevel;
    if (config.databaseUrl) {
      const databaseUrl = config.databaseUrl;
      if (tables.length > 0) {
        // --force: our tables go (the schema drizzle keeps its journal in too); the database itself stays.
        await withPostgres(databaseUrl, async (query) => {
          // The audit log's append-only trigger function goes too: the archive creates it again.
          await query(`drop schema if exists drizzle cascade; ${tables.filter((table) => !table.startsWith('drizzle.')).map((table) => `drop table if exists ${qualified(table)} cascade;`).join(' ')} drop function if exists audit_entries_append_only();`);
        });
      }
      const connection = libpqConnection(databaseUrl, env);
      try {
        await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', connection.dbname, dumpFile], connection.env);
      } catch (error) {
        if (tables.length === 0) throw error;
        // One transaction: nothing of the archive is left behind, but the tables of before were dropped already.
        throw new BackupError(`${(error as Error).message} (the tables the target held were dropped by --force: it is empty now; after fixing the cause, run the restore again with --force)`);
      }
      migrationsBefore = await withPostgres(databaseUrl, async (query) => {
        checkRows(await countRows(query), manifest);
        return migrationLevel(query);
      });
    } else {
      // --force: the replaced database is kept beside it, not deleted.
      if (pgliteHeld) await fs.rename(dbDir, `${dbDir}.replaced-${new Date().toISOString().replaceAll(':', '-')}`);
      const client = await openPgliteFolder(dbDir, { startParams: PGLITE_START_PARAMS, loadDataDir: new Blob([await fs.readFile(dumpFile)]) });
      try {
        checkRows(await countRows(pgliteQuery(client)), manifest);
        migrationsBefore = await migrationLevel(pgliteQuery(client));
        // Only this process has the database open, so the server's start would do the same without a lock.
        await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.close();
      }
    }

    for (const key of Object.keys(manifest.resumes)) await storage.saveAs(key, await fs.readFile(path.join(work, RESUMES_FOLDER, key)));
    const stale = storedKeys.filter((key) => !manifest.resumes[key]);
    for (const key of stale) await storage.delete(key);

    // PostgreSQL: the servers' own start (under their advisory lock) applies this build's newer migrations now.
    if (config.databaseUrl) await (await openDatabase(config)).close();
    return { manifest, migrationsBefore, migrationsAfter: build, removedResumes: stale.length };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
