import type { FastifyInstance } from 'fastify';
import { JSON_CONTENT_TYPE } from './answer';

/**
 * The public lists answered from their cache in an onRequest hook, before Nest's router, guard and handler: the
 * busiest calls of the site then cost what a static file does (bench:api; README, "Memory" and "Tests and
 * measurements"). Hooks registered earlier (overload, metrics, access log, address limits, CORS) and every onSend
 * hook (security headers) still apply; test/cached-lists.e2e-spec.ts checks that the answers cannot be told apart.
 * A cold cache and a HEAD take the route as before; the controllers stay the one definition of these calls.
 */
export function registerCachedListShortcut(fastify: FastifyInstance, freshAnswers: ReadonlyMap<string, () => Buffer | undefined>): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const body = freshAnswers.get(request.routeOptions.url ?? '')?.();
    if (!body) return done();
    reply.header('content-type', JSON_CONTENT_TYPE).send(body);
  });
}
