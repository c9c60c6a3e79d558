import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { APPLY_BODY_LIMIT_BYTES, applyRouteBodyLimits, DEFAULT_BODY_LIMIT_BYTES } from './common/body-limit';
import { RejectNulCharactersPipe } from './common/reject-nul-characters.pipe';
import { registerSecurityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation';
import { AppConfig } from './config/app-config';
import { JsonLogger } from './logging/json-logger';
import { registerStaticFiles } from './static/static-files';

// Defined beside the route decorator: the jobs controller needs them while this file is still loading.
export { APPLY_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES };

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
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger,
    // Throw start-up errors to the caller (main prints them; tests see them) instead of exiting here.
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // Before app.init() registers the routes: the apply route's @BodyLimit must reach Fastify.
  applyRouteBodyLimits(fastify);

  // The API speaks JSON only; Fastify's built-in text/plain parser would hand strings to the DTOs.
  fastify.removeContentTypeParser('text/plain');
  registerSecurityHeaders(fastify, { hsts: config.isProduction });
  registerStaticFiles(fastify, { siteDistDir: config.siteDistDir, adminDistDir: config.adminDistDir });

  // NUL characters first: PostgreSQL text cannot hold them, so they are refused before anything else.
  app.useGlobalPipes(new RejectNulCharactersPipe(), createValidationPipe());
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
