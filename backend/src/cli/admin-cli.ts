// `npm run admin -- create|reset-password|disable|enable|remove-authenticator|remove-passkeys|list|purge|migrate-storage`: manages admin accounts on the
// database the server uses, runs the retention purge now and moves resumes into the bucket of STORAGE_URL (same
// configuration, same services; run it where the server's environment is set). Every change is written to the audit
// log with the actor `cli` and the operating-system user.
import 'reflect-metadata';
import path from 'node:path';
import { isatty } from 'node:tty';
import { parseArgs } from 'node:util';
import { S3ServiceException } from '@aws-sdk/client-s3';
import type { INestApplicationContext } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AdminsService, normalizeEmail } from '../accounts/admins.service';
import { checkPassword } from '../accounts/password-policy';
import { AuditLog } from '../audit/audit-log';
import { AuthenticatorModule } from '../authenticator/authenticator.module';
import { AuthenticatorService } from '../authenticator/authenticator.service';
import { PasskeysModule } from '../passkeys/passkeys.module';
import { PasskeysService } from '../passkeys/passkeys.service';
import { DomainError } from '../common/domain-error';
import { type AppConfig, ConfigError } from '../config/app-config';
import { usePrivateUmask } from '../config/private-data-dir';
import { embeddedDatabaseInUse } from '../database/private-pglite';
import { PrivacyModule } from '../privacy/privacy.module';
import { RetentionPurge } from '../privacy/retention-purge';
import { LocalResumeStorage } from '../storage/local-resume-storage';
import { localMediaStorage, MediaStorage } from '../storage/media-storage';
import { migrateResumes } from '../storage/migrate-storage';
import { ResumeStorage } from '../storage/resume-storage';
import type { S3ResumeStorage } from '../storage/s3-resume-storage';
import { StorageModule } from '../storage/storage.module';
import { CONSOLE_OUTPUT, type CliOutput, loadCliConfig, openCliContext, useCliLogger } from './cli-context';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create --email <email> --name <name> [--password-env]   Create an admin
  reset-password --email <email> [--password-env]         Set a new password and sign the admin out everywhere
  disable --email <email>                Disable an admin: signed out everywhere, pending codes voided (the last
                                         active owner cannot be disabled)
  enable --email <email>                 Let a disabled admin sign in again
  remove-authenticator --email <email>   Turn off an admin's authenticator app and its recovery codes (they lost
                                         both): they sign in with a code by e-mail again
  remove-passkeys --email <email>        Remove every passkey of an admin (they lost the device that held them):
                                         they sign in with their password and a code again
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

const COMMANDS = ['create', 'reset-password', 'disable', 'enable', 'remove-authenticator', 'remove-passkeys', 'list', 'purge', 'migrate-storage'];

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
  // Asked of the descriptor, not of process.stdin: creating that stream for a pipe keeps the process alive (a test
  // runner's worker that ran the command could not exit).
  if (!isatty(0)) {
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

/** Runs one command; answers the process exit code. */
export async function runAdminCli(argv: string[], env: NodeJS.ProcessEnv = process.env, output: CliOutput = CONSOLE_OUTPUT): Promise<number> {
  let context: INestApplicationContext | undefined;
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
    if (!COMMANDS.includes(command) || extra.length > 0) {
      throw new CliError(`Unknown command "${positionals.join(' ')}"; run "npm run admin -- --help" for the commands`);
    }

    // The password is only an input here (ADMIN_PASSWORD with --password-env), never the server's first admin's.
    const config = loadCliConfig(env, output);
    if (command === 'migrate-storage') return await migrateStorage(config, values['remove-local'] === true, output);
    const withoutAccount = command === 'list' || command === 'purge';
    const withPassword = command === 'create' || command === 'reset-password';
    const email = withoutAccount ? '' : requireOption(values.email, 'email', command);
    const name = command === 'create' ? requireOption(values.name, 'name', command) : '';
    const password = withPassword ? await readNewPassword(env, values['password-env'] === true) : '';
    // A typo is reported before the database is opened; the service checks the same rules again.
    if (!withoutAccount) normalizeEmail(email);
    if (withPassword) checkPassword(password);

    refuseEmbeddedDatabaseInUse(config);

    if (command === 'purge') {
      context = await openCliContext(config, [PrivacyModule]);
      // The purge records its entry with no admin: here, the command line's.
      const counts = await context.get(RetentionPurge).purge();
      if (!counts) output.out('Another instance is purging right now; nothing was done.');
      else
        output.out(
          `Purged: ${Object.entries(counts)
            .map(([kind, count]) => `${kind} ${count}`)
            .join(', ')}`,
        );
      return 0;
    }
    if (command === 'remove-authenticator') {
      context = await openCliContext(config, [AuthenticatorModule]);
      const { email: of, removed } = await context.get(AuthenticatorService).removeByEmail(email);
      output.out(
        removed
          ? `Turned off the authenticator app of ${of} and its recovery codes: they sign in with a code by e-mail, and may set up an app again.`
          : `${of} has no authenticator app; nothing was changed.`,
      );
      return 0;
    }
    if (command === 'remove-passkeys') {
      context = await openCliContext(config, [PasskeysModule]);
      const { email: of, removed } = await context.get(PasskeysService).removeAllByEmail(email);
      output.out(
        removed.length > 0
          ? `Removed ${removed.length} passkey(s) of ${of} (${removed.join(', ')}): they sign in with their password and a code, and may add passkeys again.`
          : `${of} has no passkeys; nothing was changed.`,
      );
      return 0;
    }
    context = await openCliContext(config, [AccountsModule]);
    const admins = context.get(AdminsService);
    if (command === 'create') {
      const admin = await admins.create({ email, name, password });
      output.out(`Created the admin ${admin.email} (${admin.name}). They can sign in at /admin/login.`);
    } else if (command === 'reset-password') {
      const admin = await admins.resetPassword(email, password);
      output.out(`Set a new password for ${admin.email}; their open sessions are signed out.`);
    } else if (command === 'disable' || command === 'enable') {
      const disabled = command === 'disable';
      const { admin, changed, invitesCancelled } = await admins.setDisabled(email, disabled);
      if (!changed) {
        output.out(`${admin.email} is already ${disabled ? 'disabled' : 'enabled'}; nothing was changed.`);
      } else {
        output.out(
          disabled
            ? `Disabled ${admin.email}: their sessions are signed out and pending codes voided${invitesCancelled > 0 ? `, ${invitesCancelled} invitation(s) they sent cancelled` : ''}.`
            : `Enabled ${admin.email}: they can sign in again.`,
        );
      }
    } else {
      const list = await admins.list();
      if (list.length === 0) {
        output.out('No admins yet. Create one with: npm run admin -- create --email you@example.com --name "Your Name"');
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
    await context?.close();
  }
}

/** The embedded database is refused while a server has it open: two processes writing one folder would damage it. */
function refuseEmbeddedDatabaseInUse(config: AppConfig): void {
  const inUse = config.database.url ? undefined : embeddedDatabaseInUse(path.join(config.storage.dataDir, 'db'));
  if (inUse) throw new CliError(inUse);
}

/**
 * Copies the local resumes into the bucket (keys stay the same, so no row changes). The database is opened first,
 * for the audit entry written when the copy is done.
 */
async function migrateStorage(config: AppConfig, removeLocal: boolean, output: CliOutput): Promise<number> {
  const bucketConfig = config.storage.resumeBucket;
  if (!bucketConfig) {
    throw new CliError('migrate-storage copies the resumes into the bucket of STORAGE_URL, which is not set (s3://bucket?endpoint=…&region=…)');
  }
  refuseEmbeddedDatabaseInUse(config);
  // With STORAGE_URL set, the storage of the context is the bucket.
  const context = await openCliContext(config, [StorageModule]);
  try {
    const counts = await migrateResumes(new LocalResumeStorage(config), context.get(ResumeStorage), {
      removeLocal,
      onProgress: (done, total) => {
        if (done % 100 === 0 && done < total) output.out(`${done} of ${total} resumes done`);
      },
    });
    // The uploaded pictures' files go the same way, from the folder's media/ to the bucket's mediaPrefix.
    const pictures = await migrateResumes(localMediaStorage(config), context.get(MediaStorage) as unknown as S3ResumeStorage, { removeLocal });
    const movedPictures = pictures.copied + pictures.skipped + pictures.removedLocal > 0;
    await context
      .get(AuditLog)
      .record('storage.migrated', null, { bucket: bucketConfig.bucket, ...counts, ...(movedPictures ? { pictureFiles: pictures } : {}) });
    output.out(
      `Copied ${counts.copied} resume(s) from ${config.storage.uploadsDir} to the bucket "${bucketConfig.bucket}"; ` +
        `${counts.skipped} already there; ${counts.removedLocal} local file(s) removed.`,
    );
    if (movedPictures) {
      output.out(`Copied ${pictures.copied} file(s) of uploaded pictures; ${pictures.skipped} already there; ${pictures.removedLocal} local file(s) removed.`);
    }
    return 0;
  } finally {
    await context.close();
  }
}

if (require.main === module) {
  usePrivateUmask();
  useCliLogger();
  runAdminCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
