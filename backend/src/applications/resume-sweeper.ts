import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicTask } from '../common/periodic-task';
import { ResumeStorage } from '../storage/resume-storage';
import { ApplicationsRepository } from './applications.repository';
import { HOUR_MS } from '@brightwave/common';

// A file younger than this may belong to an application another instance is still inserting.
export const ORPHAN_MIN_AGE_MS = HOUR_MS;
const FIRST_SWEEP_DELAY_MS = 60 * 1000;

/**
 * Removes resume files no application points at (a crash between storing the file and inserting the row, a
 * removal that failed) and half-written `.partial` files, an hour after they were written; once a minute after start,
 * then hourly. Safe with several instances on one folder: each removes only what no row references.
 */
@Injectable()
export class ResumeSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ResumeSweeper.name);
  private readonly schedule = new PeriodicTask(this.logger, {
    name: 'resume sweep',
    firstRunAfterMs: FIRST_SWEEP_DELAY_MS,
    everyMs: HOUR_MS,
    run: () => this.sweep(),
  });

  constructor(
    private readonly storage: ResumeStorage,
    private readonly applications: ApplicationsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
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
