import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AppConfig, ConfigError } from './app-config';

/** The permission bits of the group and of other users: nothing in the data folder may have any of them. */
const GROUP_AND_OTHER = 0o077;

/**
 * Everything the process creates from now on is its owner's alone (folders 0700, files 0600 at most): the data
 * folder holds every visitor's personal data, password hashes, sign-in codes and the secret that signs sessions.
 * Call first, before anything is written (the server, the admin and backup commands).
 */
export function usePrivateUmask(): void {
  process.umask(GROUP_AND_OTHER);
}

const currentUser = () => os.userInfo().username;
const octal = (mode: number) => (mode & 0o777).toString(8).padStart(3, '0');

/**
 * Makes `dir` and everything in it private to this user: creates it (0700) when it is missing, and takes the
 * group's and other users' permissions off every file and folder that has some (`chmod go-rwx`, as an older version
 * or a hand-made folder left them). Answers how many it changed. Symbolic links are not followed (their targets
 * are not ours to change), except `dir` itself. Where a change is not allowed (an entry of another user), throws a
 * ConfigError that names the path and what to run.
 */
export function makeFolderPrivate(dir: string): number {
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return 0;
  }
  let changed = 0;
  const pending = [dir];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const stats = entry === dir ? fs.statSync(entry) : fs.lstatSync(entry);
    if (stats.isSymbolicLink()) continue;
    if ((stats.mode & GROUP_AND_OTHER) !== 0) {
      try {
        fs.chmodSync(entry, stats.mode & 0o700);
      } catch (error) {
        throw new ConfigError(
          `${entry} is open to other users (mode ${octal(stats.mode)}) and this process cannot change that ` +
            `(${(error as NodeJS.ErrnoException).code ?? String(error)}): run chmod -R go-rwx '${dir}' as its owner ` +
            `(or chown -R ${currentUser()} '${dir}')`,
        );
      }
      changed++;
    }
    if (!stats.isDirectory()) continue;
    let names: string[];
    try {
      names = fs.readdirSync(entry);
    } catch (error) {
      throw new ConfigError(
        `This process (user ${currentUser()}) cannot read ${entry} (${(error as NodeJS.ErrnoException).code ?? String(error)}): ` +
          `run chown -R ${currentUser()} '${dir}'`,
      );
    }
    for (const name of names) pending.push(path.join(entry, name));
  }
  return changed;
}

const isInside = (child: string, parent: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * The data folder (DATA_DIR) and a resume folder kept elsewhere (UPLOADS_DIR) made private (makeFolderPrivate),
 * each repair reported once through `report`. Run at every start of the server and of the commands.
 */
export function securePrivateFolders(config: Pick<AppConfig['storage'], 'dataDir' | 'uploadsDir'>, report: (message: string) => void): void {
  const folders = [config.dataDir];
  // The uploads folder is created (0700) with the first resume; one that exists elsewhere is held to the same rule.
  if (!isInside(config.uploadsDir, config.dataDir) && fs.existsSync(config.uploadsDir)) folders.push(config.uploadsDir);
  for (const folder of folders) {
    const changed = makeFolderPrivate(folder);
    if (changed > 0) {
      report(`${folder}: ${changed} files and folders could be read by other users; they are now this user's alone (chmod go-rwx)`);
    }
  }
}
