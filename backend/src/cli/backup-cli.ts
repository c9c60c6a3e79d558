// `npm run backup -- --out FILE` and `npm run restore -- FILE [--force] [--allow-unencrypted]`: one archive with the database and every
// stored resume (README, "Backups"). Run them where the server's environment is set (DATABASE_URL, DATA_DIR).
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { OnApplicationShutdown } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { createBackup, restoreBackup } from '../backup/backup';
import { BACKUP_EXIT, BackupError } from '../backup/backup-error';
import { type AppConfig, checkBackupPassphrase, ConfigError } from '../config/app-config';
import { usePrivateUmask } from '../config/private-data-dir';
import type { MediaStorage } from '../storage/media-storage';
import type { ResumeStorage } from '../storage/resume-storage';
import { createMediaStorage } from '../storage/media-storage';
import { createResumeStorage } from '../storage/storage.module';
import { CONSOLE_OUTPUT, type CliOutput, invokedFrom, loadCliConfig, openCliContext, useCliLogger } from './cli-context';

const USAGE = `Usage:
  npm run backup -- --out FILE        Write the database and every stored resume to FILE (a tar archive)
  npm run restore -- FILE [--force]   Restore FILE into an empty target, then apply this version's newer migrations
  --passphrase-file PFILE             (either command) The passphrase is PFILE's content instead of BACKUP_PASSPHRASE
  --allow-unencrypted                 (restore) Accept an archive that is not encrypted although a passphrase is set

With a passphrase (BACKUP_PASSPHRASE, or --passphrase-file; at least 16 characters, spaces at either end ignored) the
archive is encrypted (AES-256-GCM, key by scrypt), and a restore needs the same passphrase. With a passphrase set, a
restore refuses an archive that is not encrypted (it is not one this server wrote) unless --allow-unencrypted.

The database is the server's: DATABASE_URL (pg_dump / pg_restore of the server's major version or newer must be on
the PATH; the backup runs while the servers are up), else the embedded one under DATA_DIR (default: data/ at the
repository root), which only one process may open: stop the server first. Stop the servers before a restore.
A restore verifies every checksum before it changes anything, and refuses a target that holds data unless --force
(PostgreSQL: our tables are dropped; embedded: the old database folder is kept as db.replaced-<time>; resumes that
are not in the archive are deleted).

Exit codes: ${BACKUP_EXIT.done} done, ${BACKUP_EXIT.failed} failed (message printed), ${BACKUP_EXIT.targetNotEmpty} target not empty (nothing changed), ${BACKUP_EXIT.damagedArchive} archive damaged (nothing changed).`;

/** The passphrase of --passphrase-file (its content; spaces and line ends at either end ignored), else BACKUP_PASSPHRASE. */
function passphraseOf(file: string | undefined, config: AppConfig, env: NodeJS.ProcessEnv): string | undefined {
  if (file === undefined) return config.backup.passphrase;
  let content: string;
  try {
    content = fs.readFileSync(path.resolve(invokedFrom(env), file), 'utf8');
  } catch (error) {
    throw new BackupError(`Cannot read the passphrase file ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  return checkBackupPassphrase(content.trim(), `The passphrase in ${file}`);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Writes the audit entry of a backup (into the database backed up, after the archive is complete) or of a restore
 * (into the restored database, after its checks and migrations), with the actor `cli` and the operating-system user.
 */
async function recordInDatabase(config: AppConfig, action: 'backup.created' | 'backup.restored', details: Record<string, unknown>): Promise<void> {
  const context = await openCliContext(config, []);
  try {
    await context.get(AuditLog).record(action, null, details);
  } finally {
    await context.close();
  }
}

/** Runs `backup` or `restore`; answers the process exit code. */
export async function runBackupCli(argv: string[], env: NodeJS.ProcessEnv = process.env, output: CliOutput = CONSOLE_OUTPUT): Promise<number> {
  // The server's storage: the folder of UPLOADS_DIR, or the bucket of STORAGE_URL.
  let storage: ResumeStorage | undefined;
  let media: MediaStorage | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        force: { type: 'boolean' },
        'passphrase-file': { type: 'string' },
        'allow-unencrypted': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [command, ...files] = positionals;
    if (values.help || !command) {
      output.out(USAGE);
      return values.help ? BACKUP_EXIT.done : BACKUP_EXIT.failed;
    }
    const config = loadCliConfig(env, output);
    storage = createResumeStorage(config);
    media = createMediaStorage(config);
    const context = { config, storage, media, env };
    const passphrase = passphraseOf(values['passphrase-file'], config, env);

    if (command === 'backup' && !values.out?.trim()) throw new BackupError('Please give the archive to write: npm run backup -- --out FILE');
    if (command === 'restore' && files.length !== 1) throw new BackupError('Please give one archive to restore: npm run restore -- FILE [--force]');

    if (command === 'backup' && files.length === 0 && values.out && !values.force && !values['allow-unencrypted']) {
      const outFile = path.resolve(invokedFrom(env), values.out);
      const manifest = await createBackup(context, outFile, { passphrase });
      const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
      await recordInDatabase(config, 'backup.created', { file: outFile, rows, resumes: Object.keys(manifest.resumes).length });
      output.out(
        `Wrote ${outFile}: the ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database (${rows} rows in ` +
          `${Object.keys(manifest.rows).length} tables, migration ${manifest.migrations.latestTag ?? manifest.migrations.applied}), ` +
          `${Object.keys(manifest.resumes).length} resumes (${megabytes(Object.values(manifest.resumes).reduce((sum, file) => sum + file.bytes, 0))}) and ` +
          `${Object.keys(manifest.media ?? {}).length} files of uploaded pictures (${megabytes(Object.values(manifest.media ?? {}).reduce((sum, file) => sum + file.bytes, 0))}).`,
      );
      if (manifest.missingResumes.length > 0) {
        output.error(`Warning: ${manifest.missingResumes.length} applications name a resume the storage does not have: ${manifest.missingResumes.join(', ')}`);
      }
      return BACKUP_EXIT.done;
    }
    const [archiveFile] = files;
    if (command === 'restore' && archiveFile !== undefined && files.length === 1 && values.out === undefined) {
      const archive = path.resolve(invokedFrom(env), archiveFile);
      const result = await restoreBackup(context, archive, {
        force: values.force === true,
        passphrase,
        allowUnencrypted: values['allow-unencrypted'] === true,
      });
      const { manifest } = result;
      await recordInDatabase(config, 'backup.restored', {
        archive,
        backupOf: manifest.createdAt,
        appVersion: manifest.appVersion,
        force: values.force === true,
      });
      output.out(
        `Restored the backup of ${manifest.createdAt} (app ${manifest.appVersion}): every checksum verified, ` +
          `${Object.keys(manifest.rows).length} tables with the archive's row counts, ${Object.keys(manifest.resumes).length} resumes` +
          `${result.removedResumes > 0 ? `, ${result.removedResumes} resumes not in the archive removed` : ''}, ` +
          `${Object.keys(manifest.media ?? {}).length} files of uploaded pictures` +
          `${result.removedMediaFiles > 0 ? `, ${result.removedMediaFiles} picture files not in the archive removed` : ''}.`,
      );
      output.out(
        result.migrationsBefore.latestMillis < result.migrationsAfter.latestMillis
          ? `Migrations applied after restoring: ${result.migrationsBefore.latestTag ?? 'none'} → ${result.migrationsAfter.latestTag}.`
          : `The database is at this version's migration level (${result.migrationsAfter.latestTag}).`,
      );
      if (manifest.missingResumes.length > 0) {
        output.error(
          `Warning: ${manifest.missingResumes.length} applications named a resume the storage did not have when the backup was taken: ${manifest.missingResumes.join(', ')}`,
        );
      }
      return BACKUP_EXIT.done;
    }
    throw new BackupError(`Unknown command "${argv.join(' ')}"; run with --help for the usage`);
  } catch (error) {
    if (error instanceof BackupError) {
      output.error(`Error: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      output.error(`Error: ${error.message}`);
      return BACKUP_EXIT.failed;
    }
    // parseArgs reports unknown or malformed options with a readable message.
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      output.error(`Error: ${(error as Error).message}; run with --help for the usage`);
      return BACKUP_EXIT.failed;
    }
    throw error;
  } finally {
    // A bucket's client keeps connections open until it is shut down.
    for (const opened of [storage, media]) (opened as Partial<OnApplicationShutdown> | undefined)?.onApplicationShutdown?.();
  }
}

if (require.main === module) {
  usePrivateUmask();
  useCliLogger();
  runBackupCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(BACKUP_EXIT.failed);
    },
  );
}
