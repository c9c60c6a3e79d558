import { createReadStream, createWriteStream, existsSync, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { create as createTar, extract as extractTar, type ReadEntry } from 'tar';
import type { KeyDerivationCost } from '../config/key-derivation';
import { readSealedHeader, SEALED_HEADER_BYTES, SealedArchiveError, sealingStream } from './backup-crypto';
import { BACKUP_EXIT, BackupError } from './backup-error';
import {
  BACKUP_FORMAT,
  DATABASE_FILES,
  describeFileAt,
  isSafeKey,
  MANIFEST_FILE,
  MEDIA_FOLDER,
  READABLE_BACKUP_FORMATS,
  RESUMES_FOLDER,
  type ArchivedFile,
  type BackupManifest,
} from './backup-manifest';

const damaged = (message: string) => new BackupError(message, BACKUP_EXIT.damagedArchive);

/**
 * Packs `entries` of the folder `staging` into the tar archive `outFile`, sealed with `passphrase` when one is given
 * (its key derived at `cost`). Written under a temporary name and renamed: a half-written archive never carries the
 * final name.
 */
export async function writeArchive(
  staging: string,
  entries: string[],
  outFile: string,
  passphrase: string | undefined,
  cost: KeyDerivationCost,
): Promise<void> {
  const partial = `${outFile}.partial`;
  try {
    const pack = createTar({ cwd: staging, portable: true }, entries);
    const file = createWriteStream(partial, { mode: 0o600 });
    await (passphrase === undefined ? pipeline(pack, file) : pipeline(pack, await sealingStream(passphrase, cost), file));
    await fs.rename(partial, outFile);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

async function filesUnder(root: string, folder = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await fs.readdir(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(root, relative)));
    else files.push(relative);
  }
  return files;
}

function parseManifest(text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw damaged(`The archive's ${MANIFEST_FILE} is not valid JSON`);
  }
  if (!READABLE_BACKUP_FORMATS.includes(manifest?.format)) {
    throw damaged(`The archive's format is ${String(manifest?.format)}; this version reads formats up to ${BACKUP_FORMAT}`);
  }
  const kind = manifest.database?.kind;
  if (!(kind in DATABASE_FILES) || manifest.database.file !== DATABASE_FILES[kind])
    throw damaged(`The archive's ${MANIFEST_FILE} names no database file of ours`);
  const keys = [...Object.keys(manifest.resumes ?? {}), ...Object.keys(manifest.media ?? {})];
  if (!manifest.rows || !manifest.migrations || keys.some((key) => !isSafeKey(key))) throw damaged(`The archive's ${MANIFEST_FILE} is incomplete`);
  return manifest;
}

/** How a restore opens its archive: the passphrase given, and whether a plain archive is accepted despite it. */
export interface ArchiveOpening {
  passphrase?: string;
  /** `--allow-unencrypted`: with a passphrase set, a plain archive is refused without it. */
  allowUnencrypted?: boolean;
}

/**
 * Unpacks the archive into `work` and checks every file against the manifest: exactly its files, every checksum.
 * With a passphrase, the backups of this server are encrypted: a plain archive in their place (swapped, or written
 * by someone else) is refused unless `allowUnencrypted`, before anything is unpacked.
 */
export async function unpackAndVerify(archive: string, work: string, { passphrase, allowUnencrypted = false }: ArchiveOpening): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupError(`No file ${archive}`);
  const oddEntries: string[] = [];
  const options = {
    cwd: work,
    strict: true,
    filter: (entryPath: string, entry: ReadEntry | Stats) => {
      const plain = 'type' in entry && (entry.type === 'File' || entry.type === 'Directory');
      if (!plain) oddEntries.push(entryPath);
      return plain;
    },
  };
  try {
    const sealed = await readSealedHeader(archive);
    if (!sealed && passphrase !== undefined && !allowUnencrypted) {
      throw new BackupError(
        `${archive} is not encrypted, though a backup passphrase is set (BACKUP_PASSPHRASE or --passphrase-file): ` +
          'if you trust this archive, restore it with --allow-unencrypted',
      );
    }
    if (!sealed) await extractTar({ file: archive, ...options });
    else if (passphrase === undefined) {
      throw new BackupError(`${archive} is encrypted: give its passphrase in BACKUP_PASSPHRASE or with --passphrase-file FILE`);
    } else {
      // Every chunk is authenticated as it is unpacked into the temporary folder: all of it before the target is touched.
      await pipeline(createReadStream(archive, { start: SEALED_HEADER_BYTES }), await sealed.open(passphrase), extractTar(options));
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (error instanceof SealedArchiveError) throw damaged(`${archive} cannot be decrypted: ${error.message}`);
    throw damaged(`${archive} is not a readable backup archive (${(error as Error).message})`);
  }
  if (oddEntries.length > 0) throw damaged(`The archive holds entries that are not plain files: ${oddEntries.join(', ')}`);
  const manifestFile = path.join(work, MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw damaged(`${archive} has no ${MANIFEST_FILE}: it is not a backup of this application`);
  const manifest = parseManifest(await fs.readFile(manifestFile, 'utf8'));

  const expected = new Map<string, ArchivedFile>([[manifest.database.file, manifest.database]]);
  for (const [key, file] of Object.entries(manifest.resumes)) expected.set(`${RESUMES_FOLDER}/${key}`, file);
  for (const [key, file] of Object.entries(manifest.media ?? {})) expected.set(`${MEDIA_FOLDER}/${key}`, file);
  const present = (await filesUnder(work)).filter((file) => file !== MANIFEST_FILE);
  const extra = present.filter((file) => !expected.has(file));
  const missing = [...expected.keys()].filter((file) => !present.includes(file));
  if (extra.length > 0 || missing.length > 0) {
    throw damaged(`The archive's files differ from its manifest (missing: ${missing.join(', ') || 'none'}; not listed: ${extra.join(', ') || 'none'})`);
  }
  for (const [file, listed] of expected) {
    const actual = await describeFileAt(path.join(work, file));
    if (actual.sha256 !== listed.sha256 || actual.bytes !== listed.bytes) throw damaged(`${file} does not match its checksum: the archive is damaged`);
  }
  return manifest;
}
