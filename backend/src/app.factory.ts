import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { RESUME_MAX_BYTES } from '@brightwave/common';
import { AppModule } from './app.module';
import { toErrorResponse } from './common/http-exception.filter';
import { registerSecurityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation';
import { AppConfig } from './config/app-config';
import { JsonLogger } from './logging/json-logger';
import { registerStaticFiles } from './static/static-files';

/** Ordinary JSON bodies stay small; only the apply route (a base64 resume) may be larger. */
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;
// base64 grows data by 4/3; the rest of the application form is a few kilobytes.
export const APPLY_BODY_LIMIT_BYTES = Math.ceil((RESUME_MAX_BYTES * 4) / 3) + 64 * 1024;

export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const logger = new JsonLogger(config.logLevel);
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    genReqId: (request: IncomingMessage) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    loggerInstance: logger.pino,
    disableRequestLogging: config.logLevel === 'silent',
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger,
    bufferLogs: false,
  });
  const fastify = app.getHttpAdapter().getInstance();

  // Errors raised by Fastify before Nest sees the request (malformed JSON, too large) get the same envelope.
  const errorLogger = new Logger('Errors');
  fastify.setErrorHandler((error, _request, reply) => {
    const { status, body } = toErrorResponse(error, errorLogger);
    reply.status(status).send(body);
  });

  registerSecurityHeaders(fastify, { hsts: config.isProduction });
  registerStaticFiles(fastify, { siteDistDir: config.siteDistDir, adminDistDir: config.adminDistDir });

  app.useGlobalPipes(createValidationPipe());
  app.enableCors({
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  app.enableShutdownHooks();

  if (config.apiDocs) {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder().setTitle('Brightwave API').setVersion('1.0').addBearerAuth().build(),
    );
    SwaggerModule.setup('api/docs', app, document);
  }

  await app.init();
  return app;
}
