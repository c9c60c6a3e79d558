import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CACHE_CONTROL, MEDIA_BASE } from '@brightwave/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_ONLY_HEADERS } from '../common/security-headers';
import { METRICS_PATH } from '../metrics/metrics-endpoint';
import { redirectLocation, type RedirectMap } from '../redirects/redirects.service';
import { SSO_PAGE_PATHS } from '../sso/sso-paths';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

interface StaticFile {
  body: Buffer;
  /** A script, stylesheet, font or raster image: never a document, so the document-only headers are left out. */
  subresource: boolean;
  /** The build's precompressed copy (<file>.br, written by scripts/precompress.mjs). */
  brotli?: Buffer;
  /** The build's <file>.gz, else compressed once at start for text files (as nginx's gzip does). */
  gzipped?: Buffer;
  contentType: string;
  cacheControl: string;
}

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;
const PRECOMPRESSED = /\.(?:br|gz)$/;
// SVG stays out: opened on its own it is a document that can run script.
const SUBRESOURCE = /^(?:text\/(?:javascript|css)|font\/|image\/(?:png|jpeg|webp|avif|x-icon))/;

function readIfFile(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Every file of a built app, read once into memory and keyed by URL path, with its precompressed copies;
 * dotfiles are never served, and <file>.br / <file>.gz are not pages of their own.
 */
function indexFolder(root: string, urlPrefix: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    const names = new Set(entries.map((entry) => entry.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      if (PRECOMPRESSED.test(entry.name) && names.has(entry.name.slice(0, -3))) continue;
      const absolute = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(absolute);
      else if (entry.isFile()) {
        const relative = path.relative(root, absolute).split(path.sep).join('/');
        const extension = path.extname(entry.name).toLowerCase();
        const body = fs.readFileSync(absolute);
        const contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream';
        const compress = COMPRESSIBLE.test(contentType) && body.length >= MIN_COMPRESS_BYTES;
        const brotli = names.has(`${entry.name}.br`) ? readIfFile(`${absolute}.br`) : undefined;
        const gzipped = names.has(`${entry.name}.gz`) ? readIfFile(`${absolute}.gz`) : undefined;
        files.set(`${urlPrefix}/${relative}`, {
          body,
          subresource: SUBRESOURCE.test(contentType),
          brotli,
          gzipped: gzipped ?? (compress ? gzipSync(body, { level: 9 }) : undefined),
          contentType,
          // Vite puts content-hashed files under assets/; everything else may change between deploys.
          cacheControl: relative.startsWith('assets/') ? CACHE_CONTROL.hashedAsset : CACHE_CONTROL.revalidate,
        });
      }
    }
  };
  walk(root);
  return files;
}

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encodings an Accept-Encoding header allows (`br;q=0` refuses brotli). Browsers send one of a handful of
 * values, so the answer is remembered per header value.
 */
const acceptedCache = new Map<string, { br: boolean; gzip: boolean }>();
function acceptedEncodings(header: string): { br: boolean; gzip: boolean } {
  let accepted = acceptedCache.get(header);
  if (accepted) return accepted;
  accepted = { br: false, gzip: false };
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...parameters] = part.split(';').map((value) => value.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (quality && !(Number(quality.slice(2)) > 0)) continue;
    if (token === 'br' || token === '*') accepted.br = true;
    if (token === 'gzip' || token === '*') accepted.gzip = true;
  }
  if (acceptedCache.size < 64) acceptedCache.set(header, accepted);
  return accepted;
}

/** The smallest copy the client accepts: brotli, gzip, or the bytes as they are. */
export function chooseEncoding(request: FastifyRequest, file: Pick<StaticFile, 'brotli' | 'gzipped'>): Encoding {
  const header = request.headers['accept-encoding'];
  if (!header) return 'identity';
  const accepted = acceptedEncodings(String(header));
  if (file.brotli && accepted.br) return 'br';
  if (file.gzipped && accepted.gzip) return 'gzip';
  return 'identity';
}

const subresourceAnswers = new WeakSet<FastifyReply>();

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile, status = 200): FastifyReply {
  if (file.subresource) subresourceAnswers.add(reply);
  reply.status(status).header('content-type', file.contentType).header('cache-control', file.cacheControl);
  if (!file.gzipped && !file.brotli) return reply.send(file.body);
  reply.header('vary', 'Accept-Encoding');
  const encoding = chooseEncoding(request, file);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(file.brotli);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(file.gzipped);
  return reply.send(file.body);
}

/** Answers a rendered page from its cache (true), or leaves the request to the page's route (false). */
export interface RenderedPagesCache {
  answerFromCache(request: FastifyRequest, reply: FastifyReply, urlPath: string): boolean;
  /**
   * Answers a path that no file has: a page built from blocks there, or the site's 404 page with the published content
   * (true once it took the request over).
   */
  sendNotFound(request: FastifyRequest, reply: FastifyReply, urlPath: string): boolean;
}

/**
 * Serves the prerendered site at / and the admin app at /admin/ the way nginx does in production:
 * site: the exact file, else <path>/index.html, else 404.html with status 404;
 * admin: the exact file, else the app's index.html (client-side routes).
 */
export function registerStaticFiles(
  fastify: FastifyInstance,
  options: {
    siteDistDir?: string;
    adminDistDir?: string;
    /**
     * The pages rendered at request time (rendered-pages.ts): their paths are answered by their routes, not by a
     * prerendered file, unless their cache answers here first.
     */
    renderedPages?: { isRenderedPath: (urlPath: string) => boolean } & RenderedPagesCache;
    /**
     * The redirects (RedirectsService): applied before any file, cache or page answers; the map while it is fresh,
     * else undefined, and the map after a look in the database.
     */
    redirects?: { fresh: () => RedirectMap | undefined; load: () => Promise<RedirectMap> };
  },
): {
  sendSiteFile: (request: FastifyRequest, reply: FastifyReply, urlPath: string, status?: number) => boolean;
  isAppSubresource: (request: FastifyRequest) => boolean;
} {
  const site = options.siteDistDir ? indexFolder(options.siteDistDir, '') : new Map<string, StaticFile>();
  const admin = options.adminDistDir ? indexFolder(options.adminDistDir, '/admin') : new Map<string, StaticFile>();
  /** Sends one file of the site as it is; false when the site has no such file (or is not served). */
  const sendSiteFile = (request: FastifyRequest, reply: FastifyReply, urlPath: string, status = 200): boolean => {
    const file = site.get(urlPath);
    if (file) send(request, reply, file, status);
    return file !== undefined;
  };
  /** Whether a GET or HEAD asks for one of the apps' scripts, stylesheets, fonts or pictures (a file, not a page). */
  const isAppSubresource = (request: FastifyRequest): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const urlPath = decodeURIComponentSafe(pathPartOf(request.url));
    return urlPath !== null && (site.get(urlPath) ?? admin.get(urlPath))?.subresource === true;
  };
  // Behind nginx an instance serves no files, but still answers the pages nginx passes on (the 404 page too) and
  // applies the redirects.
  if (site.size === 0 && admin.size === 0 && !options.renderedPages && !options.redirects) return { sendSiteFile, isAppSubresource };

  // A callback hook, not an async one: every API request passes here, and a promise per request costs
  // measurable throughput (bench:api). Only a page request while the redirects are not in memory waits for them.
  fastify.addHook('onRequest', (request, reply, done) => {
    const answered = serveStatic(request, reply);
    if (answered === 'load-redirects') {
      options.redirects?.load().then(
        () => {
          if (serveStatic(request, reply) !== true) done();
        },
        // Without the database the site's pages still answer (from their prerendered copies); nothing is redirected.
        (error: unknown) => {
          request.log.warn({ err: error }, 'the redirects could not be loaded');
          if (serveStatic(request, reply, new Map()) !== true) done();
        },
      );
      return;
    }
    if (!answered) done();
  });

  /**
   * Answers the request from the built apps (true); false when it is not theirs (the API, or a POST);
   * 'load-redirects' when the redirects must be looked up first.
   */
  function serveStatic(request: FastifyRequest, reply: FastifyReply, redirectMap = options.redirects?.fresh()): boolean | 'load-redirects' {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathPart = pathPartOf(request.url);
    const query = request.url.slice(pathPart.length + 1);
    const urlPath = decodeURIComponentSafe(pathPart);
    // The API, the uploaded pictures and the metrics (when METRICS_TOKEN serves them on this port) are routes, not files.
    if (urlPath === null || urlPath.startsWith('/api/') || urlPath === '/api' || urlPath.startsWith(MEDIA_BASE) || urlPath === METRICS_PATH) return false;
    // Single sign-on's start and callback: the backend's pages under the admin app's path.
    if (SSO_PAGE_PATHS.includes(urlPath)) return false;
    if (options.redirects) {
      if (!redirectMap) return 'load-redirects';
      const redirect = redirectMap.get(urlPath.length > 1 && urlPath.endsWith('/') ? urlPath.slice(0, -1) : urlPath);
      if (redirect) {
        reply.redirect(redirectLocation(redirect.to, query), redirect.status);
        return true;
      }
    }
    if (site.size === 0 && admin.size === 0 && !options.renderedPages) return false;
    if (options.renderedPages?.isRenderedPath(urlPath)) return options.renderedPages.answerFromCache(request, reply, urlPath);

    if (urlPath === '/admin') {
      reply.redirect('/admin/', 301);
      return true;
    }
    if (urlPath.startsWith('/admin/')) {
      const adminIndex = admin.get('/admin/index.html');
      if (!adminIndex) return false;
      send(request, reply, admin.get(urlPath) ?? adminIndex);
      return true;
    }

    const trimmed = urlPath.endsWith('/') ? urlPath.slice(0, -1) : urlPath;
    const file = site.get(urlPath) ?? site.get(`${trimmed}/index.html`);
    if (file) {
      send(request, reply, file);
      return true;
    }
    if (options.renderedPages?.sendNotFound(request, reply, urlPath)) return true;
    const notFound = site.get('/404.html');
    if (!notFound) return false;
    send(request, reply, notFound, 404);
    return true;
  }

  // After registerSecurityHeaders' hook: every byte counts on the first load of a slow phone.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (subresourceAnswers.has(reply)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    done(null, payload);
  });
  return { sendSiteFile, isAppSubresource };
}

/** A request URL's path, before its query. */
function pathPartOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
