import type { BackupManifest, DatabaseKind, MigrationLevel } from './backup-manifest';

/** The database's part of a backup, read in one snapshot: its file's description, migrations, row counts, resume keys. */
export interface DatabaseSnapshot {
  database: BackupManifest['database'];
  migrations: MigrationLevel;
  rows: Record<string, number>;
  referencedKeys: string[];
}

/**
 * What backup and restore do with the database, the same for PostgreSQL (pg_dump and pg_restore) and the embedded
 * PGlite (its own copy of its data folder); the archive and the resumes around it are the same for both.
 */
export interface DatabaseDump {
  readonly kind: DatabaseKind;
  /** Writes the database to `file`, with the counts and resume keys of the same moment. */
  dump(file: string): Promise<DatabaseSnapshot>;
  /** Refuses, before anything is changed, a restore this environment cannot do (missing tools, a server running). */
  checkRestorable(manifest: BackupManifest): Promise<void>;
  /** What the target database holds already (then a restore needs --force), or undefined when it is empty. */
  holdings(): Promise<string | undefined>;
  /** Puts the archive's database in place of the target's and checks its row counts; answers its migration level. */
  restore(file: string, manifest: BackupManifest): Promise<MigrationLevel>;
  /** The last step of a restore, once the resumes are in place: this build's newer migrations, where not done yet. */
  finishRestore(): Promise<void>;
}
