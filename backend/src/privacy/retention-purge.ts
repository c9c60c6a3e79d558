import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DrizzleQueryError } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AuditLog } from '../audit/audit-log';
import { ErasedCalls } from '../booking/erased-calls';
import { loggableError } from '../common/loggable-error';
import { PeriodicTask } from '../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { applicationRatings, auditEntries, confirmationQuota, contacts, deliveries, itemNotes, jobApplications, leads, meetings } from '../database/schema';
import { outboxDirOf, removeOutboxMailsOlderThan } from '../mail/dev-outbox';
import { Metrics } from '../metrics/metrics';
import { ResumeStorage } from '../storage/resume-storage';
import { DataScrub } from './data-scrub';
import { RetentionRepository, type PurgeCounts } from './retention.repository';
import { DAY_MS } from '@brightwave/common';

// Not at start: a restart loop must not purge again and again, and a start has enough to do.
const FIRST_PURGE_DELAY_MS = 5 * 60 * 1000;
const REASON_MAX_LENGTH = 300;

/** The tables whose rows hold personal data, by the count that says the purge deleted some (then they are scrubbed). */
const SCRUBBED: [keyof PurgeCounts, PgTable][] = [
  ['applications', jobApplications],
  ['leads', leads],
  ['spamLeads', leads],
  ['contacts', contacts],
  ['spamContacts', contacts],
  ['deliveries', deliveries],
  ['confirmationQuotas', confirmationQuota],
  ['audit', auditEntries],
  // Notes go with their items, ratings (their comments) with their applications, booked calls (the visitor's name
  // and address) with their leads and contact messages (foreign keys, on delete cascade).
  ['applications', itemNotes],
  ['leads', itemNotes],
  ['contacts', itemNotes],
  ['applications', applicationRatings],
  ['leads', meetings],
  ['contacts', meetings],
];

/** Why a round failed, in one line for the dashboard: the database's reason, never the statement or its values. */
function reasonOf(error: unknown): string {
  const cause = error instanceof DrizzleQueryError && error.cause ? error.cause : error;
  const text = cause instanceof Error ? cause.message : String(cause);
  const [firstLine = ''] = text.split('\n');
  return firstLine.slice(0, REASON_MAX_LENGTH);
}

/**
 * Removes personal data older than its retention period (config.retention): five minutes after start, then daily
 * (RETENTION_PURGE_INTERVAL_HOURS).
 * Several instances may run it; the one that takes the advisory lock purges, the others skip that round. Each round
 * that ran is recorded in the database (the dashboard of any instance warns while the last one failed) and a failed
 * one is counted in retention_purge_failures_total.
 */
@Injectable()
export class RetentionPurge implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RetentionPurge.name);
  private readonly schedule: PeriodicTask;

  constructor(
    private readonly repository: RetentionRepository,
    private readonly storage: ResumeStorage,
    private readonly audit: AuditLog,
    private readonly scrub: DataScrub,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly erasedCalls: ErasedCalls,
  ) {
    this.schedule = new PeriodicTask(this.logger, {
      name: 'retention purge',
      firstRunAfterMs: FIRST_PURGE_DELAY_MS,
      everyMs: config.timings.retentionPurgeIntervalMs,
      run: () => this.purge(),
    });
  }

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }

  /** Purges as of `now`; answers the counts, or undefined when another instance is purging. */
  async purge(now = new Date()): Promise<PurgeCounts | undefined> {
    try {
      const counts = await this.round(now);
      if (counts) await this.repository.recordRound();
      return counts;
    } catch (error) {
      this.metrics.countPurgeFailure();
      await this.repository
        .recordRound(reasonOf(error))
        .catch((recordError: unknown) => this.logger.error(`the failed purge could not be recorded: ${loggableError(recordError)}`));
      throw error;
    }
  }

  private async round(now: Date): Promise<PurgeCounts | undefined> {
    const purged = await this.repository.purge(this.config.retention, now, (tx, items) => this.erasedCalls.before(tx, items, now));
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
    // A mail of the development outbox is kept like a sent delivery's row.
    const outboxMails = await removeOutboxMailsOlderThan(outboxDirOf(this.config), new Date(now.getTime() - this.config.retention.deliveries * DAY_MS));
    const counts: PurgeCounts = { ...rows, resumes: removals.filter((removal) => removal.status === 'fulfilled').length, outboxMails };
    // After the files, to count them; the system acts, not an admin (also when an admin runs the CLI).
    await this.audit.record('retention.purged', null, { ...counts }, { admin: null });
    await this.scrub.after([...new Set(SCRUBBED.filter(([count]) => counts[count] > 0).map(([, table]) => table))]);
    return counts;
  }
}
