import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config/app-config';
import type { FileStorage } from '../storage/file-storage';
import type { ResumeStorage } from '../storage/resume-storage';
import { type ArchiveOpening, unpackAndVerify, writeArchive } from './backup-archive';
import { BACKUP_EXIT, BackupError } from './backup-error';
import {
  BACKUP_FORMAT,
  DATABASE_FILES,
  describeFile,
  isSafeKey,
  MANIFEST_FILE,
  MEDIA_FOLDER,
  RESUMES_FOLDER,
  type ArchivedFile,
  type BackupManifest,
  type MigrationLevel,
} from './backup-manifest';
import type { DatabaseDump } from './database-dump';
import { buildMigrationLevel } from './database-state';
import { PgliteDump } from './pglite-dump';
import { PostgresDump } from './postgres-dump';

export interface BackupContext {
  config: Pick<AppConfig, 'storage' | 'database' | 'keys'>;
  storage: ResumeStorage;
  /** The site's uploaded pictures (MediaStorage): in the same place as the resumes. */
  media: FileStorage;
  /** The environment pg_dump and pg_restore run with (PATH, PG* variables). */
  env: NodeJS.ProcessEnv;
}

const APP_VERSION_FILE = path.resolve(__dirname, '..', '..', 'package.json');

/** The database of the configuration: DATABASE_URL's PostgreSQL, else the embedded one under DATA_DIR. */
function databaseOf({ config, env }: BackupContext): DatabaseDump {
  return config.database.url
    ? new PostgresDump({ databaseUrl: config.database.url, dataDir: config.storage.dataDir }, env)
    : new PgliteDump(config.storage.dataDir);
}

/**
 * Writes one tar archive: manifest.json, the database's dump, resumes/<key> for every stored resume and media/<key>
 * for every file of the uploaded pictures. The
 * database comes first, the files after: a resume deleted in between is listed as missing in the manifest, one
 * uploaded in between is kept without a row (harmless), and no application of the dump lacks its file otherwise.
 */
export async function createBackup(context: BackupContext, outFile: string, { passphrase }: { passphrase?: string } = {}): Promise<BackupManifest> {
  if (existsSync(outFile)) throw new BackupError(`${outFile} exists already: choose a new name (a backup is never overwritten)`);
  if (!existsSync(path.dirname(outFile))) throw new BackupError(`The folder ${path.dirname(outFile)} does not exist`);
  // Staged beside the archive, not in /tmp (often a small tmpfs): the copies of the resumes need as much room.
  const staging = await fs.mkdtemp(path.join(path.dirname(outFile), '.bw-backup-'));
  try {
    const database = databaseOf(context);
    const snapshot = await database.dump(path.join(staging, DATABASE_FILES[database.kind]));

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

    const media = await archiveFiles(context.media, path.join(staging, MEDIA_FOLDER));

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      appVersion: (JSON.parse(await fs.readFile(APP_VERSION_FILE, 'utf8')) as { version: string }).version,
      database: snapshot.database,
      migrations: snapshot.migrations,
      rows: snapshot.rows,
      resumes,
      missingResumes: snapshot.referencedKeys.filter((key) => !resumes[key]).sort(),
      media,
    };
    await fs.writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeArchive(staging, [MANIFEST_FILE, snapshot.database.file, RESUMES_FOLDER, MEDIA_FOLDER], outFile, passphrase, context.config.keys.derivationCost);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  migrationsBefore: MigrationLevel;
  migrationsAfter: MigrationLevel;
  /** Files removed from the storage because the archive does not have them (only with --force). */
  removedResumes: number;
  removedMediaFiles: number;
}

/**
 * Restores into the database and resume storage of `context`: nothing is touched before the archive is verified
 * and the target found empty (or --force given). The database then gets this build's newer migrations.
 */
export async function restoreBackup(context: BackupContext, archive: string, options: ArchiveOpening & { force: boolean }): Promise<RestoreResult> {
  const { storage } = context;
  const database = databaseOf(context);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bw-restore-'));
  try {
    const manifest = await unpackAndVerify(archive, work, options);
    if (manifest.database.kind !== database.kind) {
      throw new BackupError(
        manifest.database.kind === 'postgres'
          ? 'The archive holds a PostgreSQL database: set DATABASE_URL to the database to restore into'
          : 'The archive holds an embedded (PGlite) database: unset DATABASE_URL and set DATA_DIR to the folder to restore into',
      );
    }
    const build = buildMigrationLevel();
    if (manifest.migrations.latestMillis > build.latestMillis) {
      throw new BackupError(
        `The archive was made by a newer version (app ${manifest.appVersion}, more migrations than this one's ${build.latestTag}): restore it with that version or newer`,
      );
    }
    await database.checkRestorable(manifest);

    const occupied = [await database.holdings()].filter((held): held is string => held !== undefined);
    const storedKeys = await storage.allKeys();
    if (storedKeys.length > 0) occupied.push(`the resume storage holds ${storedKeys.length} files`);
    const storedMedia = await context.media.allKeys();
    if (storedMedia.length > 0) occupied.push(`the picture storage holds ${storedMedia.length} files`);
    if (occupied.length > 0 && !options.force) {
      throw new BackupError(`The target is not empty (${occupied.join('; ')}): nothing was changed. Give --force to replace it`, BACKUP_EXIT.targetNotEmpty);
    }

    const migrationsBefore = await database.restore(path.join(work, manifest.database.file), manifest);
    for (const key of Object.keys(manifest.resumes)) await storage.saveAs(key, await fs.readFile(path.join(work, RESUMES_FOLDER, key)));
    const stale = storedKeys.filter((key) => !manifest.resumes[key]);
    for (const key of stale) await storage.delete(key);
    const archivedMedia = manifest.media ?? {};
    for (const key of Object.keys(archivedMedia)) await context.media.saveAs(key, await fs.readFile(path.join(work, MEDIA_FOLDER, key)));
    const staleMedia = storedMedia.filter((key) => !archivedMedia[key]);
    for (const key of staleMedia) await context.media.delete(key);
    await database.finishRestore();
    return { manifest, migrationsBefore, migrationsAfter: build, removedResumes: stale.length, removedMediaFiles: staleMedia.length };
  } finally {
    // A damaged archive stops the unpacking midway, while the tar extractor may still be writing its last files: retried
    // until they are down (ENOTEMPTY otherwise, seen once the archive held more than one part's worth of rows, and on a
    // loaded machine after 5 retries, 1.5 s: 10 allow 5.5 s).
    await fs.rm(work, { recursive: true, force: true, maxRetries: 10 });
  }
}

/** Copies every file of `storage` into `folder`: key → size and checksum. */
async function archiveFiles(storage: FileStorage, folder: string): Promise<Record<string, ArchivedFile>> {
  await fs.mkdir(folder, { mode: 0o700 });
  const files: Record<string, ArchivedFile> = {};
  for (const key of (await storage.allKeys()).sort()) {
    if (!isSafeKey(key)) throw new BackupError(`The picture storage holds a file whose key cannot be archived: ${key}`);
    const bytes = await storage.read(key);
    if (!bytes) continue; // deleted since it was listed
    await fs.writeFile(path.join(folder, key), bytes, { mode: 0o600 });
    files[key] = describeFile(bytes);
  }
  return files;
}
