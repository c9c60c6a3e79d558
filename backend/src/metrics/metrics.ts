import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { HTTP_DURATION_BUCKETS_SECONDS } from '../config/operations';

/** The route label of requests that matched no route: raw URLs would give every probe a series of its own. */
export const UNMATCHED_ROUTE = 'unmatched';

interface RequestSeries {
  count: { inc(): void };
  duration: { observe(seconds: number): void };
  rateLimited: { inc(): void } | undefined;
}

/**
 * One registry per application (tests run several in one process): prom-client's default metrics (heap, event-loop
 * lag, GC, handles) and the request counters. Database and outbox gauges are added by MetricsModule.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of the answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_DURATION_BUCKETS_SECONDS,
    registers: [this.registry],
  });
  private readonly rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429 by the rate limits (per address or per account), by route pattern',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  /** The children of each label set, so a request costs a map look-up instead of prom-client's label checks. */
  private readonly series = new Map<string, RequestSeries>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let series = this.series.get(key);
    if (series === undefined) {
      series = {
        count: this.requests.labels(method, route, String(status)),
        duration: this.durations.labels(method, route, String(status)),
        // Every 429 of the API comes from a rate limit (rate-limit.ts: per address and per account).
        rateLimited: status === 429 ? this.rateLimitRejections.labels(route) : undefined,
      };
      this.series.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
    series.rateLimited?.inc();
  }
}

/** Counts every answered request under its route pattern (never the raw URL: ids would explode the series). */
export function registerHttpMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
