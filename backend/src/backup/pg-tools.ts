import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BackupError } from './backup-error';

const run = promisify(execFile);
const INSTALL_HINT = "install PostgreSQL's client tools of that version or newer (Debian: apt-get install postgresql-client-<major>) and put them on the PATH";

type Tool = 'pg_dump' | 'pg_restore';

/** The tool's major version (`pg_dump (PostgreSQL) 15.20` → 15); a clear error when it is missing. */
async function toolMajor(tool: Tool, env: NodeJS.ProcessEnv): Promise<number> {
  let output: string;
  try {
    output = (await run(tool, ['--version'], { env })).stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${tool} was not found on the PATH: ${INSTALL_HINT}`);
    throw error;
  }
  const major = /\(PostgreSQL\)\s+(\d+)/.exec(output)?.[1];
  if (!major) throw new BackupError(`Could not read ${tool}'s version from "${output.trim()}": ${INSTALL_HINT}`);
  return Number(major);
}

/** Refuses a tool older than `neededMajor` (pg_dump cannot dump a newer server; pg_restore cannot read a newer dump). */
export async function requireTool(tool: Tool, neededMajor: number, what: string, env: NodeJS.ProcessEnv): Promise<number> {
  const major = await toolMajor(tool, env);
  if (major < neededMajor) throw new BackupError(`${tool} ${major} is older than ${what} (${neededMajor}): ${INSTALL_HINT}`);
  return major;
}

/** Runs the tool; its own error output becomes the message when it fails. */
export async function runTool(tool: Tool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new BackupError(`${tool} failed: ${stderr || (error as Error).message}`);
  }
}
