import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
  /** Compressed once at start for text files (as nginx's gzip does in production). */
  gzipped?: Buffer;
  contentType: string;
  cacheControl: string;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;

/** Every file of a built app, keyed by URL path; dotfiles are never served. */
function indexFolder(root: string, urlPrefix: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const absolute = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(absolute);
      else if (entry.isFile()) {
        const relative = path.relative(root, absolute).split(path.sep).join('/');
        const extension = path.extname(entry.name).toLowerCase();
        const body = fs.readFileSync(absolute);
        const contentType = CONTENT_TYPES[extension] ?? 'application/octet-stream';
        const compress = COMPRESSIBLE.test(contentType) && body.length >= MIN_COMPRESS_BYTES;
        files.set(`${urlPrefix}/${relative}`, {
          body,
          gzipped: compress ? gzipSync(body, { level: 9 }) : undefined,
          contentType,
          // Vite puts content-hashed files under assets/; everything else may change between deploys.
          cacheControl: relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
      }
    }
  };
  walk(root);
  return files;
}

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile, status = 200): FastifyReply {
  reply.status(status).header('content-type', file.contentType).header('cache-control', file.cacheControl);
  if (!file.gzipped) return reply.send(file.body);
  reply.header('vary', 'Accept-Encoding');
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(file.body);
  return reply.header('content-encoding', 'gzip').send(file.gzipped);
}

/**
 * Serves the prerendered site at / and the admin app at /admin/ the way nginx does in production:
 * site: the exact file, else <path>/index.html, else 404.html with status 404;
 * admin: the exact file, else the app's index.html (client-side routes).
 */
export function registerStaticFiles(
  fastify: FastifyInstance,
  options: { siteDistDir?: string; adminDistDir?: string },
): void {
  const site = options.siteDistDir ? indexFolder(options.siteDistDir, '') : new Map<string, StaticFile>();
  const admin = options.adminDistDir ? indexFolder(options.adminDistDir, '/admin') : new Map<string, StaticFile>();
  if (site.size === 0 && admin.size === 0) return;

  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const urlPath = decodeURIComponentSafe(request.url.split('?')[0]);
    if (urlPath === null || urlPath.startsWith('/api/') || urlPath === '/api') return;

    if (urlPath === '/admin') return reply.redirect('/admin/', 301);
    if (urlPath.startsWith('/admin/')) {
      const adminIndex = admin.get('/admin/index.html');
      if (!adminIndex) return;
      return send(request, reply, admin.get(urlPath) ?? adminIndex);
    }

    const trimmed = urlPath.endsWith('/') ? urlPath.slice(0, -1) : urlPath;
    const file = site.get(urlPath) ?? site.get(`${trimmed}/index.html`);
    if (file) return send(request, reply, file);
    const notFound = site.get('/404.html');
    if (notFound) return send(request, reply, notFound, 404);
  });
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
