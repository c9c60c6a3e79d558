import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { AttributionReader } from '../attribution/attribution-reader';
import { loggableError } from '../common/loggable-error';
import { PeriodicTask } from '../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AnalyticsRepository } from './analytics.repository';
import { countableOf, type ChannelReader } from './collect-event';
import { PendingCounts } from './pending-counts';
import { utcDay, type VisitorLedger } from './visitor-ledger';

export const VISITOR_LEDGER = Symbol('VISITOR_LEDGER');

/** The time the analytics count by (the day of a report, the day a salt lives): a provider, so a test can move it. */
@Injectable()
export class AnalyticsClock {
  now(): Date {
    return new Date();
  }
}

/** What a report's request says of its sender: used to count them, never kept. */
interface ReportSender {
  address: string;
  userAgent: string | undefined;
  /** `DNT: 1` or `Sec-GPC: 1`: the browser asks not to be tracked, so the report is not counted. */
  optedOut: boolean;
}

/** The user agents already looked up (isbot runs one large pattern, 3 to 6 µs): a few thousand cover a day's browsers. */
const BOT_VERDICTS_MAX = 10_000;

/**
 * Counts the site's reports (POST /api/collect) in memory and writes them every ANALYTICS_FLUSH_SECONDS, one upsert
 * per table, so a report costs no database round trip; a stop writes what is left first. A crash loses at most the
 * counts of one interval, and a write that fails keeps them for the next (analytics are best effort; the rule that
 * nothing acknowledged is lost is about submissions).
 */
@Injectable()
export class AnalyticsCollector implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Analytics');
  private readonly schedule: PeriodicTask;
  private pending = new PendingCounts();
  private writing: Promise<void> = Promise.resolve();
  private failing = false;
  private readonly botVerdicts = new Map<string, boolean>();
  /** Reports answered whose count is under way (with Redis, a round trip): a write waits for them. */
  private readonly counting = new Set<Promise<void>>();
  private readonly readChannel: ChannelReader;

  constructor(
    private readonly repository: AnalyticsRepository,
    @Inject(VISITOR_LEDGER) private readonly ledger: VisitorLedger,
    private readonly clock: AnalyticsClock,
    attribution: AttributionReader,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.readChannel = (report) => attribution.read(JSON.stringify(report));
    this.schedule = new PeriodicTask(this.logger, {
      name: 'analytics flush',
      firstRunAfterMs: config.timings.analyticsFlushMs,
      everyMs: config.timings.analyticsFlushMs,
      run: () => this.flush(),
    });
  }

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.schedule.stop();
    await this.flush();
  }

  onApplicationShutdown(): void {
    this.ledger.close();
  }

  /** Counts the report of a request to COLLECT_PATH, after its answer (a beacon waits for nothing); never throws. */
  collectFrom(request: FastifyRequest): void {
    const { headers } = request;
    const count = this.collect(request.body, {
      address: request.ip,
      userAgent: headers['user-agent'],
      optedOut: headers.dnt === '1' || headers['sec-gpc'] === '1',
    }).catch((error: unknown) => this.logger.error(`a report was not counted: ${loggableError(error)}`));
    this.counting.add(count);
    void count.finally(() => this.counting.delete(count));
  }

  /**
   * Counts one report, or nothing: not when the browser opts out (DNT, GPC), the sender is a bot or sends no user
   * agent, or the report is not one the site sends (collect-event.ts).
   */
  private async collect(body: unknown, sender: ReportSender): Promise<void> {
    if (sender.optedOut || !sender.userAgent || this.isBot(sender.userAgent)) return;
    const event = countableOf(body, this.readChannel);
    if (!event) return;
    // The day it arrived, also when the ledger answers after midnight.
    const day = utcDay(this.clock.now());
    this.pending.count(day, event, await this.ledger.record(day, sender.address, sender.userAgent, event));
  }

  /**
   * Writes what was counted since the last write, once the counts under way are done (one write at a time); on failure
   * the counts wait for the next.
   */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      await Promise.all(this.counting);
      await this.write();
    });
    return this.writing;
  }

  private async write(): Promise<void> {
    if (this.pending.isEmpty) return;
    const batch = this.pending;
    this.pending = new PendingCounts();
    if (batch.overflowed) this.logger.warn('more distinct pages and channels than an interval may hold: some reports were not counted');
    try {
      await this.repository.add(batch);
      if (this.failing) this.logger.warn('the analytics counts are written again');
      this.failing = false;
    } catch (error) {
      // Given back, to be written with the next: a database outage costs no counts, memory stays bounded (PENDING_ROWS_MAX).
      batch.merge(this.pending);
      this.pending = batch;
      if (!this.failing) this.logger.error(`the analytics counts could not be written, kept in memory for the next try: ${loggableError(error)}`);
      this.failing = true;
    }
  }

  private isBot(userAgent: string): boolean {
    let verdict = this.botVerdicts.get(userAgent);
    if (verdict === undefined) {
      if (this.botVerdicts.size >= BOT_VERDICTS_MAX) this.botVerdicts.clear();
      verdict = isbot(userAgent);
      this.botVerdicts.set(userAgent, verdict);
    }
    return verdict;
  }
}
