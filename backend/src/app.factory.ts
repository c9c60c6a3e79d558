import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController, type FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { MESSAGES } from '@brightwave/common';
import { SwaggerModule } from '@nestjs/swagger';
import { buildApiDocument } from './api-docs/api-document';
import { AnalyticsCollector } from './analytics/analytics-collector';
import { registerBeaconShortcut } from './analytics/beacon-shortcut';
import { AppModule } from './app.module';
import { registerAuditContext } from './audit/audit-context';
import { applyRouteBodyLimits, DEFAULT_BODY_LIMIT_BYTES, readRefusedBodiesAway } from './common/body-limit';
import { registerCachedListShortcut } from './common/cached-list-shortcut';
import { answerFrameworkError } from './common/framework-errors';
import { registerMultipartUploads } from './common/multipart-upload';
import { answersNoContentOnRefusal, registerNoContentOnRefusal } from './common/no-content-on-refusal';
import { sendError } from './common/http-exception.filter';
import { RejectDeepNestingPipe } from './common/reject-deep-nesting.pipe';
import { RejectUnstorableTextPipe } from './common/reject-unstorable-text.pipe';
import { registerSecurityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation';
import { AppConfig } from './config/app-config';
import { PRESSURE_RETRY_AFTER_SECONDS, PRESSURE_SAMPLE_INTERVAL_MS } from './config/operations';
import { Readiness } from './health/readiness';
import { registerAccessLog } from './logging/access-log';
import { JsonLogger } from './logging/json-logger';
import { Metrics, registerHttpMetrics } from './metrics/metrics';
import { registerMetricsRoute } from './metrics/metrics-endpoint';
import { createRateLimitStorage, registerAddressRateLimits } from './rate-limit/rate-limit';
import { JobsService } from './jobs/jobs.service';
import { PortfolioService } from './portfolio/portfolio.service';
import { hasSiteServerEntry, registerRenderedPages, type RenderedPages } from './static/rendered-pages';
import { FormQuestionsRepository } from './forms/form-questions.repository';
import { ContentService } from './content/content.service';
import { registerStaticFiles } from './static/static-files';
import { RedirectsService } from './redirects/redirects.service';
import { SearchService } from './search/search.service';
import { BookingService } from './booking/booking.service';

/**
 * `npm start` serves visitors with no nginx in front: a client that sends its headers or its body very slowly
 * must not hold a connection for ever. Headers within 15 s, the whole request (a 7 MB application) within 2 min.
 */
const HEADERS_TIMEOUT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 120_000;
function limitSlowClients(server: Server): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
}

export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const logger = new JsonLogger(config.logLevel);
  const adapter = new FastifyAdapter({
    trustProxy: config.server.trustProxy,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    genReqId: (request: IncomingMessage) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    loggerInstance: logger.pino,
    // registerAccessLog writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    forceCloseConnections: 'idle',
  });

  const rateLimitStorage = createRateLimitStorage(config);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, rateLimitStorage), adapter, {
    logger,
    // Nest's parsers would add application/x-www-form-urlencoded, which any other site can post cross-origin
    // without a preflight. Fastify's own JSON parser stays; every other body type is answered 415.
    bodyParser: false,
    // Throw start-up errors to the caller (main prints them; tests see them) instead of exiting here.
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  const metrics = app.get(Metrics);
  registerAccessLog(fastify);
  registerHttpMetrics(fastify, metrics);
  // Overload: a 503 with Retry-After at once instead of a queue that grows without bound (README, "Metrics, health
  // and readiness"). Routes with PASS_UNDER_PRESSURE (liveness, metrics) are still answered, and so are the apps'
  // scripts, stylesheets, fonts and pictures: they are sent from memory, and a page refused one of them stays broken
  // (a browser does not fetch again a module that failed), as a site page that never hydrates. Known once the apps'
  // files are indexed (registerStaticFiles, below).
  let isAppSubresource: (request: FastifyRequest) => boolean = () => false;
  await fastify.register(underPressure, {
    maxEventLoopDelay: config.pressure.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.pressure.maxHeapUsedBytes,
    maxRssBytes: config.pressure.maxRssBytes,
    sampleInterval: PRESSURE_SAMPLE_INTERVAL_MS,
    exposeStatusRoute: false,
    pressureHandler: async (request, reply) => {
      if (isAppSubresource(request)) return;
      if (answersNoContentOnRefusal(request)) reply.code(204).send();
      else sendError(reply, 503, { success: false, message: MESSAGES.overloaded }, PRESSURE_RETRY_AFTER_SECONDS);
    },
  });
  if (config.metrics.token) registerMetricsRoute(fastify, metrics, config.metrics.token);
  registerAuditContext(fastify);
  // Before app.init() registers the routes: the apply route's @BodyLimit must reach Fastify.
  applyRouteBodyLimits(fastify);
  registerNoContentOnRefusal(fastify);
  registerBeaconShortcut(fastify, app.get(AnalyticsCollector));
  registerMultipartUploads(fastify);
  readRefusedBodiesAway(fastify, config.timings.refusedBodyReadMs);
  registerAddressRateLimits(fastify, rateLimitStorage, config);

  // The API speaks JSON only; Fastify's built-in text/plain parser would hand strings to the DTOs.
  fastify.removeContentTypeParser('text/plain');
  registerSecurityHeaders(fastify, { hsts: config.isProduction });
  const siteSsrDir = config.apps.siteSsrDir && hasSiteServerEntry(config.apps.siteSsrDir) ? config.apps.siteSsrDir : undefined;
  // The static files' hook also answers the rendered pages from their cache (as cheaply as a file); the pages' routes,
  // registered below, need sendSiteFile from it, so their cache is bound once they exist.
  let renderedPages: RenderedPages | undefined;
  const redirects = app.get(RedirectsService);
  const staticFiles = registerStaticFiles(fastify, {
    siteDistDir: config.apps.siteDistDir,
    adminDistDir: config.apps.adminDistDir,
    renderedPages: siteSsrDir
      ? {
          isRenderedPath: (urlPath) => renderedPages?.isRenderedPath(urlPath) ?? false,
          answerFromCache: (request, reply, urlPath) => renderedPages?.answerFromCache(request, reply, urlPath) ?? false,
          sendNotFound: (request, reply, urlPath) => renderedPages?.sendNotFound(request, reply, urlPath) ?? false,
        }
      : undefined,
    redirects: { fresh: () => redirects.freshRedirects(), load: () => redirects.redirects() },
  });
  const { sendSiteFile } = staticFiles;
  isAppSubresource = staticFiles.isAppSubresource;
  const jobs = app.get(JobsService);
  const portfolio = app.get(PortfolioService);
  const content = app.get(ContentService);
  const search = app.get(SearchService);
  const formQuestions = app.get(FormQuestionsRepository);
  const booking = app.get(BookingService);
  registerCachedListShortcut(
    fastify,
    new Map<string, () => Buffer | undefined>([
      ['/api/jobs', () => jobs.freshPublicListJson()],
      ['/api/portfolio', () => portfolio.freshListJson()],
    ]),
  );
  if (siteSsrDir) {
    renderedPages = registerRenderedPages(fastify, {
      ssrDir: siteSsrDir,
      portfolioJson: () => portfolio.listJson(),
      jobsJson: () => jobs.publicListJson(),
      jobPage: (slug) => jobs.jobPage(slug),
      freshJobsJson: () => jobs.freshPublicListJson(),
      freshPortfolioJson: () => portfolio.freshListJson(),
      content: () => content.publishedContent(),
      freshContent: () => content.freshPublishedContent(),
      previewContent: (key, token) => content.previewContent(key, token),
      previewBuiltPage: (id, token) => content.previewBuiltPage(id, token),
      previewCaseStudy: (id, token) => content.previewCaseStudy(id, token),
      previewPost: (id, token) => content.previewPost(id, token),
      sendSiteFile,
      countRender: (page) => metrics.countRender(page),
      search: (query) => search.search(query),
      formQuestions: (form) => formQuestions.questionsOf(form),
      bookingDetails: (token) => booking.details(token),
    });
  } else if (config.apps.siteSsrDir) {
    logger.warn(`${config.apps.siteSsrDir} holds no built server entry: /portfolio is the prerendered page and job pages are not served (npm run build)`);
  }

  // Text PostgreSQL cannot store (NUL, half a surrogate pair) first, then nesting too deep to validate.
  app.useGlobalPipes(new RejectUnstorableTextPipe(), new RejectDeepNestingPipe(), createValidationPipe());
  app.enableCors({
    origin: config.server.corsOrigins.length > 0 ? config.server.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  // process.exit after the drain (instead of re-raising the signal) fires 'exit', where pino flushes the logs.
  app.enableShutdownHooks(undefined, { useProcessExit: true });
  limitSlowClients(app.getHttpServer());

  if (config.server.apiDocs) SwaggerModule.setup('api/docs', app, buildApiDocument(app));

  await app.init();
  app.get(Readiness).started();
  return app;
}
