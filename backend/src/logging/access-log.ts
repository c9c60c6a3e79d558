import type { FastifyInstance } from 'fastify';

/** A parameter name as our routes use them; anything else is shown as `…` (a value may be sent as a name). */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

/**
 * The path and the names of the query's parameters, never their values: a search (`?q=`) may hold a visitor's
 * address or name, and the log is kept and shipped elsewhere.
 */
export function loggableUrl(url: string): { url: string; query?: string[] } {
  const at = url.indexOf('?');
  if (at < 0) return { url };
  const names = url
    .slice(at + 1)
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const [name = ''] = part.split('=', 1);
      return PLAIN_NAME.test(name) ? name : '…';
    });
  return names.length > 0 ? { url: url.slice(0, at), query: names } : { url: url.slice(0, at) };
}

/**
 * One line per answered request (Fastify's own two lines per request are off): method, path and query parameter
 * names, status and time, with the request id Fastify binds to `request.log`. At a level above info pino drops it.
 */
export function registerAccessLog(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, ...loggableUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    done();
  });
}
