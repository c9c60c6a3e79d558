import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { loggableError } from '../common/loggable-error';
import { JobsService } from './jobs.service';

/** Closing days end at midnight UTC; a minute later at most, the job reads `expired` in the admin app too. */
const CHECK_EVERY_MS = 60_000;

/**
 * Expires jobs whose closing date has passed: at start, then every minute. Several instances may check at once:
 * the status change locks the job and announces only a real change, so a job is expired and announced once.
 */
@Injectable()
export class JobExpiry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobExpiry.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly jobs: JobsService) {}

  onApplicationBootstrap(): void {
    const schedule = (delayMs: number) => {
      this.timer = setTimeout(() => {
        void this.jobs
          .expireClosed()
          .then((expired) => expired > 0 && this.logger.log(`${expired} job(s) reached their closing date and expired`))
          .catch((error: unknown) => this.logger.error(`job expiry failed: ${loggableError(error)}`))
          .finally(() => schedule(CHECK_EVERY_MS));
      }, delayMs);
      this.timer.unref();
    };
    schedule(0);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }
}
