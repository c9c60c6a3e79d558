import type { FastifyInstance } from 'fastify';
import { RouteOptions } from './route-options';

/** Ordinary JSON bodies stay small; only the apply route (a base64 resume) may be larger (APPLY_BODY_LIMIT_BYTES). */
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;

/** Gives one route a body limit other than the server's default (Fastify's per-route `bodyLimit`). */
export const BodyLimit = (bytes: number) => RouteOptions({ bodyLimit: bytes });

/**
 * Nest hands a handler's route config to Fastify as the route's `config`; this copies `config.bodyLimit` to the
 * route's own `bodyLimit`, which Fastify enforces (413) before parsing the body. Call before app.init().
 */
export function applyRouteBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}
