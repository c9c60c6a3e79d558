import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { loggableError } from '../common/loggable-error';
import { ResumeStorage } from '../storage/resume-storage';
import { ApplicationsRepository } from './applications.repository';

const HOUR_MS = 60 * 60 * 1000;
// A file younger than this may belong to an application another instance is still inserting.
export const ORPHAN_MIN_AGE_MS = HOUR_MS;
const FIRST_SWEEP_DELAY_MS = 60 * 1000;

/**
 * Removes resume files no application points at (a crash between storing the file and inserting the row, a
 * removal that failed) and half-written `.partial` files, an hour after they were written; once a minute after start,
 * then hourly. Safe with several instances on one folder: each removes only what no row references.
 */
@Injectable()
export class ResumeSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ResumeSweeper.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly storage: ResumeStorage,
    private readonly applications: ApplicationsRepository,
  ) {}

  onApplicationBootstrap(): void {
    const schedule = (delayMs: number) => {
      this.timer = setTimeout(() => {
        void this.sweep()
          .catch((error: unknown) => this.logger.error(`resume sweep failed: ${loggableError(error)}`))
          .finally(() => schedule(HOUR_MS));
      }, delayMs);
      this.timer.unref();
    };
    schedule(FIRST_SWEEP_DELAY_MS);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }

  /** Answers how many orphan files were removed. */
  async sweep(now = new Date()): Promise<number> {
    const candidates = await this.storage.keysOlderThan(new Date(now.getTime() - ORPHAN_MIN_AGE_MS));
    let removed = 0;
    for (let start = 0; start < candidates.length; start += 500) {
      const batch = candidates.slice(start, start + 500);
      const referenced = await this.applications.existingResumeKeys(batch);
      for (const key of batch.filter((candidate) => !referenced.has(candidate))) {
        await this.storage.delete(key);
        removed++;
      }
    }
    if (removed > 0) this.logger.warn(`removed ${removed} resume file(s) that no application references`);
    return removed;
  }
}
