/** Exit codes of `npm run backup` / `npm run restore` (README, "Backups"). */
export const BACKUP_EXIT = {
  done: 0,
  /** Wrong usage, or an environment that cannot do it (missing tools, a running embedded server, another kind). */
  failed: 1,
  /** The restore target holds data and --force was not given: nothing was changed. */
  targetNotEmpty: 2,
  /** The archive is damaged or not one of ours (manifest, file list or a checksum): nothing was changed. */
  damagedArchive: 3,
} as const;

/** A failure the person running the command can act on: printed as one line, with its exit code. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = BACKUP_EXIT.failed,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}
