import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Raised when the archive's layout changes in a way an older restore could not read (2: the site's pictures). */
export const BACKUP_FORMAT = 2;
/** The formats this version restores: an archive of format 1 has no pictures. */
export const READABLE_BACKUP_FORMATS: readonly number[] = [1, 2];
export const MANIFEST_FILE = 'manifest.json';
export const RESUMES_FOLDER = 'resumes';
export const MEDIA_FOLDER = 'media';
/** The database's file in the archive: `pg_dump --format=custom`, or PGlite's `dumpDataDir('gzip')` (a tar.gz). */
export const DATABASE_FILES = { postgres: 'database.pgdump', pglite: 'database-pglite.tar.gz' } as const;

export type DatabaseKind = keyof typeof DATABASE_FILES;

export interface ArchivedFile {
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** backend/package.json's version of the build that wrote the archive. */
  appVersion: string;
  database: ArchivedFile & {
    kind: DatabaseKind;
    file: string;
    /** `server_version` of PostgreSQL, or of PGlite's embedded PostgreSQL. */
    serverVersion: string;
    /** Major version of the pg_dump that wrote the file (PostgreSQL only): pg_restore must be at least as new. */
    pgDumpMajor?: number;
  };
  /** Migrations applied (drizzle's table): how many, and the newest one's tag and timestamp. */
  migrations: MigrationLevel;
  /** `schema.table` → row count, taken in the same snapshot as the dump. */
  rows: Record<string, number>;
  /** Resume key → size and checksum; the file is resumes/<key>. */
  resumes: Record<string, ArchivedFile>;
  /** Keys named by an application whose file the storage did not have when the backup was taken. */
  missingResumes: string[];
  /** The files of the uploaded pictures: key → size and checksum; the file is media/<key>. None in format 1. */
  media?: Record<string, ArchivedFile>;
}

export interface MigrationLevel {
  applied: number;
  latestTag: string | null;
  /** drizzle's `created_at` of the newest applied migration (its journal's `when`); 0 for none. */
  latestMillis: number;
}

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function describeFile(bytes: Buffer): ArchivedFile {
  return { bytes: bytes.length, sha256: sha256Of(bytes) };
}

/** Streams the file (a database dump may be larger than we want in memory). */
export async function describeFileAt(file: string): Promise<ArchivedFile> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Resume and picture keys become file names inside the archive and in the restored storage: only plain names pass
 * (the storages' keys are UUIDs, and `<uuid>-<width>.<format>`), so a crafted archive cannot write outside its folder.
 */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(key);
}
