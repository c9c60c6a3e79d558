import { formOfPage } from '@brightwave/common';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AttributionReader } from '../attribution/attribution-reader';
import { loggableError } from '../common/loggable-error';
import { PeriodicTask } from '../common/periodic-task';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AnalyticsRepository } from './analytics.repository';
import { BotVerdicts, USER_AGENT_READ_LENGTH } from './bot-verdicts';
import { countableOf, type ChannelReader, type Countable } from './collect-event';
import { PendingCounts } from './pending-counts';
import { SitePages } from './site-pages';
import { VisitorKeys } from './visitor-key';
import { utcDay, type VisitorLedger } from './visitor-ledger';

export const VISITOR_LEDGER = Symbol('VISITOR_LEDGER');

/** The time the analytics count by (the day of a report, the day of a visitor id's key): a provider, so a test can move it. */
@Injectable()
export class AnalyticsClock {
  now(): Date {
    return new Date();
  }
}

/** What a report's request says of its sender: used to count them, never kept. */
export interface ReportSender {
  address: string;
  userAgent: string | undefined;
  /** `DNT: 1` or `Sec-GPC: 1`: the browser asks not to be tracked, so the report is not counted. */
  optedOut: boolean;
}

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
  private readonly bots = new BotVerdicts();
  /** Reports answered whose count is under way (with Redis, a round trip): a write waits for them. */
  private readonly counting = new Set<Promise<void>>();
  private readonly readChannel: ChannelReader;
  private readonly keys: VisitorKeys;

  constructor(
    private readonly repository: AnalyticsRepository,
    @Inject(VISITOR_LEDGER) private readonly ledger: VisitorLedger,
    private readonly clock: AnalyticsClock,
    private readonly sitePages: SitePages,
    attribution: AttributionReader,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.readChannel = (report) => attribution.read(JSON.stringify(report));
    this.keys = new VisitorKeys(config.keys.analyticsVisitors);
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
    this.collect(request.body, {
      address: request.ip,
      userAgent: headers['user-agent'],
      optedOut: headers.dnt === '1' || headers['sec-gpc'] === '1',
    });
  }

  /**
   * Counts one report (in the background; flush() waits for it), or nothing: not when the browser opts out (DNT,
   * GPC), the sender is a bot or sends no user agent, or the report is not one the site sends (collect-event.ts). A
   * path the site does not serve counts as ANALYTICS_OTHER (SitePages).
   */
  collect(body: unknown, sender: ReportSender): void {
    const count = this.count(body, sender).catch((error: unknown) => this.logger.error(`a report was not counted: ${loggableError(error)}`));
    this.counting.add(count);
    void count.finally(() => this.counting.delete(count));
  }

  private async count(body: unknown, sender: ReportSender): Promise<void> {
    const userAgent = sender.userAgent?.slice(0, USER_AGENT_READ_LENGTH);
    if (sender.optedOut || !userAgent || this.bots.isBot(userAgent)) return;
    const reported = countableOf(body, this.readChannel);
    if (!reported) return;
    // The day it arrived, also when the ledger answers after midnight.
    const day = utcDay(this.clock.now());
    const event: Countable = reported.kind === 'view' ? await this.served(reported) : reported;
    const visitor = this.keys.visitorOf(day, sender.address, userAgent);
    this.pending.count(day, event, await this.ledger.record(day, visitor, event));
  }

  /** A view as counted: its page, or ANALYTICS_OTHER (which holds no form) when the site does not serve it. */
  private async served(view: Extract<Countable, { kind: 'view' }>): Promise<Countable> {
    const path = await this.sitePages.countedPath(view.path);
    return path === view.path ? view : { ...view, path, form: formOfPage(path) };
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
    // The visitors the tallies gained since their last claim, by any instance: counted once, by this write.
    batch.addVisitors(await this.ledger.claim(batch.tallies));
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
}
