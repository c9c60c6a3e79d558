// `npm run admin -- create|reset-password|disable|enable|list|purge|migrate-storage`: manages admin accounts on the
// database the server uses, runs the retention purge now and moves resumes into the bucket of STORAGE_URL (same
// configuration, same services; run it where the server's environment is set). Every change is written to the audit
// log with the actor `cli` and the operating-system user.
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { AuditLog, type AuditTarget } from '../audit/audit-log';
import { AuditRepository } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import { type AppConfig, ConfigError, loadConfig } from '../config/app-config';
import { securePrivateFolders, usePrivateUmask } from '../config/private-data-dir';
import { openDatabase } from '../database/database';
import { AdminInvitesRepository } from '../auth/admin-invites.repository';
import { AdminsRepository } from '../auth/admins.repository';
import { AdminsService, checkPassword, normalizeEmail } from '../auth/admins.service';
import { Clock } from '../auth/clock';
import { LoginChallengesRepository } from '../auth/login-challenges.repository';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionsRepository } from '../auth/sessions.repository';
import { DataScrub } from '../privacy/data-scrub';
import { RetentionPurge } from '../privacy/retention-purge';
import { RetentionRepository } from '../privacy/retention.repository';
import { ScrubRepository } from '../privacy/scrub.repository';
import { LocalResumeStorage } from '../storage/local-resume-storage';
import { migrateResumes } from '../storage/migrate-storage';
import type { ResumeStorage } from '../storage/resume-storage';
import { S3ResumeStorage } from '../storage/s3-resume-storage';
import { createResumeStorage } from '../storage/storage.module';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create --email <email> --name <name> [--password-env]   Create an admin
  reset-password --email <email> [--password-env]         Set a new password and sign the admin out everywhere
  disable --email <email>                Disable an admin: signed out everywhere, pending codes voided (the last
                                         active owner cannot be disabled)
  enable --email <email>                 Let a disabled admin sign in again
  list                                   List the admins
  purge                                  Remove the data older than its retention period now (RETENTION_*_DAYS)
  migrate-storage [--remove-local]       Copy the resumes of the uploads folder into the bucket of STORAGE_URL;
                                         files already there with the same size are skipped (run it again after
                                         an interruption); --remove-local deletes each local file the bucket holds

The password is typed twice, without echo, in a terminal. --password-env reads it from ADMIN_PASSWORD instead
(the server's bootstrap variable is never used unless asked for: a reset must not restore a leaked password).
The database is the server's: DATABASE_URL, else the embedded one under DATA_DIR (default: data/ at the
repository root, as for npm start);
with the embedded database, stop the server first (only one process may open it).
Each command but list writes its audit entry (actor cli, with the operating-system user running it).`;

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The data folder `npm start` uses: DATA_DIR relative to where npm was invoked (npm runs this script inside
 * backend/, and sets INIT_CWD to the original folder), else the repository's data/.
 */
function dataDirOf(env: NodeJS.ProcessEnv): string {
  const dataDir = env.DATA_DIR?.trim();
  return dataDir ? path.resolve(env.INIT_CWD ?? process.cwd(), dataDir) : path.join(REPO_ROOT, 'data');
}

/** UPLOADS_DIR relative to where npm was invoked, like DATA_DIR; unset = the server's default under DATA_DIR. */
function uploadsDirOf(env: NodeJS.ProcessEnv): string | undefined {
  const uploadsDir = env.UPLOADS_DIR?.trim();
  return uploadsDir ? path.resolve(env.INIT_CWD ?? process.cwd(), uploadsDir) : undefined;
}

/** A bucket's client keeps connections open: closed once the command is done. */
function closeStorage(storage: ResumeStorage): void {
  if (storage instanceof S3ResumeStorage) storage.onApplicationShutdown();
}

/** A mistake of the person running the command: printed as one line, exit code 1. */
class CliError extends Error {}

/** Reads a line without echoing it (the terminal is in raw mode while typing). */
function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (result: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      result();
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish(() => resolve(value));
        if (character === '\u0003' || character === '\u0004') return finish(() => reject(new CliError('Cancelled')));
        if (character === '\u007f' || character === '\b') value = value.slice(0, -1);
        else value += character;
      }
    };
    stdin.on('data', onData);
  });
}

async function readNewPassword(env: NodeJS.ProcessEnv, fromEnvironment: boolean): Promise<string> {
  if (fromEnvironment) {
    if (!env.ADMIN_PASSWORD) throw new CliError('--password-env reads the password from ADMIN_PASSWORD, which is not set');
    return env.ADMIN_PASSWORD;
  }
  if (!process.stdin.isTTY) {
    throw new CliError('No terminal to type the password in: run the command in a terminal, or pass --password-env to read ADMIN_PASSWORD');
  }
  const password = await promptHidden('New password (at least 12 characters): ');
  if ((await promptHidden('Repeat the password: ')) !== password) {
    throw new CliError('The two passwords differ; run the command again');
  }
  return password;
}

function requireOption(value: string | undefined, name: string, command: string): string {
  if (!value?.trim()) throw new CliError(`Please give --${name} (npm run admin -- ${command} --${name} ...)`);
  return value;
}

export interface CliOutput {
  out(line: string): void;
  error(line: string): void;
}

/** Runs one command; answers the process exit code. */
export async function runAdminCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  output: CliOutput = { out: (line) => console.log(line), error: (line) => console.error(line) },
): Promise<number> {
  let connection: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        'password-env': { type: 'boolean' },
        'remove-local': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [command, ...extra] = positionals;
    if (values.help || !command) {
      output.out(USAGE);
      return values.help ? 0 : 1;
    }
    if (!['create', 'reset-password', 'disable', 'enable', 'list', 'purge', 'migrate-storage'].includes(command) || extra.length > 0) {
      throw new CliError(`Unknown command "${positionals.join(' ')}"; run "npm run admin -- --help" for the commands`);
    }

    // ADMIN_EMAIL / ADMIN_PASSWORD configure the server's first admin; here the password is only an input.
    const config = loadConfig({
      ...env,
      DATA_DIR: dataDirOf(env),
      UPLOADS_DIR: uploadsDirOf(env),
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
    });
    securePrivateFolders(config, (message) => output.error(`Note: ${message}`));
    if (command === 'migrate-storage') return await migrateStorage(config, values['remove-local'] === true, output);
    const withoutAccount = command === 'list' || command === 'purge';
    const withPassword = command === 'create' || command === 'reset-password';
    const email = withoutAccount ? '' : requireOption(values.email, 'email', command);
    const name = command === 'create' ? requireOption(values.name, 'name', command) : '';
    const password = withPassword ? await readNewPassword(env, values['password-env'] === true) : '';
    // A typo is reported before the database is opened; the service checks the same rules again.
    if (!withoutAccount) normalizeEmail(email);
    if (withPassword) checkPassword(password);

    connection = await openCliDatabase(config);
    const db = connection.db;
    const audit = AuditLog.forCommandLine(new AuditRepository(db));
    const onAdmin = (id: string): AuditTarget => ({ kind: 'admin', id });
    const admins = new AdminsService(
      new AdminsRepository(db),
      new AdminInvitesRepository(db),
      new LoginChallengesRepository(db),
      new SessionsRepository(db),
      new PasswordHasher(),
      new Clock(),
    );

    if (command === 'purge') {
      const storage = createResumeStorage(config);
      // The purge records its entry with no admin: here, the command line's.
      const purge = new RetentionPurge(new RetentionRepository(db), storage, audit, new DataScrub(new ScrubRepository(db)), config);
      const counts = await purge.purge().finally(() => closeStorage(storage));
      if (!counts) output.out('Another instance is purging right now; nothing was done.');
      else output.out(`Purged: ${Object.entries(counts).map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
    } else if (command === 'create') {
      const admin = await admins.create({ email, name, password });
      await audit.record('admin.created', onAdmin(admin.id), { email: admin.email, role: 'owner' });
      output.out(`Created the admin ${admin.email} (${admin.name}). They can sign in at /admin/login.`);
    } else if (command === 'reset-password') {
      const admin = await admins.resetPassword(email, password);
      await audit.record('admin.password_reset', onAdmin(admin.id), { email: admin.email });
      output.out(`Set a new password for ${admin.email}; their open sessions are signed out.`);
    } else if (command === 'disable' || command === 'enable') {
      const disabled = command === 'disable';
      const { admin, changed, invitesCancelled } = await admins.setDisabled(email, disabled);
      if (!changed) {
        output.out(`${admin.email} is already ${disabled ? 'disabled' : 'enabled'}; nothing was changed.`);
      } else {
        await audit.record('admin.updated', onAdmin(admin.id), {
          email: admin.email,
          ...(invitesCancelled > 0 ? { invitesCancelled } : {}),
          disabled: { from: !disabled, to: disabled },
        });
        output.out(
          disabled
            ? `Disabled ${admin.email}: their sessions are signed out and pending codes voided${invitesCancelled > 0 ? `, ${invitesCancelled} invitation(s) they sent cancelled` : ''}.`
            : `Enabled ${admin.email}: they can sign in again.`,
        );
      }
    } else {
      const list = await admins.list();
      if (list.length === 0) {
        output.out(
          'No admins yet. Create one with: npm run admin -- create --email you@example.com --name "Your Name"',
        );
      }
      for (const admin of list) output.out(`${admin.email}\t${admin.name}\tcreated ${admin.createdAt}${admin.disabled ? '\tdisabled' : ''}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof DomainError || error instanceof ConfigError) {
      output.error(`Error: ${error.message}`);
      return 1;
    }
    if (error instanceof S3ServiceException) {
      output.error(`Error: the bucket of STORAGE_URL answered ${error.name}: ${error.message}`);
      return 1;
    }
    // parseArgs reports unknown or malformed options with a readable message.
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      output.error(`Error: ${(error as Error).message}; run "npm run admin -- --help" for the options`);
      return 1;
    }
    throw error;
  } finally {
    await connection?.close();
  }
}

/**
 * The server's database, for one command. The embedded one is refused while a server has it open (PGlite's
 * postmaster.pid is there): two processes writing one folder would damage it.
 */
async function openCliDatabase(config: AppConfig): Promise<Awaited<ReturnType<typeof openDatabase>>> {
  const dbDir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl && existsSync(path.join(dbDir, 'postmaster.pid'))) {
    throw new CliError(
      `The embedded database in ${dbDir} is open: stop the server first (only one process may open it). ` +
        'If no server is running, it was not shut down cleanly: start it and stop it once, then run this again.',
    );
  }
  return openDatabase(config);
}

/**
 * Copies the local resumes into the bucket (keys stay the same, so no row changes). The database is opened first,
 * for the audit entry written when the copy is done.
 */
async function migrateStorage(config: AppConfig, removeLocal: boolean, output: CliOutput): Promise<number> {
  if (!config.resumeBucket) {
    throw new CliError('migrate-storage copies the resumes into the bucket of STORAGE_URL, which is not set (s3://bucket?endpoint=…&region=…)');
  }
  const connection = await openCliDatabase(config);
  const bucket = new S3ResumeStorage(config);
  try {
    const counts = await migrateResumes(new LocalResumeStorage(config), bucket, {
      removeLocal,
      onProgress: (done, total) => {
        if (done % 100 === 0 && done < total) output.out(`${done} of ${total} resumes done`);
      },
    });
    await AuditLog.forCommandLine(new AuditRepository(connection.db)).record('storage.migrated', null, { bucket: config.resumeBucket.bucket, ...counts });
    output.out(
      `Copied ${counts.copied} resume(s) from ${config.uploadsDir} to the bucket "${config.resumeBucket.bucket}"; ` +
        `${counts.skipped} already there; ${counts.removedLocal} local file(s) removed.`,
    );
    return 0;
  } finally {
    bucket.onApplicationShutdown();
    await connection.close();
  }
}

if (require.main === module) {
  usePrivateUmask();
  runAdminCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
