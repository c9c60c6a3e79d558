import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';

/**
 * Adds entries to the Fastify route `config` of a handler. Nest's own @RouteConfig replaces the whole object, so a
 * route with a body limit and a rate limit would keep only one of them; this merges them.
 */
export function RouteOptions(options: Record<string, unknown>): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const existing = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as Record<string, unknown>;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...existing, ...options }, handler);
    return descriptor;
  };
}
