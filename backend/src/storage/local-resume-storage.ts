import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { isId } from '../common/ids';
import { ResumeStorage } from './resume-storage';

const PARTIAL_SUFFIX = '.partial';

/** Where a local storage keeps its files, and the names it takes for its own (anything else in the folder is left alone). */
export interface LocalFolder {
  dir: string;
  isKey: (name: string) => boolean;
}

/**
 * Resumes as files under `config.storage.uploadsDir` (outside any web root), each named by a random UUID; or, given
 * another folder, other files the same way (the site's pictures: MediaStorage).
 */
@Injectable()
export class LocalResumeStorage extends ResumeStorage {
  private readonly dir: string;
  private readonly isKey: (name: string) => boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig, folder: LocalFolder = { dir: config.storage.uploadsDir, isKey: isId }) {
    super();
    this.dir = folder.dir;
    this.isKey = folder.isKey;
  }

  async saveAs(key: string, bytes: Buffer): Promise<void> {
    if (!this.isKey(key)) throw new Error(`Not a key of ${this.dir}: ${key}`);
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const partial = path.join(this.dir, `${key}${PARTIAL_SUFFIX}`);
    try {
      await fs.writeFile(partial, bytes, { mode: 0o600 });
      await fs.rename(partial, this.pathOf(key));
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    if (!this.isKey(key)) return undefined;
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!this.isKey(key)) return;
    await fs.rm(this.pathOf(key), { force: true });
  }

  async freeBytes(): Promise<number | undefined> {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const stats = await fs.statfs(this.dir);
    return stats.bavail * stats.bsize;
  }

  /** Every stored file; `.partial` files are writes in progress (or left by a crash) and are left alone. */
  override async allKeys(): Promise<string[]> {
    return (await this.names()).filter((name) => this.isKey(name));
  }

  /** Stored files older than `before`; `.partial` files of that age (a crash mid-write) are removed on the way. */
  async keysOlderThan(before: Date): Promise<string[]> {
    const names = await this.names();
    const keys: string[] = [];
    for (const name of names) {
      const key = name.endsWith(PARTIAL_SUFFIX) ? name.slice(0, -PARTIAL_SUFFIX.length) : name;
      if (!this.isKey(key)) continue;
      const stats = await fs.stat(path.join(this.dir, name)).catch(() => undefined);
      if (!stats || stats.mtime >= before) continue;
      if (name.endsWith(PARTIAL_SUFFIX)) await fs.rm(path.join(this.dir, name), { force: true });
      else keys.push(key);
    }
    return keys;
  }

  private async names(): Promise<string[]> {
    try {
      return await fs.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  private pathOf(key: string): string {
    return path.join(this.dir, key);
  }
}
