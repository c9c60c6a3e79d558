import { randomUUID } from 'node:crypto';

/**
 * Where uploaded files live: resumes (ResumeStorage) and the site's pictures (MediaStorage), each in a local folder or
 * under a prefix of the S3 bucket. Keys are chosen by the product, never derived from user input, so a key can be kept
 * in the database and handed back later without any path logic elsewhere.
 */
export abstract class FileStorage {
  /** Stores the bytes under a new random key and answers it. */
  async save(bytes: Buffer): Promise<string> {
    const key = randomUUID();
    await this.saveAs(key, bytes);
    return key;
  }
  /** Stores the bytes under a key chosen earlier (restoring a backup, moving between storages, a picture's file). */
  abstract saveAs(key: string, bytes: Buffer): Promise<void>;
  /** The stored bytes, or undefined when no file has that key. */
  abstract read(key: string): Promise<Buffer | undefined>;
  /** Removes the file; a key without a file is not an error (deleting is idempotent). */
  abstract delete(key: string): Promise<void>;
  /** Bytes still free for new files, or undefined when the storage cannot tell. */
  abstract freeBytes(): Promise<number | undefined>;
  /** Keys of the stored files last written before `before`, and leftovers of interrupted writes removed. */
  abstract keysOlderThan(before: Date): Promise<string[]>;
  /** Every stored file's key (backups, moving between storages). */
  allKeys(): Promise<string[]> {
    return this.keysOlderThan(new Date(8.64e15));
  }
}
