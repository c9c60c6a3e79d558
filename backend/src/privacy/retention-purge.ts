import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { loggableError } from '../common/loggable-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ResumeStorage } from '../storage/resume-storage';
import { RetentionRepository, type PurgeCounts } from './retention.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
// Not at start: a restart loop must not purge again and again, and a start has enough to do.
const FIRST_PURGE_DELAY_MS = 5 * 60 * 1000;

/**
 * Removes personal data older than its retention period (config.retention): five minutes after start, then daily.
 * Several instances may run it; the one that takes the advisory lock purges, the others skip that round.
 */
@Injectable()
export class RetentionPurge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionPurge.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repository: RetentionRepository,
    private readonly storage: ResumeStorage,
    private readonly audit: AuditLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const schedule = (delayMs: number) => {
      this.timer = setTimeout(() => {
        void this.purge()
          .catch((error: unknown) => this.logger.error(`retention purge failed: ${loggableError(error)}`))
          .finally(() => schedule(DAY_MS));
      }, delayMs);
      this.timer.unref();
    };
    schedule(FIRST_PURGE_DELAY_MS);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }

  /** Purges as of `now`; answers the counts, or undefined when another instance is purging. */
  async purge(now = new Date()): Promise<PurgeCounts | undefined> {
    const purged = await this.repository.purge(this.config.retention, now);
    if (!purged) {
      this.logger.log('retention purge skipped: another instance is purging');
      return undefined;
    }
    const { resumeKeys, ...rows } = purged;
    // After the commit: a file whose removal fails is referenced by no row, so the resume sweeper removes it later.
    const removals = await Promise.allSettled(resumeKeys.map((key) => this.storage.delete(key)));
    for (const removal of removals) {
      if (removal.status === 'rejected') this.logger.error(`resume file not removed (the sweeper retries): ${loggableError(removal.reason)}`);
    }
    const counts: PurgeCounts = { ...rows, resumes: removals.filter((removal) => removal.status === 'fulfilled').length };
    // After the files, to count them; the system acts, not an admin (also when an admin runs the CLI).
    await this.audit.record('retention.purged', null, { ...counts }, { admin: null });
    return counts;
  }
}
