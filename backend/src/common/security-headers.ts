import { SECURITY_HEADERS_ALWAYS, SECURITY_HEADERS_DOCUMENT, STRICT_TRANSPORT_SECURITY } from '@brightwave/common';
import type { FastifyInstance } from 'fastify';

const lowerCased = (headers: Readonly<Record<string, string>>) => Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value] as const);
const ALWAYS = lowerCased(SECURITY_HEADERS_ALWAYS);
const DOCUMENT = lowerCased(SECURITY_HEADERS_DOCUMENT);

/** Names of the headers a script, stylesheet, font or image answer goes without (see static-files.ts). */
export const DOCUMENT_ONLY_HEADERS = DOCUMENT.map(([name]) => name);

/** The policy of packages/common (http-headers.ts) on every answer, as nginx sends it in production. */
export function registerSecurityHeaders(fastify: FastifyInstance, options: { hsts: boolean }): void {
  // A callback hook: an async one costs a promise on every answer.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of ALWAYS) reply.header(name, value);
    for (const [name, value] of DOCUMENT) {
      // The API documentation page (development only by default) needs swagger-ui's inline script.
      if (name === 'content-security-policy' && request.url.startsWith('/api/docs')) continue;
      reply.header(name, value);
    }
    if (options.hsts) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done(null, payload);
  });
}
