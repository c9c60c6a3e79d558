import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicTask } from '../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { WorkspaceService } from './workspace.service';

/**
 * Mails the reminders of follow-ups that came due: every instance looks every FOLLOW_UP_REMINDER_POLL_SECONDS (30 s
 * by default), and the claim in WorkspaceRepository.remindDue makes each reminder go out once.
 */
@Injectable()
export class FollowUpReminders implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(FollowUpReminders.name);
  private readonly task: PeriodicTask;

  constructor(workspace: WorkspaceService, @Inject(APP_CONFIG) config: AppConfig) {
    this.task = new PeriodicTask(this.logger, {
      name: 'follow-up reminders',
      firstRunAfterMs: 0,
      everyMs: config.timings.followUpReminderPollMs,
      run: async () => {
        const reminded = await workspace.remindDue();
        if (reminded > 0) this.logger.log(`${reminded} follow-up(s) came due`);
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
