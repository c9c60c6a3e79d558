import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@brightwave/common';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../common/http-exception.filter';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

/** Route config that lets a request through @fastify/under-pressure: watching an overloaded instance must work. */
export const PASS_UNDER_PRESSURE = { pressureHandler: () => undefined };

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `Authorization` carries the token; digests of equal length, compared in constant time. */
function carriesToken(authorization: string | undefined, token: string): boolean {
  const carried = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  return carried !== undefined && timingSafeEqual(digest(carried), digest(token));
}

/** GET /metrics on the main port, for `Authorization: Bearer <METRICS_TOKEN>` only. Call before app.init(). */
export function registerMetricsRoute(fastify: FastifyInstance, metrics: Metrics, token: string): void {
  fastify.get(METRICS_PATH, { config: PASS_UNDER_PRESSURE }, async (request, reply) => {
    if (!carriesToken(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return sendError(reply, 401, { success: false, message: MESSAGES.notAuthorized });
    }
    reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

/**
 * GET /metrics on a plain HTTP listener of its own (METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says otherwise):
 * nothing else is served there, and nginx never reaches it.
 */
@Injectable()
export class MetricsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const listen = this.config.metrics.listen;
    if (!listen) return;
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || new URL(request.url ?? '/', 'http://metrics').pathname !== METRICS_PATH) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
        return;
      }
      this.metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'Content-Type': this.metrics.registry.contentType }).end(text),
        (error: unknown) => {
          this.logger.error(`Could not collect the metrics: ${error instanceof Error ? error.message : String(error)}`);
          response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Could not collect the metrics\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listen.port, listen.host, resolve);
    });
    this.server = server;
    const { address, port } = server.address() as AddressInfo;
    this.logger.log(`Metrics at http://${address}:${port}${METRICS_PATH}`);
  }

  /** Where the listener is (METRICS_PORT=0 takes any free port); undefined without one. */
  address(): AddressInfo | undefined {
    return (this.server?.address() as AddressInfo | null) ?? undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
