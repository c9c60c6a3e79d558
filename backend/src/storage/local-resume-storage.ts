import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { isId } from '../common/ids';
import { ResumeStorage } from './resume-storage';

/** Resumes as files under `config.uploadsDir` (outside any web root), each named by a random UUID. */
@Injectable()
export class LocalResumeStorage extends ResumeStorage {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.dir = config.uploadsDir;
  }

  async save(bytes: Buffer): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const key = randomUUID();
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const partial = path.join(this.dir, `${key}.partial`);
    try {
      await fs.writeFile(partial, bytes, { flag: 'wx', mode: 0o600 });
      await fs.rename(partial, this.pathOf(key));
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
    return key;
  }

  async read(key: string): Promise<Buffer | undefined> {
    if (!isId(key)) return undefined;
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isId(key)) return;
    await fs.rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    return path.join(this.dir, key);
  }
}
