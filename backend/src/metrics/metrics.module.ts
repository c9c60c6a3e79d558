import { Inject, Injectable, Logger, Module } from '@nestjs/common';
import { Pool } from 'pg';
import { Gauge } from 'prom-client';
import { DATABASE, type Database } from '../database/database';
import { MetricsListener } from './metrics-endpoint';
import { Metrics } from './metrics';
import { MetricsRepository, type OutboxSummary } from './metrics.repository';

/**
 * Gauges read at scrape time, never per request: the PostgreSQL pool's connections (PGlite is one connection inside
 * the process: no pool to show) and the outbox (one statement per scrape for its three gauges).
 */
@Injectable()
class DatabaseGauges {
  private readonly logger = new Logger('Metrics');
  private scrape: Promise<OutboxSummary | undefined> | undefined;

  constructor(
    metrics: Metrics,
    @Inject(DATABASE) db: Database,
    private readonly repository: MetricsRepository,
  ) {
    const registers = [metrics.registry];
    const client: unknown = (db as { $client?: unknown }).$client;
    if (client instanceof Pool) {
      const pool = client;
      new Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL connections of the pool: busy (running a query) or idle',
        labelNames: ['state'] as const,
        registers,
        collect() {
          this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
          this.set({ state: 'idle' }, pool.idleCount);
        },
      });
      new Gauge({
        name: 'db_pool_max_connections',
        help: 'Size of the PostgreSQL pool',
        registers,
        collect() {
          this.set(pool.options.max);
        },
      });
      new Gauge({
        name: 'db_pool_waiting_requests',
        help: 'Queries waiting for a free connection of the pool',
        registers,
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }
    const outboxGauge = (name: string, help: string, read: (summary: OutboxSummary) => number) =>
      new Gauge({
        name,
        help,
        registers,
        // The three gauges of a scrape share one query; NaN when the database does not answer.
        collect: async function (this: Gauge) {
          const summary = await outbox();
          this.set(summary ? read(summary) : NaN);
        },
      });
    const outbox = () => (this.scrape ??= this.readOutbox().finally(() => (this.scrape = undefined)));
    outboxGauge('outbox_depth', 'Messages (mails, webhook calls) waiting to be sent or being sent', (s) => s.depth);
    outboxGauge('outbox_oldest_pending_age_seconds', 'Age of the oldest message waiting to be sent', (s) => s.oldestPendingSeconds);
    outboxGauge('outbox_failed', 'Messages that failed for good (Deliveries screen: retry them there)', (s) => s.failed);
  }

  private async readOutbox(): Promise<OutboxSummary | undefined> {
    try {
      return await this.repository.outboxSummary();
    } catch (error) {
      this.logger.warn(`Could not read the outbox for the metrics: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}

/** The registry and counters of this application: a module that counts its own events (the retention purge's failures) imports it. */
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}

/** What a scrape reads besides the counters: the database gauges, and the listener of METRICS_PORT. */
@Module({
  imports: [MetricsModule],
  providers: [MetricsRepository, DatabaseGauges, MetricsListener],
})
export class MetricsEndpointModule {}
