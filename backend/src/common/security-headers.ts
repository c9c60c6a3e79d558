import type { FastifyInstance } from 'fastify';

/**
 * The same policy nginx sends in production: no inline script, no plugins, no framing of our pages;
 * the contact page embeds the OpenStreetMap map.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  'frame-src https://www.openstreetmap.org',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(fastify: FastifyInstance, options: { hsts: boolean }): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // The API documentation page (development only by default) needs swagger-ui's inline script.
    if (!request.url.startsWith('/api/docs')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (options.hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
