import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicTask } from '../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ContentService } from './content.service';

/** A claimed schedule is taken over by another instance after this, if the claiming one died mid-publish. */
const SCHEDULE_LEASE_MS = 30_000;

/**
 * Publishes the scheduled content that is due: every instance looks every CONTENT_SCHEDULE_POLL_SECONDS (10 s by
 * default), and the claim makes each schedule run once (docs/decisions/053-content-drafts-and-scheduling.md).
 */
@Injectable()
export class ContentScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ContentScheduler.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly content: ContentService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.task = new PeriodicTask(this.logger, {
      name: 'scheduled content publishing',
      firstRunAfterMs: 0,
      everyMs: config.timings.contentSchedulePollMs,
      run: async () => {
        const published = await this.content.runDueSchedules(SCHEDULE_LEASE_MS);
        if (published > 0) this.logger.log(`${published} scheduled content publish(es) ran`);
      },
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
