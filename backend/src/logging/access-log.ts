import type { FastifyInstance } from 'fastify';

/**
 * One line per answered request (Fastify's own two lines per request are off): method, URL, status and time,
 * with the request id Fastify binds to `request.log`. At a level above info this is a no-op call.
 */
export function registerAccessLog(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}
