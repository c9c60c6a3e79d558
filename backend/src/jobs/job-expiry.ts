import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicTask } from '../common/periodic-task';
import { JobsService } from './jobs.service';

/** Closing days end at midnight UTC; a minute later at most, the job reads `expired` in the admin app too. */
const CHECK_EVERY_MS = 60_000;

/**
 * Expires jobs whose closing date has passed: at start, then every minute. Several instances may check at once:
 * the status change locks the job and announces only a real change, so a job is expired and announced once.
 */
@Injectable()
export class JobExpiry implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobExpiry.name);
  private readonly schedule = new PeriodicTask(this.logger, {
    name: 'job expiry',
    firstRunAfterMs: 0,
    everyMs: CHECK_EVERY_MS,
    run: async () => {
      const expired = await this.jobs.expireClosed();
      if (expired > 0) this.logger.log(`${expired} job(s) reached their closing date and expired`);
    },
  });

  constructor(private readonly jobs: JobsService) {}

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }
}
