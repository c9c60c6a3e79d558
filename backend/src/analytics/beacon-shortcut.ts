import { COLLECT_PATH } from '@brightwave/common';
import type { FastifyInstance } from 'fastify';
import type { AnalyticsCollector } from './analytics-collector';

/**
 * The beacon answered by Fastify in its route's preHandler, once the body is parsed, so Nest's router, guards and
 * parameter handling (none of which the route needs: no session, no DTO, no pipe) never run for the site's busiest
 * call: 1.4 to 1.5 times the req/s of the Nest handler, alternating on one machine (docs/features/analytics.md,
 * "Throughput"). The hooks before it (overload, metrics, access log, the address limit, body limit and parsing) and
 * the security headers still apply. CollectController stays the route's definition (the contract, the API document,
 * the route table) and does the same. Call before app.init().
 */
export function registerBeaconShortcut(fastify: FastifyInstance, collector: AnalyticsCollector): void {
  fastify.addHook('onRoute', (route) => {
    if (route.method !== 'POST' || route.url !== COLLECT_PATH) return;
    route.preHandler = (request, reply) => {
      collector.collectFrom(request);
      // Answered here: the handler does not run.
      void reply.code(204).send();
    };
  });
}
