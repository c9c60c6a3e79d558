import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
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

/**
 * A request answered before its body was read (429 over a per-address limit, 413 too large, 415, 503 under
 * overload…): the rest of its body is read and thrown away after the answer, as nginx's lingering close does, and
 * the connection then serves the client's next request. A connection closed at once (`Connection: close`), while the
 * client was still sending, was reset under it: the client (a browser, Node's fetch: EPIPE) saw a network error
 * instead of the answer. Clients that read an early answer stop sending; for the others it stays bounded, unlike
 * Node's own reading of an unread body: at most the route's body limit is read, for at most `maxReadMs`
 * (REFUSED_BODY_READ_SECONDS),
 * then the connection is cut. Call before app.init().
 */
export function readRefusedBodiesAway(fastify: FastifyInstance, maxReadMs: number): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    // Only for a request that came over a connection (not one injected in-process, which has none).
    if (!raw.complete && !raw.destroyed && raw.socket instanceof Socket) {
      // Fastify marks a body it refuses (413) `Connection: close`, and Node closes such a connection the moment the
      // answer is written, unread body and all.
      reply.removeHeader('connection');
      discardRest(raw, request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES, maxReadMs);
    }
    done(null, payload);
  });
}

function discardRest(raw: IncomingMessage, maxBytes: number, maxReadMs: number): void {
  let received = 0;
  // Destroying a request whose body is incomplete destroys its connection.
  const cutOff = () => raw.destroy();
  const timer = setTimeout(cutOff, maxReadMs).unref();
  raw.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes) cutOff();
  });
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}
