import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RouteOptions } from './route-options';

/**
 * A route whose sender reads no answer (the site's analytics beacon): whatever Fastify refuses before its handler runs
 * (a body over the route's limit, not JSON, malformed JSON) and an overload are answered 204 like the rest, with no
 * body, so a refusal tells a prober nothing and costs no more than an answer.
 */
export const NoContentOnRefusal = () => RouteOptions({ noContentOnRefusal: true });

/** Whether the request's route answers 204 to anything (NoContentOnRefusal). */
export function answersNoContentOnRefusal(request: FastifyRequest): boolean {
  return (request.routeOptions.config as { noContentOnRefusal?: unknown } | undefined)?.noContentOnRefusal === true;
}

/** Gives the routes marked NoContentOnRefusal an error handler of their own. Call before app.init(). */
export function registerNoContentOnRefusal(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if ((route.config as { noContentOnRefusal?: unknown } | undefined)?.noContentOnRefusal !== true) return;
    route.errorHandler = (_error, _request, reply) => {
      void reply.code(204).send();
    };
  });
}
