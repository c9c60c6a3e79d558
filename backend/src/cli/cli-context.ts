import path from 'node:path';
import { ConsoleLogger, type DynamicModule, type INestApplicationContext, Logger, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AuditLog } from '../audit/audit-log';
import { AuditModule } from '../audit/audit.module';
import { type AppConfig, loadConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { securePrivateFolders } from '../config/private-data-dir';
import { DatabaseModule } from '../database/database.module';

/** Where a command prints: stdout and stderr, or a test's lines. */
export interface CliOutput {
  out(line: string): void;
  error(line: string): void;
}

export const CONSOLE_OUTPUT: CliOutput = { out: (line) => console.log(line), error: (line) => console.error(line) };

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

// npm runs the scripts inside backend/ and sets INIT_CWD to the folder it was invoked from: paths are relative to it.
export const invokedFrom = (env: NodeJS.ProcessEnv) => env.INIT_CWD ?? process.cwd();

/** A folder variable of `env` as a path from where npm was invoked; undefined when unset. */
function folderOf(env: NodeJS.ProcessEnv, name: 'DATA_DIR' | 'UPLOADS_DIR'): string | undefined {
  const folder = env[name]?.trim();
  return folder ? path.resolve(invokedFrom(env), folder) : undefined;
}

/**
 * The server's configuration as a command reads it: the data folder `npm start` uses (DATA_DIR from where npm was
 * invoked, else the repository's data/; UPLOADS_DIR likewise, unset = the server's default under DATA_DIR), without
 * ADMIN_EMAIL / ADMIN_PASSWORD, which configure the server's first admin and are no command's input. Folders others
 * could read are repaired, or reported as a note.
 */
export function loadCliConfig(env: NodeJS.ProcessEnv, output: CliOutput): AppConfig {
  const config = loadConfig({
    ...env,
    DATA_DIR: folderOf(env, 'DATA_DIR') ?? path.join(REPO_ROOT, 'data'),
    UPLOADS_DIR: folderOf(env, 'UPLOADS_DIR'),
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
  });
  securePrivateFolders(config.storage, (message) => output.error(`Note: ${message}`));
  return config;
}

/** Nest's own start-up lines ("Starting Nest application…", "… dependencies initialized"). */
const NEST_START_UP = new Set(['NestFactory', 'InstanceLoader']);

/** The log of the services a command runs, as Nest's console logger prints it, without Nest's own start-up lines. */
class CliLogger extends ConsoleLogger {
  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest.at(-1);
    if (typeof context === 'string' && NEST_START_UP.has(context)) return;
    super.log(message, ...rest);
  }
}

/** For the process of a command (not for a command run inside another application, such as a test's). */
export function useCliLogger(): void {
  Logger.overrideLogger(new CliLogger());
}

@Module({})
class CliModule {
  static with(config: AppConfig, features: Type[]): DynamicModule {
    return { module: CliModule, imports: [ConfigModule.forRoot(config), DatabaseModule, AuditModule, ...features] };
  }
}

/**
 * The application of one command: the configuration, the database, the audit log and the feature modules the command
 * uses, never the HTTP app nor the workers of the others (outbox, sweeps). What it records is the command line's:
 * actor `cli`, with the operating-system user. Close it when the command is done.
 */
export async function openCliContext(config: AppConfig, features: Type[]): Promise<INestApplicationContext> {
  // Errors reach the command, which prints them as one line; the log is the process's (useCliLogger).
  const context = await NestFactory.createApplicationContext(CliModule.with(config, features), { abortOnError: false });
  context.get(AuditLog).actForCommandLine();
  return context;
}
