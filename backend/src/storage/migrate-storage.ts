import type { LocalResumeStorage } from './local-resume-storage';
import type { S3ResumeStorage } from './s3-resume-storage';

export interface StorageMigration {
  copied: number;
  /** Already in the bucket with the same size: copied by an earlier (perhaps interrupted) run. */
  skipped: number;
  removedLocal: number;
}

/**
 * Copies every resume of the local folder into the bucket under the same key, so the rows keep pointing at it.
 * A key the bucket already holds with the same size is skipped: a second run, or one after an interruption, carries
 * on where the last stopped. With `removeLocal`, each local file goes once the bucket holds it.
 */
export async function migrateResumes(
  local: LocalResumeStorage,
  bucket: S3ResumeStorage,
  { removeLocal = false, onProgress }: { removeLocal?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<StorageMigration> {
  const inBucket = await bucket.objects();
  const keys = await local.allKeys();
  const counts: StorageMigration = { copied: 0, skipped: 0, removedLocal: 0 };
  for (const [index, key] of keys.entries()) {
    const bytes = await local.read(key);
    // Removed since the listing (a purge or an erasure on a running server): nothing to move.
    if (!bytes) continue;
    if (inBucket.get(key)?.size === bytes.length) counts.skipped++;
    else {
      await bucket.saveAs(key, bytes);
      counts.copied++;
    }
    if (removeLocal) {
      await local.delete(key);
      counts.removedLocal++;
    }
    onProgress?.(index + 1, keys.length);
  }
  return counts;
}
